int f(int a)
{
    int b = ({ int t = a; t * 2; });
    return b;
}
