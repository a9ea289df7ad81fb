/* Programs written to probe inka the way a user would: every answer is
 * replayed by gcc and every unreachable cross-checked (testgen/check_test.go). */
#include <limits.h>
struct point { int x, y; };

int classify(struct point *p, int n)
{
    int s = 0;
    if (p == 0)
        return -1;
    for (int i = 0; i < n && i < 4; i++) {
        if (p[i].x > p[i].y)
            s += 2;
        else if (p[i].x == p[i].y)
            s -= 1;
    }
    if (s == 5)
        return 10;
    if (s > 6)
        return 20;
    return s;
}

int tri(int a, int b, int c)
{
    int t;
    if (a > b) { t = a; a = b; b = t; }
    if (b > c) { t = b; b = c; c = t; }
    if (a > b) { t = a; a = b; b = t; }
    if (a <= 0) return 0;
    if (a + b <= c) return 0;
    if (a == c) return 3;
    if (a == b || b == c) return 2;
    return 1;
}
