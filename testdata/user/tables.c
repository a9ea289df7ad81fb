/* Lookup tables defined in another file, in the style of a character
 * classification table: they are inputs of the tests (const included),
 * not zeros. */
extern const unsigned char ctype_table[256];
extern int table_version;
extern const short weights[8];

enum { C_DIGIT = 1, C_ALPHA = 2, C_SPACE = 4 };

int classify(int c)
{
    if (c < 0 || c > 255)
        return -1;
    if (ctype_table[c] & C_SPACE)
        return 0;
    if ((ctype_table[c] & (C_DIGIT | C_ALPHA)) == (C_DIGIT | C_ALPHA))
        return 3;
    if (ctype_table[c] & C_DIGIT)
        return 1;
    return 2;
}

int weigh(const unsigned char *s, int n)
{
    int i, w = 0;
    if (table_version < 2)
        return -1;
    for (i = 0; i < n && i < 4; i++) {
        if (s[i] >= 8)
            return -2;
        w += weights[s[i]];
    }
    if (w > 100)
        return 1;
    return 0;
}
