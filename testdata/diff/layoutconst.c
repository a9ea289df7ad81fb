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
