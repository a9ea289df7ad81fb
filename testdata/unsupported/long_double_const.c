int scale(int x)
{
    return x * 1.5L;
}
