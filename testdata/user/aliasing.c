/* Programs written to probe inka the way a user would: every answer is
 * replayed by gcc and every unreachable cross-checked (testgen/check_test.go). */
int alias(int *p, int *q)
{
    *p = 1;
    *q = 2;
    if (*p == 2)
        return 1;
    return 0;
}
int same(int *p, int *q)
{
    if (p == q)
        return 1;
    return 0;
}
int g;
int glob_alias(int *p)
{
    g = 1;
    *p = 2;
    if (g == 2)
        return 1;
    return 0;
}
