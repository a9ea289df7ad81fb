/* Integer promotions, usual arithmetic conversions, compound assignment,
 * ++/--, shifts, comparisons, constants. */
int arith(char c, unsigned char uc, short s, unsigned u, long l, unsigned long ul)
{
    int i = c + uc;             /* both promoted to int */
    unsigned v = i + u;         /* int converted to unsigned */
    long w = l * u;             /* unsigned int converted to long */
    unsigned long z = ul - l;   /* long converted to unsigned long */
    c += 100;                   /* computed in int, converted back */
    uc++;                       /* idem */
    s <<= u;                    /* promoted left operand, right promoted separately */
    i = i >> l;                 /* result has the promoted left type */
    v = -u + ~c;
    i = !l + (u < -1) + (c == 'a');
    i = 2147483647 + 0u > 0;
    return i + v + w + z + c + uc + s;
}
