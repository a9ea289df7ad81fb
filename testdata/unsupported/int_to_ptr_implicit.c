int f(int a)
{
    int *p;
    p = a;
    return p != 0;
}
