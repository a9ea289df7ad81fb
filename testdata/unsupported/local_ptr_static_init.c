int f(int x)
{
    static int *p = (int *)16;
    return x + (p != 0);
}
