/* Assertions as goals: can the assertion fail? */
#include <assert.h>
int safe_div(int a, int b)
{
    int q = 0;
    if (b > 0 && a > 100)
        q = a / b;
    assert(q < 50);
    return q;
}
int never(int x)
{
    int y = x < 0 ? -x : x;
    if (x == -2147483647 - 1) return 0;
    assert(y >= 0);
    return y;
}
