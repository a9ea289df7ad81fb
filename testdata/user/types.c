/* Programs written to probe inka the way a user would: every answer is
 * replayed by gcc and every unreachable cross-checked (testgen/check_test.go). */
#include <stdbool.h>
#include <stddef.h>
enum color { RED, GREEN = 5, BLUE };
union u { int i; unsigned char b[4]; };
struct inner { char name[8]; int vals[3]; };
struct outer { struct inner in; enum color c; bool ok; };
static const int table[5] = {1, 2, 4, 8, 16};
int gl[3];

int enums(enum color c) { if (c == BLUE) return 1; if (c > GREEN) return 2; return 0; }
int unions(union u x) { if (x.i == 258) return 1; return 0; }
int nested(struct outer *o)
{
    if (!o->ok) return -1;
    if (o->in.name[0] == 'a' && o->in.vals[2] > 10 && o->c == GREEN)
        return 1;
    return 0;
}
int pp(int **q)
{
    if (q && *q && **q == 42) return 1;
    return 0;
}
int arrptr(int *a[2])
{
    if (a[0] != NULL && a[1] != NULL && *a[0] + *a[1] == 7) return 1;
    return 0;
}
int lookup(unsigned i) { if (i < 5 && table[i] == 8) return 1; return 0; }
int globarr(int k) { gl[k & 1] = k; if (gl[0] + gl[1] == 9) return 1; return 0; }
int strs(const char *s)
{
    const char *t = "hi";
    if (s[0] == t[0] && s[1] == t[1]) return 1;
    return 0;
}
int ternp(int c, int *x, int *y)
{
    int *p = c ? x : y;
    *p = 3;
    if (*x == 3 && *y != 3) return 1;
    return 0;
}
long mixed(unsigned char a, signed char b, unsigned long c)
{
    long r = a + b;
    if (c > 0xffffffffUL && r < 0) return r;
    if ((unsigned)b > 200u) return 2;
    return 0;
}
