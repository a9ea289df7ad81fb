/* Programs written to probe inka the way a user would: every answer is
 * replayed by gcc and every unreachable cross-checked (testgen/check_test.go). */
#include <string.h>
int count(const char *s)
{
    int n = 0;
    while (s[n] != '\0' && n < 3)
        n++;
    if (n == 3)
        return 1;
    return 0;
}
int collatz(unsigned x)
{
    int steps = 0;
    while (x != 1 && steps < 20) {
        if (x % 2 == 0) x = x / 2;
        else x = 3 * x + 1;
        steps++;
    }
    if (steps == 7)
        return 1;
    return 0;
}
int sw(int op, int a, int b)
{
    switch (op) {
    case 0: return a + 0;
    case 1: if (a > b) return 1; /* fall through */
    case 2: return b;
    default: break;
    }
    return -1;
}
unsigned short wrap(unsigned short a, unsigned short b)
{
    unsigned short c = a + b;
    if (c < a)
        return 1;
    return 0;
}
int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
int usefact(int n)
{
    if (n > 0 && n < 10 && fact(n) == 720)
        return 1;
    return 0;
}
