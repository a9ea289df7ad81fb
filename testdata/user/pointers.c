/* Pointer aliasing through parameters, arrays indexed by inputs. */

int swap_if(int *p, int *q)
{
    if (*p > *q) {
        int t = *p;
        *p = *q;
        *q = t;
    }
    if (*p > *q)                /* after the swap, *p <= *q */
        return -1;
    return *q - *p > 100;
}

int pick(int sel, int x, int y)
{
    int *p = &x;
    if (sel > 0)
        p = &y;
    *p = *p + 1;
    if (sel > 0 && x != y - 1 && y == 10)
        return 1;
    if (sel <= 0 && x == 5)
        return 2;
    if (p == &x && sel > 0)     /* p points to y when sel > 0 */
        return -1;
    return 0;
}

int table(int i, int j)
{
    int t[5] = {3, 1, 4, 1, 5};
    if (i < 0 || i >= 5 || j < 0 || j >= 5)
        return -1;
    t[i] = 9;
    if (t[j] == 9 && i != j)    /* no other 9 in the table */
        return -2;
    if (t[j] == 1)
        return j;
    if (t[j] + t[i] == 14)
        return 14;
    return 0;
}

int update(int *a, int n)
{
    int i, changed = 0;
    for (i = 0; i < n && i < 4; i++) {
        if (a[i] < 0) {
            a[i] = -a[i];
            changed++;
        }
    }
    if (changed == 3 && a[3] > 0)
        return 3;
    if (n > 0 && a[0] < 0)      /* a[0] was made non-negative: unless INT_MIN... UB */
        return -1;
    return changed;
}

int deref_chain(int **pp, int k)
{
    if (pp == 0 || *pp == 0)
        return 0;
    **pp = k;
    if (**pp != k)              /* just stored */
        return -1;
    if (k > 7 && (*pp)[1] == k + 1)
        return 2;
    return 1;
}
