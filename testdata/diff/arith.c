/* Integer arithmetic of every type, mixed signedness and conversions.
 * Differential test programs of the interpreter (interp/diff_test.go). */

int mix_signed_unsigned(int a, unsigned int b)
{
    if (a < b)                  /* a is converted to unsigned int */
        return 1;
    if ((long)a < (long)b)
        return 2;
    if (a == b)
        return 3;
    return 4;
}

unsigned char uchar_wrap(unsigned char x, unsigned char y)
{
    unsigned char s = x + y;    /* computed in int, truncated */
    if (s < x)
        return 0;
    return s;
}

long long widen(signed char c, short s, unsigned short us, long l)
{
    long long r = c;
    r = r * 3 + s;
    r = r - us;
    if (l > 0 && l < 1000000)
        r += l * l;
    return r;
}

unsigned long long ull_ops(unsigned long long a, unsigned long long b)
{
    unsigned long long r = a * b + (a ^ b);
    if (b != 0)
        r += a / b + a % b;
    if (r > a)
        r -= a;
    return r;
}

int divmod(int a, int b)
{
    int q, r;
    if (b == 0)
        return 0;
    q = a / b;
    r = a % b;
    if (q * b + r != a)
        return -1;
    if (r < 0)
        return 2;
    return 1;
}

long divmod_long(long a, long b)
{
    if (b == 0 || (b == -1 && a < -9000000000000000000L))
        return 0;
    return a / b * 1000 + a % b;
}

int casts(long x)
{
    int i = (int)x;
    short s = (short)x;
    unsigned char c = (unsigned char)x;
    _Bool b = x;
    if (i == x)
        return 1 + b;
    if (s < 0 && c > 127)
        return 3;
    return 4 + (s == 0) + c % 3;
}

unsigned int neg_not(int x, unsigned int u)
{
    unsigned int r = -u;
    r += ~x;
    if (!x)
        r += 7;
    if (x != -2147483647 - 1)
        r ^= (unsigned int)-x;
    return r;
}

int char_compare(char c, unsigned char u, signed char s)
{
    int r = 0;
    if (c == u)
        r += 1;
    if (c < s)
        r += 2;
    if ((unsigned char)c == u)
        r += 4;
    if (s + u > 200)
        r += 8;
    return r;
}

unsigned short ushort_mul(unsigned short a, unsigned short b)
{
    unsigned int p = (unsigned int)a * b;   /* no overflow in unsigned */
    unsigned short q = a * 3;               /* int, truncated */
    if (p > 65535u)
        return q;
    return (unsigned short)p;
}

long mixed_long(unsigned int u, long l, unsigned long ul)
{
    long r = u + l;             /* u converted to long */
    if (ul > (unsigned long)l)  /* both unsigned long */
        r = r - 1;
    if (u < l)
        r = r * 2;
    return r;
}

int bool_ops(_Bool a, _Bool b, int x)
{
    _Bool c = a + b;
    _Bool d = x;
    int r = a + b + c * 4 + d * 8;
    if (c && !d)
        r = -r;
    return r;
}
