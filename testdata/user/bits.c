/* Bitwise operations, shifts, extreme 64-bit values, mixed signedness,
 * narrowing: checked against gcc and exhaustive runs. */
#include <limits.h>
#include <stdint.h>
int bits(unsigned x)
{
    if ((x & (x - 1)) == 0 && x != 0 && x > 1000)
        return 1;           /* power of two above 1000 */
    if ((x ^ 0xdeadbeefu) == 0)
        return 2;
    if ((x | 0xf0u) == 0xf5u)
        return 3;
    return 0;
}
int sh(int x, unsigned s)
{
    if (s >= 31) return -1;
    if (x < 0 || x > 255) return -2;
    int y = x << s;
    if (y < 0) return 9;    /* never: 255 << 30 overflows (UB) and would be excluded */
    if ((y >> 3) == 5) return 1;
    return 0;
}
long long ext(long long a, unsigned long long b)
{
    if (a == LLONG_MIN && b == ULLONG_MAX)
        return 1;
    if (a < 0 && (unsigned long long)a > b)
        return 2;
    return 0;
}
int cmp(int a, unsigned b)
{
    if (a < 0 && a < b) return 1;  /* never: a converted to unsigned is huge... unless b is bigger */
    return 0;
}
int8_t narrow(int16_t v)
{
    int8_t n = (int8_t)v;
    if (n == -1 && v != -1)
        return 1;
    return 0;
}
