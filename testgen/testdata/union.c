/* Reading a union through another member than the one written. The bytes
 * of an int read as unsigned chars are modelled (little-endian x86-64);
 * the bytes of a pointer read as an integer are not: the goals behind
 * that read are unknown with the reason, never unreachable. */
union u { int i; unsigned char b[4]; };
int pun(int x)
{
    union u v;
    v.i = x;
    if (v.b[0] == 0x78 && v.b[1] == 0x56)
        return 1;
    return 0;
}

union pw { int *p; unsigned long a; };
int ptr_pun(int *q)
{
    union pw w;
    w.p = q;
    if (w.a % 8 == 0)
        return 1;
    return 0;
}
