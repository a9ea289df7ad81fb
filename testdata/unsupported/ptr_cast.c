int f(int x)
{
    char *c = (char *)&x;
    return c[0];
}
