/* Linear congruential generators: x' = a*x + c, wrapping (ANSI C's rand
 * and Knuth's MMIX). With a = 1 mod 4 and c odd, (a-1)*x + c is odd for
 * every x, so no state is its own successor. */

unsigned int lcg32(unsigned int x)
{
    return x * 1103515245u + 12345u;
}

unsigned long long lcg64(unsigned long long x)
{
    return x * 6364136223846793005ull + 1442695040888963407ull;
}

int state32(unsigned int x)
{
    if (lcg32(lcg32(x)) == 0x7fff1234u)     /* reachable: the map is a bijection */
        return 1;
    if (lcg32(x) == x)                      /* unreachable: no fixed point */
        return 2;
    return 0;
}

int state64(unsigned long long x)
{
    if (lcg64(lcg64(x)) == 0x7fff1234deadbeefull)   /* reachable */
        return 1;
    if (lcg64(x) == x)                              /* unreachable */
        return 2;
    return 0;
}
