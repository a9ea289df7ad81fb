/* Conversions, shifts, side effects in conditions, pointer arithmetic,
 * globals written by callees: where a model most easily goes wrong. */

int g;

static void bump(int k)
{
    g += k;
}

int conv(signed char c, unsigned short u)
{
    unsigned long ul = c;       /* sign-extended, then wrapped */
    unsigned int ui = c;
    if (c < 0 && ul < 0xffffffffffffff80ul) /* ul >= 2^64 - 128 */
        return -1;
    if (c < 0 && ui == 4294967295u)
        return 1;
    long l = (short)u;
    if (u > 32767 && l >= 0)    /* (short)u is negative */
        return -2;
    if ((int)(unsigned char)c == c && c < 0)
        return -3;
    return 0;
}

int shifts(unsigned int x, int s)
{
    if (s < 0 || s > 31)
        return 0;
    unsigned int y = x << s;
    if ((y >> s) != x && s == 0)    /* no bit lost when s = 0 */
        return -1;
    if (x == 1 && y == 0x80000000u)
        return s;
    if ((x >> 31) > 1)
        return -2;
    return 1;
}

int side(int a, int b)
{
    int n = 0;
    if (a > 0 && (n = b * 2) > 10)
        return n;
    if (n != 0 && a <= 0)           /* n is assigned only when a > 0 */
        return -1;
    int k = 0;
    do {
        k++;
        if (k == 3)
            continue;
        if (k > b)
            break;
    } while (k < 5);
    if (k > 5)
        return -2;
    return k;
}

int ptrs(int i)
{
    int a[5] = {10, 20, 30, 40, 50};
    int *p = a + 1, *q = &a[4];
    if (i < 0 || i > 3)
        return 0;
    p += i;
    if (p > q)                      /* i <= 3: p <= a + 4 */
        return -1;
    if (q - p == 2 && *p == 30)
        return 2;
    if (*p + *q == 100)
        return 1;
    return 3;
}

int callee_global(int k)
{
    g = 0;
    bump(k);
    bump(k);
    if (g == 7)                     /* 2k is even */
        return -1;
    if (g == 8)
        return 1;
    return 0;
}

int ternary(int x)
{
    int y = x > 0 ? x : -x;
    int z = y > 100 ? 100 : y;
    if (z < 0)                      /* y >= 0 (no overflow: -INT_MIN is UB) */
        return -1;
    if (z == 100 && x > -101 && x < 101 && x != 100 && x != -100)
        return -2;
    return z;
}
