/* The usual arithmetic conversions between every rank and signedness,
 * and common bit idioms. */

int rank_compare(int i, unsigned int u, long l, unsigned long ul)
{
    int r = 0;
    if (i < u)          /* unsigned int */
        r |= 1;
    if (l < u)          /* long: holds every unsigned int */
        r |= 2;
    if (i < ul)         /* unsigned long */
        r |= 4;
    if (l < ul)         /* unsigned long */
        r |= 8;
    if (-1L < 1u)       /* long: true */
        r |= 16;
    if (-1 < 1ul)       /* unsigned long: false */
        r |= 32;
    if ((short)i < (unsigned short)u)   /* both int */
        r |= 64;
    if ((long long)l < (unsigned int)i) /* long long */
        r |= 128;
    return r;
}

unsigned long mixed_arith(int i, unsigned int u, long l)
{
    unsigned long r = 0;
    r += i + u;         /* unsigned int, then to unsigned long */
    r += l + u;         /* long */
    r ^= (unsigned long)(i * 2L);
    r += (unsigned char)i * (signed char)u;  /* int */
    return r;
}

int bit_idioms(unsigned int x, int y)
{
    int r = 0;
    if ((x & -x) == x)              /* power of two or zero */
        r |= 1;
    if ((x & (x - 1)) == 0)
        r |= 2;
    if (((unsigned int)y >> 31) & 1)
        r |= 4;
    if ((~0u >> 1) > (unsigned int)y)
        r |= 8;
    if ((y ^ (y >> 31)) - (y >> 31) > 100 && y != -2147483647 - 1)
        r |= 16;
    return r;
}

long long long_ops(long long a, unsigned long long b, int s)
{
    long long r = 0;
    if (s < 0 || s > 62)
        return 0;
    r = (long long)(b >> s);
    if (a >= 0 && a < (1LL << 30))
        r += a << (s / 2);
    if (b > (unsigned long long)a)
        r = -r / 3;
    return r;
}

int walk_pointers(int *a)
{
    int *p, s = 0;
    for (p = a; p < a + 4; p++)
        s += *p & 0xff;
    for (p = a + 4; p != a; )
        s -= *--p & 0xf;
    return s;
}

int copy_walk(char *dst, const char *src)
{
    char *d = dst;
    const char *s = src;
    int n = 0;
    while (n < 3 && (*d++ = *s++) != 0)
        n++;
    return (int)(d - dst) * 10 + n;
}

int chain_assign(int x)
{
    int a, b, c;
    a = b = c = x & 0x7f;
    a += b -= c *= 2;
    return a * 10000 + b * 100 + c;
}

struct cell {
    int v[3];
    struct cell *link;
};

int member_arrays(struct cell *c, int k)
{
    int *p;
    if (k < 0 || k > 2)
        return -1;
    p = c->v + k;
    *p = k * 7;
    if (c->link != 0)
        c->link->v[2 - k] = *p + 1;
    return c[1].v[k] + (p - c->v);
}

int two_dim_global(int i, int j);

int grid[3][4];

int two_dim_global(int i, int j)
{
    int r, c, s = 0;
    if (i < 0 || i > 2 || j < 0 || j > 3)
        return -1;
    grid[i][j] = (grid[i][j] & 0xffff) + 1;
    for (r = 0; r < 3; r++)
        for (c = 0; c < 4; c++)
            s += grid[r][c] & 0xff;
    return s;
}
