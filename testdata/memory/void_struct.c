/* A struct pointer converted through void* to another struct type: t->y
 * reads the bytes of s.p as an int (undefined, C11 6.5p7). */
struct a { int x; int *p; };
struct b { int *q; int y; };

int void_struct(int c)
{
    int k = c;
    struct a s;
    void *v = &s;
    struct b *t = v;
    s.x = 1;
    s.p = &k;
    return t->y;
}
