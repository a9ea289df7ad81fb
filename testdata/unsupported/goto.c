int f(int x)
{
    if (x < 0)
        goto out;
    x = x * 2;
out:
    return x;
}
