/* Pointer arithmetic confined to an array member of a struct (C11
 * 6.5.6p8): an access one element past the member is out of bounds,
 * although it lies inside the struct (in the next member). */
struct s {
    int a[2];
    int b;
};

struct outer {
    int n;
    struct s in[2];
};

int member_write(int i)
{
    struct s v;
    int *p = v.a;
    v.a[0] = 0;
    v.a[1] = 0;
    v.b = 1;
    p[i] = 5;
    return v.b;
}

int member_arith(int i)
{
    struct s v;
    int *p = v.a + i;
    v.a[0] = 0;
    v.a[1] = 0;
    v.b = 1;
    return p == &v.b;
}

int nested_member(struct outer *o, int k, int i)
{
    int *p;
    if (k < 0 || k > 1)
        return 0;
    p = o->in[k].a;
    return p[i];
}
