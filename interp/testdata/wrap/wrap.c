/* Undefined arithmetic as x86-64 code computes it (interp Config.WrapArith):
 * checked against gcc -O0 -fwrapv (wrapping +, -, *, unary -) whose shifts
 * by a variable count are the processor's (count masked to the width). */
#include <limits.h>

int add(int x, int y) { return x + y; }
int mul(int x, int y) { return x * y; }
int neg(int x) { return -x; }
int shl(int x, int c) { return x << c; }
int shr(int x, int c) { return x >> c; }
unsigned ushr(unsigned x, int c) { return x >> c; }
long long lshl(long long x, int c) { return x << c; }
int first(int x) { int a = x + 1; int b = a * 2; return b; }
