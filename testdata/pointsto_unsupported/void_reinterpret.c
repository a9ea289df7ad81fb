/* An object accessed as another type through a void* conversion. */
int void_reinterpret(long x)
{
    void *v = &x;
    int *p = v;
    return *p;
}
