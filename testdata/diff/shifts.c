/* Shifts: widths, promotions, arithmetic right shift of negatives. */

unsigned int rotl(unsigned int x, int n)
{
    n &= 31;
    if (n == 0)
        return x;
    return (x << n) | (x >> (32 - n));
}

int sar(int x, int n)
{
    if (n < 0 || n > 31)
        return 0;
    return x >> n;
}

long shl_long(long x, unsigned int n)
{
    if (n >= 64)
        return -1;
    if (x < 0)
        return -2;
    return x << n;              /* UB when the result does not fit */
}

int shift_promote(unsigned char c, short s)
{
    int r = c << 4;
    r += s >> 2;
    if (r < 0)
        r = -r;
    return r;
}

unsigned long long low_mask(unsigned int bits)
{
    if (bits >= 64)
        return ~0ULL;
    return (1ULL << bits) - 1;
}

int count_bits(unsigned int x)
{
    int n = 0;
    while (x) {
        n += x & 1;
        x >>= 1;
    }
    return n;
}

int shift_by_char(int x, signed char n)
{
    return x >> n;              /* UB for n < 0 or n >= 32 */
}

long long sign_extend(unsigned int u, int bits)
{
    long long v;
    if (bits <= 0 || bits > 32)
        return 0;
    v = (long long)(u & ((1ULL << bits) - 1));
    if (v >> (bits - 1))
        v -= 1LL << bits;
    return v;
}
