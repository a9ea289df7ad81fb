/* Layout constants of structs that cc (the C front end) lays out otherwise
   than gcc: a struct with a bit-field between wider members (http-parser's
   style), a struct under #pragma pack(2). sizeof and offsetof inside larger
   constant expressions, and offsetof with an index in its designator, are
   gcc's (frontend/layoutconst.go). */

#include <stddef.h>

struct parser {
    unsigned state;
    unsigned char major;
    unsigned upgrade : 1;
    int error;
};

#pragma pack(2)
struct record {
    char tag;
    long value;
    struct parser in[2];
};
#pragma pack()

/* the byte range of the error member of element i, encoded */
int field_span(int i)
{
    size_t base = (i & 1) * sizeof(struct parser) + offsetof(struct parser, error);
    if (base > sizeof(struct parser) + 4)
        return (int)base - (int)sizeof(struct parser);
    if ((int)offsetof(struct parser, error) - 9 < 0)
        return -(int)base;
    return (int)(base + sizeof(int));
}

/* checks a serialized record's length: the header is the tag and the
   value; 1 when len holds the header and n parsers */
int record_len_ok(unsigned long len, int n)
{
    if (n < 0 || n > 2)
        return -1;
    if (len < offsetof(struct record, in))
        return 0;
    if (len == offsetof(struct record, in) + n * sizeof(struct parser))
        return 1;
    if (len == offsetof(struct record, in[1].error) + sizeof(int))
        return 2;
    if (len > sizeof(struct record) * 2 - 1)
        return 3;
    return (offsetof(struct record, value) << 3 | sizeof(struct record) % 5) == 20 ? 4 : 5;
}

/* buffers sized by the layouts: a record's wire image, a frame whose raw
   header is the record's header (gcc: 34 and 10 bytes, cc: more) */
unsigned char wire[sizeof(struct record)];
struct frame {
    unsigned char raw[offsetof(struct record, in)];
    int crc;
} last_frame;

/* serializes a record's bytes into wire; the number written, or the
   checksum of the header when it is asked for */
int serialize(int fill, int header)
{
    int sum = 0;
    for (unsigned i = 0; i < sizeof wire; i++) {
        wire[i] = (unsigned char)(fill + i);
        if (i < sizeof last_frame.raw) {
            last_frame.raw[i] = wire[i];
            sum += wire[i];
        }
    }
    last_frame.crc = sum;
    if (header)
        return sum;
    return (int)(sizeof wire + sizeof(struct frame));
}
