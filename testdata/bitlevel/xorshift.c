/* Marsaglia's xorshift generators: each step is an invertible linear map
 * over the bits of the state, so only the state 0 maps to 0. */

unsigned int xorshift32(unsigned int x)
{
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return x;
}

unsigned long long xorshift64(unsigned long long x)
{
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
}

/* Which seed gives this first output? */
int seed32(unsigned int seed)
{
    if (xorshift32(seed) == 0xdeadbeefu)    /* reachable: exactly one seed */
        return 1;
    if (seed != 0 && xorshift32(seed) == 0)  /* unreachable: a bijection fixing 0 */
        return 2;
    return 0;
}

int seed64(unsigned long long seed)
{
    if (xorshift64(seed) == 0x0123456789abcdefull)   /* reachable */
        return 1;
    if (seed != 0 && xorshift64(xorshift64(seed)) == 0)   /* unreachable */
        return 2;
    return 0;
}
