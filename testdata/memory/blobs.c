/* Opaque byte blobs, as a key-value store or a serializer handles them:
 * every buffer is a void * with its length, handed to the C library's
 * memcmp, memchr and memcpy; blob_cmp never converts its buffers itself
 * (their type is that of memcmp's reads), src is only memcpy's. */
#include <stddef.h>
#include <string.h>

/* orders two blobs as memcmp does, the shorter first on a common prefix */
int blob_cmp(const void *a, size_t na, const void *b, size_t nb)
{
    size_t n = na < nb ? na : nb;
    int r = memcmp(a, b, n);
    if (r != 0)
        return r < 0 ? -1 : 1;
    if (na == nb)
        return 0;
    return na < nb ? -1 : 1;
}

/* the length of the first field of a record whose fields end with sep,
 * or -1 when the record has no separator */
long blob_field(const void *rec, size_t n, int sep)
{
    const void *end = memchr(rec, sep, n);
    if (end == NULL)
        return -1;
    return (const char *)end - (const char *)rec;
}

/* copies the blob into a buffer of cap bytes with a length prefix byte:
 * the bytes written, or 0 when it does not fit */
size_t blob_put(void *dst, size_t cap, const void *src, size_t n)
{
    if (n > 255 || n + 1 > cap)
        return 0;
    *(unsigned char *)dst = (unsigned char)n;
    memcpy((unsigned char *)dst + 1, src, n);
    return n + 1;
}
