/* A pointer stored through one union member and read through another:
 * the points-to analysis does not follow pointers through unions, so the
 * read is a cut (on every run here: every goal is unknown). */
union u {
    int *a;
    int *b;
};

int union_ptr(int c)
{
    int x = 1, y = 2;
    union u v;
    v.a = &x;
    if (c)
        v.a = &y;
    *v.b = 5;
    return x * 10 + y;
}
