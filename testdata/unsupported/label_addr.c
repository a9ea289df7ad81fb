int f(int x)
{
    void *p = &&done;
done:
    return p != 0 && x;
}
