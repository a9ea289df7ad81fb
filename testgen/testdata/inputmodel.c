/* Goals whose unreachability would hold only for inka's input model (each
 * pointer input its own fresh object of --array-len elements, 3 levels
 * deep, grown to 8), not for every caller. None may be reported unreachable. */
struct node { int v; struct node *next; };
int g;
int *gp;

int far(int *p) { if (p[6] == 3) return 1; return 0; }

int deep(struct node *n)
{
    if (n && n->next && n->next->next && n->next->next->next && n->next->next->next->v == 7)
        return 1;
    return 0;
}

int alias(int *p, int *q)
{
    *p = 1;
    *q = 2;
    if (*p == 2)
        return 1;
    return 0;
}

int same(int *p, int *q) { if (p == q) return 1; return 0; }

int glob_alias(int *p)
{
    g = 1;
    *p = 2;
    if (g == 2)
        return 1;
    return 0;
}

int glob_null(void) { if (gp == 0) return 1; return *gp; }

int decl_len(int a[6], int k)
{
    int s = 0;
    for (int i = 0; i < 6; i++)
        s += a[i];
    if (s == 10 && k == a[5])
        return 1;
    return 0;
}

/* Read-only through one pointer: the proof holds for every caller. */
int read_only(int *p)
{
    int x = *p;
    if (x > 5 && x < 3)
        return 1;
    return 0;
}

/* counts the nodes of a list: nine are deeper than inka grows linked
 * inputs (8 levels) */
int count_nine(const struct node *n)
{
    int k = 0;
    for (; n; n = n->next)
        k++;
    if (k == 9)
        return 1;
    return 0;
}
