/* Pointers to locals: swaps through pointers to pointers, a list of local
 * nodes, a pointer walking a local array, conditional aliasing. The lines
 * marked never are unreachable: checked against gcc and exhaustive runs. */
struct node { int v; struct node *next; };
static void swap(int **a, int **b) { int *t = *a; *a = *b; *b = t; }
int sw(int x, int y)
{
    int *p = &x, *q = &y;
    if (x > y)
        swap(&p, &q);
    if (*p > *q)
        return 1;   /* never: p points to the smaller */
    return 0;
}
int list(int a, int b, int c)
{
    struct node n3 = {c, 0}, n2 = {b, &n3}, n1 = {a, &n2};
    int s = 0;
    for (struct node *n = &n1; n; n = n->next)
        s += n->v;
    if (s == 6 && a == 1 && b == 2)
        return 1;
    return 0;
}
int walk(int k)
{
    int arr[5] = {1, 2, 3, 4, 5};
    int *p = arr;
    int s = 0;
    while (p < arr + 5 && *p <= k) {
        s += *p;
        p++;
    }
    if (s == 10)
        return 1;
    if (s == 11)
        return 2;  /* never: sums of prefixes are 1,3,6,10,15 */
    return 0;
}
int cond_alias(int i)
{
    int a = 1, b = 2;
    int *p = i > 0 ? &a : &b;
    int *q = i > 5 ? &a : &b;
    *p = 10;
    if (*q == 10 && i <= 0)
        return 1;
    if (*q == 10 && i > 0 && i <= 5)
        return 2;  /* never */
    return 0;
}
