/* Reading a union through another member than the one written: the model
 * cannot represent it, so the goals are unknown (never unreachable). */
union u { int i; unsigned char b[4]; };
int pun(int x)
{
    union u v;
    v.i = x;
    if (v.b[0] == 0x78 && v.b[1] == 0x56)
        return 1;
    return 0;
}
