/* Population counts, the SWAR way: sums of bit fields, then a wrapping
 * multiplication that adds the bytes into the top one. */

int popcount32(unsigned int x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}

int popcount64(unsigned long long x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* A mask with 17 bits set whose low byte is full. */
int weight32(unsigned int mask)
{
    if (popcount32(mask) == 17 && (mask & 0xFFu) == 0xFFu)   /* reachable */
        return 1;
    /* mask > 0xE0000000 has its top three bits set, and with the low
     * nibble full that makes at least 7 bits, never 3. */
    if (popcount32(mask) == 3 && mask > 0xE0000000u && (mask & 0xFu) == 0xFu)   /* unreachable */
        return 2;
    return 0;
}

/* Two masks of weight 40 and 30 that share no bit need 70 bits. */
int weight64(unsigned long long a, unsigned long long b)
{
    if (popcount64(a) == 40 && popcount64(b) == 20 && (a & b) == 0)   /* reachable */
        return 1;
    if (popcount64(a) == 40 && popcount64(b) == 30 && (a & b) == 0)   /* unreachable */
        return 2;
    return 0;
}
