/* Pointer arithmetic from one member to the next (the store writes v.b). */
struct s {
    int a;
    int b;
};

int field_arith(int c)
{
    struct s v;
    int *p = &v.a;
    v.a = 1;
    v.b = 2;
    p = p + 1;
    *p = c;
    return v.b;
}
