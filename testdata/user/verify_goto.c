/* Programs in the style of the software-verification competition: a
 * property violation reaches an ERROR label (named by a goto, or by no goto
 * at all) that calls reach_error. */

extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "verify_goto.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

/* The ERROR label under an if, named by no goto. */
int count_up(void)
{
    int n = __VERIFIER_nondet_int();
    int x = 0;
    if (n < 0 || n > 10)
        return 0;
    while (x < n)
        x++;
    if (x != n) {
    ERROR:
        reach_error();
        abort();
    }
    return x;
}

/* Gotos to a shared ERROR label at the end. */
int add_bounded(void)
{
    unsigned int a = __VERIFIER_nondet_uint();
    unsigned int b = __VERIFIER_nondet_uint();
    if (a > 100 || b > 100)
        return 0;
    unsigned int s = a + b;
    if (s < a)
        goto ERROR;
    if (s > 200)
        goto ERROR;
    return (int)s;
ERROR:
    reach_error();
    abort();
}

/* A reachable violation: the test that reaches it stops in reach_error. */
int find_pair(void)
{
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    if (x < 0 || x > 1000 || y < 0 || y > 1000)
        return 0;
    if (x * 3 + y == 2021 && x - y == 499)
        goto ERROR;
    return 1;
ERROR:
    reach_error();
    abort();
}

/* A loop invariant checked at every step: a backward goto as the loop. */
int gauss(void)
{
    int n = __VERIFIER_nondet_int();
    int i = 0, s = 0;
    if (n < 0 || n > 12)
        return 0;
loop:
    if (i > n)
        goto done;
    s += i;
    i++;
    if (2 * s != i * (i - 1))
        goto ERROR;
    goto loop;
done:
    return s;
ERROR:
    reach_error();
    abort();
}
