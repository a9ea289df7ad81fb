int f(long a)
{
    int *p = (int *)a;
    return p != 0;
}
