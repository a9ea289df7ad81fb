long f(int *p)
{
    return (long)p;
}
