/* Objects seen as bytes: character views of integers and structs,
 * unions read as another member, byte copies (pointers included),
 * pointer walks and the addresses of pointers as integers. */
#include <stddef.h>
#include <stdint.h>

unsigned byte_sum(const unsigned *w, int n)
{
    const unsigned char *b = (const unsigned char *)w;
    unsigned s = 0;
    if (n < 0 || n > 4)
        return 0;
    for (int i = 0; i < n * 4; i++)
        s += b[i];
    return s;
}

int little_endian(uint32_t x)
{
    const unsigned char *p = (const unsigned char *)&x;
    if (p[0] == (x & 0xff))
        return p[3] == x >> 24;
    return -1;
}

uint32_t swap32(uint32_t x)
{
    uint32_t y;
    unsigned char *d = (unsigned char *)&y;
    const unsigned char *s = (const unsigned char *)&x;
    for (int i = 0; i < 4; i++)
        d[i] = s[3 - i];
    if (y == x)
        return 0;
    return y;
}

union word {
    uint32_t u;
    int16_t h[2];
    unsigned char b[4];
};

int punned(uint32_t x, int k)
{
    union word w;
    w.u = x;
    if (w.h[1] < 0)
        return -1;
    w.b[k & 3] = 0xff;
    if (w.u > 0x80000000u)
        return 2;
    return w.h[0] > 100;
}

struct item {
    char tag;
    int weight;
    int *count;
};

/* a byte copy of a struct with a pointer keeps the pointer */
int copy_item(char tag, int weight)
{
    int n = 5;
    struct item a, b;
    a.tag = tag;
    a.weight = weight;
    a.count = &n;
    unsigned char *d = (unsigned char *)&b;
    const unsigned char *s = (const unsigned char *)&a;
    for (size_t i = 0; i < sizeof a; i++)
        d[i] = s[i];
    *b.count += 1;
    if (b.tag == 'x')
        return n;
    return b.weight > 10 ? n * 2 : 0;
}

/* zeroing through bytes, then reading members (the pointer is NULL) */
int zeroed(int k)
{
    struct item it;
    unsigned char *p = (unsigned char *)&it;
    for (size_t i = 0; i < sizeof it; i++)
        p[i] = 0;
    it.weight = k;
    if (it.count == NULL && it.tag == 0)
        return it.weight > 3;
    return -1;
}

int compare_bytes(const int *a, const int *b, int n)
{
    const unsigned char *p = (const unsigned char *)a;
    const unsigned char *q = (const unsigned char *)b;
    if (n < 0 || n > 16)
        return 0;
    for (int i = 0; i < n; i++) {
        if (p[i] != q[i])
            return p[i] < q[i] ? -1 : 1;
    }
    return 0;
}

int aligned_walk(const int *a, int k)
{
    const char *s = (const char *)a;
    const char *p = s + (k & 15);
    if ((uintptr_t)s % sizeof(int) != 0)
        return -1;
    if ((uintptr_t)p % sizeof(int) == 0)
        return (int)((uintptr_t)p - (uintptr_t)s);
    return 100;
}

short strict_alias(int x, int flag)
{
    if (flag)
        return *(short *)&x; /* an int read as a short: undefined (6.5p7) */
    return (short)x;
}
