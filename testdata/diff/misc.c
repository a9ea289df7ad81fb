/* Enums, block-scope statics, assert, exit, string literals, compound
 * assignments, increments of narrow types, the comma operator. */
#include <assert.h>
#include <stdlib.h>

enum color { RED, GREEN = 5, BLUE };

int color_code(enum color c)
{
    switch (c) {
    case RED:
        return 1;
    case GREEN:
        return 2;
    case BLUE:
        return 3;
    }
    return 0;
}

int next_id(int reset)
{
    static int id = 100;
    if (reset)
        id = 100;
    id++;
    return id;
}

int checked_div(int a, int b)
{
    assert(b != 0);
    assert(a >= 0 && b > 0);
    return a / b;
}

int must_be_small(int x)
{
    if (x > 1000)
        exit(3);
    if (x < -1000)
        abort();
    return x * 2;
}

int count_char(int c)
{
    const char *s = "hello, world";
    int n = 0, i;
    for (i = 0; s[i] != '\0'; i++)
        if (s[i] == c)
            n++;
    return n;
}

unsigned int compound(unsigned int u, int i, unsigned char c)
{
    u += i;
    u <<= c & 7;
    u ^= 0xdeadbeefu;
    u %= (unsigned int)(c | 1);
    i -= c;
    i *= 3;
    i /= 2;
    u |= (unsigned int)i & 0xff;
    return u;
}

int narrow_incr(signed char c, unsigned short s)
{
    int k;
    c++;                /* promoted, truncated back: wraps at 127 (implementation-defined, gcc wraps) */
    s--;
    for (k = 0; k < 3; k++)
        c += 50;
    return c * 100000 + s;
}

int comma(int a, int b)
{
    int r = (a++, b++, a + b);
    for (a = 0, b = 10; a < b; a += 3, b--)
        r++;
    return r;
}

int *pick(int *p, int *q, int c)
{
    return c > 0 ? p : (c < 0 ? q : 0);
}

int pick_user(int c, int x, int y)
{
    int *r = pick(&x, &y, c);
    if (!r)
        return -1;
    return *r;
}

int do_continue(int n)
{
    int i = 0, s = 0;
    do {
        i++;
        if (i % 2 == 0)
            continue;
        s += i;
    } while (i < n && i < 20);
    return s;
}

int negative_index(int *a, int k)
{
    int *p = a + 3;
    if (k < 0 || k > 3)
        return 0;
    return p[-k];
}

int same_object(int *p, int *q)
{
    return (p == q) * 2 + (p + 1 == q + 1);
}

long long ll_mix(long long a, unsigned int b, short c)
{
    long long r = a;
    if (a > 0 && a < 100000)
        r = a * b;
    r -= c;
    return r > 0 ? r : -(r / 2);
}
