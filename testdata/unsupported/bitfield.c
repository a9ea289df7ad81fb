/* A bit-field wider than int. (Narrower ones, in structs and unions, are
   bytes with shifts and masks, see testdata/diff/bitfields.c.) */
struct counter {
    unsigned ready : 1;
    unsigned long long count : 40;
};

int f(struct counter *c)
{
    return c->count > 7;
}
