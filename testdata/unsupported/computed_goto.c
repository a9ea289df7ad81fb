int f(int x)
{
    static void *const next[] = { &&neg, &&pos };
    goto *next[x >= 0];
neg:
    return -x;
pos:
    return x;
}
