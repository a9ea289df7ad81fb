int apply(int (*f)(), int x)
{
    return f(x);
}
