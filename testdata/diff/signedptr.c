/* Pointers to differently signed integers compared and converted without a
   cast, as Csmith writes them (gcc: a warning, the addresses compared). */

#include <stdint.h>

static int32_t counts[4];
static uint32_t ucounts[4] = {1, 2, 3, 0xfffffffeu};
static int32_t *cursor = &counts[1];
static uint8_t bytes[6] = {0x80, 1, 2, 3, 0xff, 0};

int same_cell(int i, int j)
{
    uint32_t *u = &ucounts[i & 3];
    int32_t *s = (int32_t *)&ucounts[j & 3];
    if (u == s)
        return *s;
    if (cursor != u)
        return *u > 2u;
    return -1;
}

int walk_bytes(int n)
{
    char *p = (char *)bytes;
    unsigned char *end = bytes + (n & 7) % 6;
    int neg = 0;
    while (p < end) {
        if (*p < 0)
            neg++;
        p++;
    }
    if (p == end && neg > 0)
        return neg;
    return p <= end ? 0 : 99;
}

int retype(int x)
{
    int32_t *q = ucounts + 3; /* no cast: gcc warns, converts */
    uint32_t *r = &counts[2];
    *r = (uint32_t)x;
    if (counts[2] < 0)
        return *q;
    return r == &counts[2] && q != ucounts;
}
