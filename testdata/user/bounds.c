/* Goals past inka's bounds: more loop iterations than --max-unroll, calls
 * deeper than --max-inline. They may be unknown, never unreachable. */

int sensor(int i);

int late(int n)
{
    int i, s = 0;
    for (i = 0; i < n; i++) {
        s += i;
        if (i == 70)            /* the 71st iteration */
            return s;
    }
    return -1;
}

static int depth(int n)
{
    if (n <= 0)
        return 0;
    return 1 + depth(n - 1);
}

int deep(int n)
{
    if (n > 50)
        return -1;
    int d = depth(n);
    if (d == 12)                /* 12 nested calls */
        return 12;
    return d;
}

int poll(int limit)
{
    int i = 0;
    while (i < limit && sensor(i) != 42)
        i++;
    if (i == 80)
        return 80;
    return i;
}
