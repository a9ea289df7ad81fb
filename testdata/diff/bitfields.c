/* Bit-fields: gcc's layout (straddling, :0, _Bool, signed), reads and
   writes through structs, pointers and arrays, static initializers. */

#include <stdint.h>

struct ipv4 {
    unsigned ihl : 4;
    unsigned version : 4;
    unsigned dscp : 6;
    unsigned ecn : 2;
    uint16_t total_len;
    unsigned frag_off : 13;
    unsigned flags : 3;
    signed ttl_delta : 7;   /* signed */
    _Bool checked : 1;
};

struct odd {
    char tag;
    int wide : 20;          /* straddles the first int unit: next unit */
    unsigned : 0;
    short s : 9;
    unsigned long long big : 30;
};

static struct odd table[3] = {{'a', -5, 100, 7}, {'b', 524287, -256, 1u << 29}, {'c', -524288, 255, 0}};

int classify(struct ipv4 *h)
{
    if (h->version != 4)
        return -1;
    if (h->ihl < 5)
        return -2;
    if (h->flags & 2) /* don't fragment */
        h->frag_off = 0;
    if (h->ttl_delta < -10)
        return 3;
    h->checked = h->total_len > 20;
    return h->checked + (h->frag_off > 100);
}

int bump(int i, int by)
{
    struct odd *o = &table[i & 1];
    o->wide += by;
    o->s = o->s - by;
    if (o->wide < 0)
        return o->s;
    return (o->big += (unsigned)by) > 1000 ? o->tag : -o->tag;
}

int pack(unsigned v, int sign)
{
    struct ipv4 h = {5, 4};
    struct odd o;
    h.ttl_delta = sign ? -(int)(v & 63) : (int)(v & 63);
    h.dscp = v >> 6;
    o.wide = (int)v;
    o.s = (short)v;
    o.tag = 1;
    if (h.ttl_delta < 0 && h.dscp > 31)
        return o.wide + o.s;
    return (h.ihl = v) + h.version + (o.s == (short)(v << 7) >> 7);
}

/* Csmith's unions: a bit-field as the first member, initialized, read and
   written through the integer member the union is modelled as. */
union word {
    signed low : 14;
    int64_t all;
    int16_t half;
};

static union word words[2] = {{1}, {-3}};

int unions(int x)
{
    unsigned n;
    for (n = 0; n <= 8; n += 1)
        x += words[n & 1].low;
    words[1].low = x;
    if (words[1].half < 0)
        return (int)words[0].all;
    return words[1].low + (int)n;
}

/* A union of bit-fields only (Csmith's `union U1 { signed f0 : 2; }`):
   the bytes of its widest member are its leaves. */
union flags {
    signed low : 2;
    unsigned wide : 11;
};

static union flags mode = {-1};

int flag_union(int x)
{
    union flags l = {x};
    union flags m;
    m.wide = (unsigned)x * 3;
    if (l.low < 0 && mode.low == -1)
        return mode.wide + m.low;
    return l.low + m.wide; /* l's other bits are unspecified (clang -O0 leaves them) */
}

/* A const local struct of bit-fields (Csmith seed 79 of its default flags:
   its initialization was a false "write to read-only object"). */
struct limits {
    const signed lo : 6;
    unsigned step : 5;
    unsigned hi : 20;
};

int clamp(int x)
{
    const struct limits l = {-3, 3, 287};
    struct limits m = {x, (unsigned)x + 1, (unsigned)x * 2};
    if (l.lo < 0 && m.step == 6)
        return l.hi + m.lo;
    return x < l.lo ? l.lo : x > (int)l.hi ? (int)l.hi : x + l.step;
}
