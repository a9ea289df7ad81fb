/* A long read as an int through a void* conversion: undefined (C11 6.5p7). */
int void_reinterpret(long x)
{
    void *v = &x;
    int *p = v;
    return *p;
}
