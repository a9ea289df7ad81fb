/* A bit-field packet decoder: the goals need exact field values. */

struct frame {
    unsigned kind : 3;
    unsigned len : 6;
    signed level : 4;
    unsigned : 0;
    _Bool ack : 1;
    unsigned crc : 13;
};

int decode(struct frame *f)
{
    if (f->kind == 5 && f->len == 42)
        return 1;
    if (f->level < -6 && f->ack)
        return 2;
    if (f->kind > 7)          /* 3 bits: never */
        return 3;
    if (f->crc == 0x1abc)
        return 4;
    return 0;
}

int stamp(unsigned v)
{
    struct frame f = {1, 2, 3};
    f.level = (int)v;        /* keeps the low 4 bits, signed */
    f.crc = v >> 4;
    if (f.level == -8 && f.crc == 7)
        return 1;
    if (f.level > 7)         /* never */
        return 2;
    return f.kind + f.len;
}

/* a status register read as bits or as its raw byte: the bit-fields of a
   union share the byte the raw member holds */
union status {
    unsigned ready : 1;
    unsigned mode : 3;
    unsigned char raw;
};

int poll(union status *s, int m)
{
    if (s->ready && s->mode == 5)
        return 1;
    s->mode = m;
    if (s->raw == 0x0e)
        return 2;
    if (s->mode > 7)         /* 3 bits: never */
        return 3;
    if (s->ready != (s->raw & 1))  /* never: ready is bit 0 of raw */
        return 4;
    return s->raw;
}
