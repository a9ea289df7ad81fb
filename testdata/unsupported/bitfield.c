/* Arithmetic on a bit-field wider than int with a narrower operand: gcc
   computes it in the field's 40 bits (reads, writes, comparisons and
   compound assignments of such a field are exact: testdata/diff/widebits.c;
   narrower ones are bytes with shifts and masks, testdata/diff/bitfields.c). */
struct counter {
    unsigned ready : 1;
    unsigned long long count : 40;
};

int f(struct counter *c)
{
    return c->count + 1 > 7;
}
