/* Figure 5 of Gotlieb, Denmat, Botella: flow-sensitive points-to. */
int fig5(void)
{
    int a = 1, b = 2;
    int *p, *q;
    p = &a;     /* 1 */
    q = p;      /* 2 */
    p = &b;     /* 3 */
    return *p + *q;
}
