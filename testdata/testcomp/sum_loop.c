// Reachable: eight readings, each above 100 counting twice, add up to 13
// exactly when six of seven are high (n = 7) — or other mixes.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "sum_loop.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assume(int cond);

int main() {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n < 10);
  int s = 0;
  for (int i = 0; i < n; i++) {
    int x = __VERIFIER_nondet_int();
    if (x > 100)
      s += 2;
    else
      s++;
  }
  if (s == 13) {
  ERROR: {reach_error(); abort();}
  }
  return 0;
}
