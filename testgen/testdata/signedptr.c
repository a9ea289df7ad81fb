/* Pointers to differently signed integers compared without a cast (gcc
   warns and compares the addresses). */

#include <stdint.h>

static uint32_t table[4] = {1, 2, 3, 4};

int next_cell(int i)
{
    uint32_t *u = &table[i & 3];
    int32_t *s = (int32_t *)u + 1;
    if (s == u)
        return -1;
    if (s > u && *u == 4u)
        return 2;
    return 0;
}

int scan(const unsigned char *buf, int n)
{
    const char *p = (const char *)buf;
    const unsigned char *end = buf + (n & 3);
    while (p != end && *p != 0)
        p++;
    if (p == end)
        return 1;
    return 0;
}
