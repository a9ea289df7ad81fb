/* Pointers to pointers, arrays indexed by variables, NULL checks. */

int swap_sort(int *a, int *b)
{
    if (*a > *b) {
        int t = *a;
        *a = *b;
        *b = t;
        return 1;
    }
    return 0;
}

int ptr_to_ptr(int **pp, int x)
{
    if (*pp == 0)
        return -1;
    **pp = x;
    *pp = *pp + 1;
    return **pp;
}

int array_index(int *a, int i, int j)
{
    if (i < 0 || i >= 4 || j < 0 || j >= 4)
        return 0;
    a[i] += a[j];
    return a[i] - a[j];
}

int local_array(int n)
{
    int a[8];
    int i;
    for (i = 0; i < 8; i++)
        a[i] = i * (n & 0xffff);
    if (n < 0)
        return a[7];
    return a[n & 7];
}

int find_max(const int *a, int n)
{
    int i, m;
    if (n <= 0 || n > 4)
        return 0;
    m = a[0];
    for (i = 1; i < n; i++)
        if (a[i] > m)
            m = a[i];
    return m;
}

int null_check(int *p, int *q)
{
    if (p == 0)
        return q ? *q : 0;
    if (q == 0)
        return *p;
    return p == q;
}

long ptr_diff(int *a, int i, int j)
{
    int *p = a + (i & 3), *q = a + (j & 3);
    if (p < q)
        return q - p;
    if (p == q)
        return 0;
    return (p - q) * 10;
}

int str_len4(const char *s)
{
    int n = 0;
    while (n < 4 && s[n] != '\0')
        n++;
    return n;
}

char *skip_spaces(char *s)
{
    int n = 0;
    while (n < 3 && *s == ' ') {
        s++;
        n++;
    }
    return s;
}

int choose_target(int c, int x, int y)
{
    int *p = &x, **pp = &p;
    if (c > 0)
        *pp = &y;
    **pp += 1;
    return x * 10 + y;
}

void fill(unsigned char *buf, int n, unsigned char v)
{
    int i;
    if (n > 4)
        n = 4;
    for (i = 0; i < n; i++)
        buf[i] = v + i;
}

int matrix(int i, int j)
{
    int m[3][4];
    int r, c;
    for (r = 0; r < 3; r++)
        for (c = 0; c < 4; c++)
            m[r][c] = r * 4 + c;
    if (i < 0 || i >= 3 || j < 0 || j >= 4)
        return -1;
    return m[i][j];
}

int void_ptr(void *p, int x)
{
    if (p == 0)
        return x;
    return -x;
}

int three_levels(int ***ppp)
{
    if (*ppp == 0 || **ppp == 0)
        return -1;
    return ***ppp;
}
