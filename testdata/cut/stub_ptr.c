/* A pointer returned by an undefined function is dereferenced: the
 * constraint model cannot name what it points to. */
int *lookup(int key);

int stub_ptr(int k)
{
    int *p = lookup(k);
    if (!p)
        return 0;
    return *p;
}
