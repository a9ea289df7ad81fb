int f(int x)
{
    _Complex double z = x;
    return x;
}
