/* Relational comparisons of pointers: undefined with NULL or across
 * objects. */
int in_range(const char *p, const char *start, const char *end)
{
    if (p == 0)
        return -1;
    if (p >= start && p < end)
        return 1;
    return 0;
}

int before(const int *a, const int *b)
{
    if (a < b)
        return 1;
    return 0;
}

/* Within one array the comparisons are defined and answered. */
int scan(const char *s, int n)
{
    const char *p = s, *end;
    if (n < 0 || n > 4)
        return -1;
    end = s + n;
    while (p < end && *p != ';')
        p++;
    if (p == end)
        return 0;
    if (p > s + 1)
        return 2;
    return 1;
}
