static int twice(int x) { return 2 * x; }

int apply(int x)
{
    int (*f)(int) = twice;
    return f(x);
}
