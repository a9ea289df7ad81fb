// Unreachable: 2 * (0 + 1 + ... + (n-1)) == n * (n-1) for n <= 20.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "gauss.c", 4, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assume(int cond);

void __VERIFIER_assert(int cond) {
  if (!cond) {
  ERROR: {reach_error(); abort();}
  }
}

int main() {
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n <= 20);
  unsigned int sum = 0;
  for (unsigned int i = 0; i < n; i++)
    sum += i;
  __VERIFIER_assert(2 * sum == n * (n - 1) || n == 0);
  return 0;
}
