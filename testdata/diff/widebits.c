/* Bit-fields wider than int, as storage and network code declares them:
   a 40-bit byte offset and a 24-bit length sharing a 64-bit unit, a
   signed 36-bit delta. gcc computes an operation on such a field with a
   narrower operand in the field's width (inka cuts those that it would
   compute otherwise: frontend/bitfield.go); what is here is exact. */

#include <stdint.h>

struct extent {
    uint64_t offset : 40;
    uint64_t length : 24;
    int64_t delta : 36;
    unsigned flags : 4;
};

/* advances the extent by n bytes (modulo 2^40: the field keeps its low
   bits); 1 when it wrapped */
int advance(struct extent *e, unsigned n)
{
    uint64_t before = e->offset;
    e->offset += n;
    if (e->offset < before)
        return 1;
    if (e->offset > 0xFFFFFFF000ull)
        return 2;
    return 0;
}

int classify(struct extent *e, long long d)
{
    e->delta = d; /* keeps the low 36 bits */
    if (e->delta < 0)
        return -1;
    if (e->delta > 1000000)
        return 2;
    if ((e->offset >> 20) == 3)
        return 3;
    if (e->length == 0 && (e->flags & 1))
        return 4;
    return (int)(e->offset & 0xFF);
}

static struct extent table[2] = {{0xFFFFFFFFFFull, 5, -3, 1}, {4096, 0xFFFFFF, 17179869183ll, 2}};

long long pick(int i, int by)
{
    struct extent *t = &table[i & 1];
    t->length -= by;
    t->delta = t->delta >> 1;
    t->offset *= 3;
    if (t->length > 100)
        return (long long)t->delta;
    if (t->offset == 0xFFFFFFFFFDull)
        return -7;
    return (long long)(t->offset & 0xFFFF) + (long long)t->length;
}
