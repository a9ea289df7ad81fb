/* Multiplicative (Fibonacci) hashing, as open-addressing hash tables use
 * it: the key times 2^w / φ, the top bits pick the bucket. */

#define GOLDEN32 0x9E3779B1u
#define GOLDEN64 0x9E3779B97F4A7C15ull

unsigned int fib_hash32(unsigned int key, int bits)
{
    return (key * GOLDEN32) >> (32 - bits);
}

unsigned long long fib_hash64(unsigned long long key, int bits)
{
    return (key * GOLDEN64) >> (64 - bits);
}

/* Which keys land in bucket 0x1234 of a 2^16-bucket table? */
int bucket32(unsigned int key)
{
    if (fib_hash32(key, 16) == 0x1234u)     /* reachable: 65536 keys do */
        return 1;
    /* The multiplier is odd, so key -> key * GOLDEN32 is a bijection:
     * only key = 0xdeadbeef * GOLDEN32^-1 = 0x18cc4a9f hashes to
     * 0xdeadbeef. */
    if (key * GOLDEN32 == 0xdeadbeefu && key != 0x18cc4a9fu)   /* unreachable */
        return 2;
    return 0;
}

/* The same on 64-bit keys and a 2^24-bucket table. */
int bucket64(unsigned long long key)
{
    if (fib_hash64(key, 24) == 0x123456u)    /* reachable */
        return 1;
    /* GOLDEN64^-1 mod 2^64 = 0xf1de83e19937733d: the only preimage of
     * 0x0123456789abcdef is 0x66be9a9010cb6ef3. */
    if (key * GOLDEN64 == 0x0123456789abcdefull && key != 0x66be9a9010cb6ef3ull)   /* unreachable */
        return 2;
    return 0;
}
