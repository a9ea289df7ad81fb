/* Structs laid out by #pragma pack, as wire formats and Csmith's programs
 * declare them: members at unaligned offsets, a packed struct inside a
 * natural one, arrays of packed structs. Differential test programs of
 * the interpreter (interp/diff_test.go): the final values are read by
 * gcc at the offsets inka computes. */

#pragma pack(push)
#pragma pack(1)
struct header {
    unsigned char tag;
    unsigned int len;
    unsigned short port;
    long long stamp;
};
#pragma pack(pop)

#pragma pack(push, 2)
struct sample {
    char kind;
    long value;
    int count;
};
#pragma pack(pop)

struct frame {
    char mark;
    struct header h;
    int crc;
    struct sample s[2];
};

struct header last = { 1, 2, 3, 4 };
struct sample samples[3] = { { 'a', 10, 1 }, { 'b', 20, 2 }, { 'c', 30, 3 } };
struct frame current = { 'f', { 7, 8, 9, 10 }, 11, { { 'x', 5, 6 }, { 'y', 7, 8 } } };

int encode(unsigned char tag, unsigned int len)
{
    last.tag = tag;
    last.len = len;
    last.port = (unsigned short)(len >> 3);
    last.stamp = (long long)len * 3;
    if (tag > 100)
        return (int)(last.len & 0xffff);
    return last.port;
}

long accumulate(int k, long v)
{
    struct sample *s = &samples[k < 0 ? 0 : k % 3];
    if (v > 1000000 || v < -1000000)
        return -1;
    s->value += v;
    s->count++;
    if (s->count > 100)
        s->count = 0;
    return s->value + s->count;
}

int checksum(struct frame *f, int k)
{
    if (f == 0)
        f = &current;
    f->h.len += (unsigned)k;
    f->crc = (int)(f->h.len & 0xff) + f->s[1].count;
    if (f->h.len > 20)
        return f->crc;
    return f->mark;
}

/* A const member of a packed struct type (Csmith seed 57: the struct
   holding it was refused, its const copy of the packed type not being
   recognized as laid out otherwise by cc). */
struct sealed {
    unsigned int id;
    const struct header h;
};

int seal_of(const struct sealed *s, unsigned int len)
{
    if (s->h.len == len && s->h.port > 80)
        return (int)s->id + s->h.tag;
    return (int)(s->h.stamp & 0xff);
}
