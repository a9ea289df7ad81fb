/* Corners of C's conversions and lowering: constant types, ?: types,
 * compound assignment on narrow types, _Bool conversion, shadowing,
 * block-scope initializers, pointer increments, nested control flow. */

int bool_conv(int x)
{
    _Bool b = 256;
    _Bool c = x & 256;
    _Bool d = (unsigned char)x;
    return b + c * 2 + d * 4;
}

int constant_types(int x)
{
    int r = 0;
    if (-1 < 0u)                    /* false: -1 becomes UINT_MAX */
        r += 1;
    if (0xffffffff > 0)             /* unsigned int */
        r += 2;
    if (2147483648 > x)             /* long */
        r += 4;
    if (-2147483648 < x)            /* long: -(2147483648L) */
        r += 8;
    if ((x ? 1u : -1) > 0)          /* ?: in unsigned int */
        r += 16;
    return r;
}

int narrow_compound(signed char c, short s, unsigned char u)
{
    c += 100;                       /* int arithmetic, converted back */
    s /= -3;
    u <<= 3;
    u -= 250;
    c ^= u;
    return c * 1000000 + s * 1000 + u;
}

unsigned int unsigned_div(unsigned int u, int i)
{
    unsigned int r = u / -2;        /* -2 becomes 4294967294 */
    if (i < 0)
        r += u % (unsigned int)i;
    return r;
}

int shadowing(int x)
{
    int y = x;
    {
        int x = 5;
        y += x;
        {
            int y = 100;
            x += y;
        }
        y += x;
    }
    return y + x;
}

int block_init(int n)
{
    int s = 0, i;
    for (i = 0; i < 6; i++) {
        int t = 1;
        static int calls = 0;
        t += i;
        if (i == n)
            break;
        s += t;
        calls++;
    }
    return s;
}

int ptr_incr(int *a)
{
    int *p = a, s = 0;
    *p++ = 10;
    *++p = 20;
    s = *p;
    p--;
    s += *p;
    p[1] += 1;
    return s + a[0] + a[3];
}

int copy_string(char *dst, const char *src)
{
    int n = 0;
    char c;
    while ((c = src[n]) != '\0' && n < 3) {
        dst[n] = c;
        n++;
    }
    dst[n] = '\0';
    return n;
}

int nested_switch(int a, int b)
{
    int r = 0, i;
    for (i = 0; i < 3; i++) {
        switch (a) {
        case 0:
            switch (b) {
            case 0:
                r += 1;
                break;
            default:
                r += 2;
                continue;
            }
            r += 10;
            break;
        case 1:
            if (b > 0)
                break;
            r += 100;
            /* fall through */
        default:
            r += 1000;
        }
        r *= 2;
    }
    return r;
}

int unsigned_countdown(unsigned int start)
{
    unsigned int i;
    int n = 0;
    for (i = start % 8; i < 10; i--)
        n++;
    return n;
}

struct inner {
    short v[3];
};

struct outer {
    int tag;
    struct inner in[2];
};

int nested_aggregates(struct outer *o, int i, int j)
{
    struct outer copy;
    if (i < 0 || i > 1 || j < 0 || j > 2)
        return -1;
    o->in[i].v[j] = (short)(o->tag + 1);
    copy = *o;
    copy.in[1 - i] = copy.in[i];
    *o = copy;
    return o->in[0].v[j] + o->in[1].v[j];
}

const char *names[] = {"zero", "one", "two"};

int name_len(int i)
{
    const char *s;
    int n = 0;
    if (i < 0 || i > 2)
        return -1;
    s = names[i];
    while (s[n])
        n++;
    return n;
}

int char_arith(char c, int n)
{
    char d = 'a' + n % 26;
    char e = (char)200;
    return (c == d) + (e < 0) * 2 + (c - 'a') * 4;
}

int shift_types(int x, long n)
{
    long r;
    if (n < 0 || n > 30 || x < 0 || x > 1000)
        return 0;
    r = x << n;                     /* int shift: the count's type does not matter */
    return (int)(r >> 2);
}

int negative_enum(int k)
{
    enum sign { NEG = -1, ZERO, POS };
    enum sign s = k < 0 ? NEG : (k == 0 ? ZERO : POS);
    return s < ZERO;
}

long long mul_widen(int i, int j)
{
    long long a = (long long)i * j;
    if (i > -50000 && i < 50000 && j > -40000 && j < 40000)
        return a - i * j;
    return a;
}
