/* Definite relations become possible at a join; a loop reaches a fixpoint. */
int merge(int c, int n)
{
    int x = 0, y = 0, z = 0;
    int *p = &x, **pp = &p;
    if (c)
        p = &y;
    while (n > 0) {
        *pp = &z;
        n = n - 1;
    }
    return *p;
}
