// Reachable on ILP32 (the task's data model): unsigned long has 32 bits,
// so n * 1000 wraps around for n >= 4294968 and total ends below n. On
// LP64 it is unreachable: n is at most 2^32-1, n * 1000 < 2^42.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "ulong_scale.c", 6, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);

unsigned long scale(unsigned long n, unsigned long factor) {
  return n * factor;
}

int main() {
  unsigned long n = __VERIFIER_nondet_uint();
  unsigned long total;
  if (n < 1000)
    return 0;
  total = scale(n, 1000UL);
  if (total < n)
    reach_error();
  return 0;
}
