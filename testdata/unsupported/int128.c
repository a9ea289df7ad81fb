int f(int x)
{
    __int128 big = x;
    return big > 0;
}
