/* Pointer arithmetic on a pointer to a scalar variable. */
int scalar_arith(int c)
{
    int x = 1;
    int *p = &x;
    p = p + c;
    return *(p - c);
}
