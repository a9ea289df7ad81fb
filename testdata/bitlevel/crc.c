/* CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320) as zlib computes
 * it, one bit at a time. */

#define POLY 0xEDB88320u

static unsigned int crc32_bits(unsigned int crc, int nbits)
{
    int k;
    for (k = 0; k < nbits; k++)
        crc = (crc >> 1) ^ (POLY & (0u - (crc & 1u)));
    return crc;
}

/* The CRC-32 of a 4-byte message given as a little-endian word. */
unsigned int crc32_word(unsigned int w)
{
    return ~crc32_bits(0xFFFFFFFFu ^ w, 32);
}

/* The CRC-32 of a 1-byte message: crc32("a") = 0xe8b7be43. */
unsigned int crc32_byte(unsigned char b)
{
    return ~crc32_bits(0xFFFFFFFFu ^ b, 8);
}

/* Forge a message with a given checksum. */
int forge(unsigned int w, unsigned char b)
{
    /* The CRC of a 4-byte message is a bijection of the message: every
     * checksum has its message. */
    if (crc32_word(w) == 0xCAFEBABEu)        /* reachable */
        return 1;
    /* None of the 256 one-byte messages has the checksum 0xCAFEBABE
     * (checked against zlib's crc32 on each of them). */
    if (crc32_byte(b) == 0xCAFEBABEu)        /* unreachable */
        return 2;
    return 0;
}
