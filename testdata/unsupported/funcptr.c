static int twice(int x) { return 2 * x; }

int apply(int x)
{
    void *p = (void *)twice;
    return p != 0 && x;
}
