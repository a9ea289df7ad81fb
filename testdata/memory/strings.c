/* A libc-like string and memory family, in the style of real
 * implementations: pointer walks, byte views through unsigned char, end
 * pointers, differences. */
#include <stddef.h>

size_t my_strlen(const char *s)
{
    const char *p = s;
    while (*p)
        p++;
    return (size_t)(p - s);
}

int my_strcmp(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return *(const unsigned char *)a - *(const unsigned char *)b;
}

char *my_strchr(const char *s, int c)
{
    for (;; s++) {
        if (*s == (char)c)
            return (char *)s;
        if (!*s)
            return NULL;
    }
}

void *my_memcpy(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    while (n--)
        *d++ = *s++;
    return dst;
}

void *my_memset(void *dst, int c, size_t n)
{
    unsigned char *d = dst;
    for (; n; n--, d++)
        *d = (unsigned char)c;
    return dst;
}

int my_memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *p = a, *q = b;
    for (; n; n--, p++, q++)
        if (*p != *q)
            return *p - *q;
    return 0;
}

const void *my_memchr(const void *s, int c, size_t n)
{
    const unsigned char *p = s;
    const unsigned char *end = p + n;
    while (p < end) {
        if (*p == (unsigned char)c)
            return p;
        p++;
    }
    return NULL;
}

/* OpenBSD's strlcpy: copies at most dsize-1 characters, always
 * terminates (dsize != 0), returns the length of src */
size_t my_strlcpy(char *dst, const char *src, size_t dsize)
{
    const char *osrc = src;
    size_t nleft = dsize;
    if (nleft != 0) {
        while (--nleft != 0) {
            if ((*dst++ = *src++) == '\0')
                break;
        }
    }
    if (nleft == 0) {
        if (dsize != 0)
            *dst = '\0';
        while (*src++)
            ;
    }
    return (size_t)(src - osrc - 1);
}

/* a word of an int array, read through a byte pointer */
int high_byte_set(const unsigned *w)
{
    const unsigned char *b = (const unsigned char *)w;
    if (b[3] & 0x80)
        return 1;
    return 0;
}
