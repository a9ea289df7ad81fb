/* Labels and goto, structured with flags (frontend/jumps.go). */
int first_neg(int a[4])
{
    int i;
    for (i = 0; i < 4; i++)
        if (a[i] < 0)
            goto found;
    return -1;
found:
    return i;
}

int countdown(int n)
{
    int steps = 0;
again:
    if (n > 0) {
        n--;
        steps++;
        goto again;
    }
    return steps;
}

int enter_loop(int n, int resume)
{
    int s = 0;
    if (resume)
        goto mid;
    while (n > 0) {
        s++;
    mid:
        n--;
    }
    return s;
}

int nested_case(int op, int k)
{
    switch (op) {
    case 0:
        if (k) {
    case 1:
            return 1;
        }
    }
    return 0;
}
