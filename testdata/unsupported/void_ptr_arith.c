int f(void *p)
{
    void *q = p + 1;
    return q != p;
}
