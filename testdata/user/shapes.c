/* Programs written to probe inka the way a user would: every answer is
 * replayed by gcc and every unreachable cross-checked (testgen/check_test.go). */
struct node { int v; struct node *next; };
int idx(int *p, int i)
{
    if (i >= 0 && i < 10 && p[i] == 3)
        return 1;
    return 0;
}
int far(int *p)
{
    if (p[6] == 3)
        return 1;
    return 0;
}
int deep(struct node *n)
{
    if (n && n->next && n->next->next && n->next->next->next && n->next->next->next->v == 7)
        return 1;
    return 0;
}
int gnull(void);
int *gp;
int glob(void)
{
    if (gp == 0)
        return 1;
    return *gp;
}
