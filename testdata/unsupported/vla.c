int f(int n)
{
    int a[n];
    a[0] = 1;
    return a[0];
}
