long double half(long double x)
{
    return x / 2;
}
