// Reachable: a recursive helper; fact(n) is 120 for n = 5.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "factorial.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assume(int cond);

static int fact(int n) {
  if (n <= 1)
    return 1;
  return n * fact(n - 1);
}

int main() {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 6);
  if (fact(n) == 120) {
    reach_error();
    abort();
  }
  return 0;
}
