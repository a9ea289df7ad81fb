/* Runs that reach a goal and then stop: exit(), abort(), a failing
 * assertion, undefined behaviour right after the decision. Such a goal is
 * reachable (no "unreachable"), though no test that returns reaches it. */

#include <assert.h>
#include <stdlib.h>

int guard_exit(int x)
{
    if (x > 1000)
        exit(3);
    if (x < -1000)
        abort();
    return x * 2;
}

int guard_assert(int x, int y)
{
    if (x == y + 1) {
        assert(x < 0 && x > 0);    /* always fails */
        return 1;
    }
    return 0;
}

int ub_after(int x, int d)
{
    int a[4] = {0, 1, 2, 3};
    if (x > 100) {
        d = d - d;
        return x / d;               /* always a division by zero */
    }
    if (x < -100)
        return a[x + 200];          /* in bounds only for x in -200..-197 */
    return a[x & 3];
}

int loop_then_stop(int n)
{
    int i, s = 0;
    for (i = 0; i < n && i < 10; i++) {
        s += i;
        if (s > 20)
            abort();
    }
    return s;
}
