/* Functions of narrow inputs, so that the checks can run every input:
 * char arithmetic, promotions, wrap-around on conversion. */

int char_math(signed char a, unsigned char b)
{
    int s = a + b;              /* promoted: no overflow */
    if (s > 382)                /* 127 + 255 = 382 */
        return -1;
    if (s == 382)
        return 1;
    signed char t = (signed char)(a + b);
    if (t == -128 && a == -1)   /* a + b = -128 + 256k: b = 129 */
        return 2;
    if (t > 127)                /* a signed char is at most 127 */
        return -2;
    return 0;
}

int bytes(unsigned char x, unsigned char y)
{
    unsigned char d = x - y;    /* wraps */
    unsigned char m = x * y;
    if (d == 0 && x != y)       /* x - y = 0 mod 256 means x = y */
        return -1;
    if (m == 1 && x % 2 == 0)   /* an even x gives an even product */
        return -2;
    if (m == 1)
        return 1;
    if ((x ^ y) == 0xff && d == 1)
        return 2;
    if (d > x && y <= x)        /* no wrap when y <= x */
        return -3;
    return 0;
}

int shorts(short s)
{
    int q = s / 7, r = s % 7;
    if (r == 6 && s < 0)        /* a negative s has r <= 0 */
        return -1;
    if (q == 4681 && r == 0)    /* 32767 = 7 * 4681 */
        return 1;
    if (q * 7 + r != s)
        return -2;
    unsigned short u = s;
    if (u > 32767 && s >= 0)
        return -3;
    return 0;
}

int steps(signed char n)
{
    int k = 0;
    while (n != 0 && k < 300) {
        n = n / 2;
        k++;
    }
    if (k > 8)                  /* |n| <= 128 halves to 0 in 8 steps */
        return -1;
    if (k == 8)
        return 8;
    return k;
}
