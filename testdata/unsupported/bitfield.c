/* A union of bit-fields only: no member gives its bytes leaves. (Bit-fields
   of structs are bytes with shifts and masks, see testdata/diff/bitfields.c.) */
union flags {
    unsigned ready : 1;
    unsigned count : 7;
};

int f(union flags *fl)
{
    return fl->count;
}
