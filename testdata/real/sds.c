/* A dynamic string library in the style of sds: headers of several
 * sizes with a flexible buffer behind them, the type in the low bits of
 * the flags byte. Lengths and types are answered; reaching into the
 * flexible buffer, and allocating, are cut. */
#include <stdlib.h>
#include <stdint.h>

struct sdshdr8 {
    uint8_t len;
    uint8_t alloc;
    unsigned char flags;
    char buf[];
};

struct sdshdr32 {
    uint32_t len;
    uint32_t alloc;
    unsigned char flags;
    char buf[];
};

#define SDS_TYPE_8 1
#define SDS_TYPE_32 3
#define SDS_TYPE_MASK 7

int sds_type(const struct sdshdr8 *h)
{
    int t = h->flags & SDS_TYPE_MASK;
    if (t == SDS_TYPE_8)
        return 8;
    if (t == SDS_TYPE_32)
        return 32;
    return 0;
}

size_t sds_avail8(const struct sdshdr8 *h)
{
    if (h->alloc < h->len)
        return 0;
    return (size_t)(h->alloc - h->len);
}

int sds_fits32(const struct sdshdr32 *h, uint32_t add)
{
    if (h->len > h->alloc)
        return -1;
    if (add > h->alloc - h->len)
        return 0;
    return 1;
}

int sds_last_char(const struct sdshdr8 *h)
{
    if (h->len == 0)
        return -1;
    return h->buf[h->len - 1];
}

struct sdshdr8 *sds_grow(struct sdshdr8 *h, uint8_t add)
{
    struct sdshdr8 *n;
    int newlen = h->len + add;
    if (add <= h->alloc - h->len)
        return h;
    if (newlen > 255)
        return NULL;
    n = realloc(h, sizeof *h + (size_t)newlen + 1);
    if (n == NULL)
        return NULL;
    n->alloc = (uint8_t)newlen;
    return n;
}
