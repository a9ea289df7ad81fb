/* Programs written to probe inka the way a user would: every answer is
 * replayed by gcc and every unreachable cross-checked (testgen/check_test.go). */
struct acc { int bal; int lim; };
int extern_get(int k);
void log_it(int code);
int withdraw(struct acc *a, int amt)
{
    if (amt <= 0)
        return -1;
    if (a->bal - amt < -a->lim) {
        log_it(1);
        return -2;
    }
    a->bal -= amt;
    if (extern_get(a->bal) > 100)
        return 2;
    return 0;
}
int arr(int a[5], int k)
{
    int s = 0;
    for (int i = 0; i < 5; i++)
        s += a[i];
    if (s == 10 && k == a[2])
        return 1;
    return 0;
}
struct S { char c; long l; };
long byval(struct S s)
{
    if (s.c == 'x' && s.l > 1000000000000L)
        return s.l;
    return 0;
}
