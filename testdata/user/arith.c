/* Nested conditions on arithmetic, unsigned wrap-around, narrow types.
 * Programs for the checks of testgen/check_test.go: every test inka
 * emits is replayed by gcc, every "unreachable" is held against runs. */

int classify(int a, int b)
{
    int s = a + b;
    if (a > 0 && b > 0) {
        if (s < 0)              /* no overflow allowed: unreachable */
            return -1;
        if (s > 1000 && a < 10)
            return 3;
        return 1;
    }
    if (a * 2 == b + 7) {
        if (b % 2 == 0)         /* b + 7 even means b odd: unreachable */
            return -2;
        return 4;
    }
    return 0;
}

unsigned int wrap_sub(unsigned int x, unsigned int y)
{
    unsigned int d = x - y;
    if (x < y) {
        if (d == 0)             /* x - y wraps to a non-zero value */
            return 100;
        if (d > 0xfffffff0u)
            return 1;
        return 2;
    }
    if (d > x)                  /* no wrap when x >= y */
        return 200;
    return 3;
}

int narrow(unsigned char c, signed char s, unsigned short u)
{
    int r = 0;
    unsigned char sum = c + 200;
    if (sum < c)
        r += 1;
    if (s * s > 16000)          /* s * s <= 16384, > 16000 needs |s| >= 127 */
        r += 2;
    if ((unsigned short)(u + 1) == 0)
        r += 4;
    if (c > 250 && sum > 200)   /* c > 250 makes sum = c - 56 <= 199 */
        r += 8;
    return r;
}

long mul_check(long x, long y)
{
    if (x > 3037000499L || x < 0)
        return -1;
    if (y > 3037000499L || y < 0)
        return -1;
    long p = x * y;
    if (p == 2147483647L * 4)
        return 1;
    if (p > 9223372030926249001L) /* 3037000499^2 = 9223372030926249001 */
        return 2;
    return 0;
}

int bits(unsigned int x)
{
    if ((x & 0xff) == 0x5a && (x >> 24) == 0xa5) {
        if ((x ^ 0xa500005au) == 0)
            return 1;
        if ((x & 0x00ffff00u) == 0x00123400u)
            return 2;
        return 3;
    }
    if ((x | 1) == 0)           /* x | 1 is odd */
        return -1;
    return 0;
}

int divs(int a, int b)
{
    if (b == 0)
        return 0;
    int q = a / b, r = a % b;
    if (q == 7 && r == 3 && b > 10)
        return 1;
    if (r >= b && b > 0)        /* |r| < |b| */
        return -1;
    if (q * b + r != a)         /* C's division identity: never */
        return -2;
    return 2;
}
