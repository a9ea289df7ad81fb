// Unreachable within its bound: a counter started at a nondet value up to
// 30 and decremented to zero never goes negative.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "count_down.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assume(int cond);

int main() {
  int c = __VERIFIER_nondet_int();
  __VERIFIER_assume(c >= 0 && c <= 30);
  int steps = 0;
  while (c > 0) {
    if (__VERIFIER_nondet_int())
      c -= 2;
    else
      c--;
    if (c < -1)
      reach_error();
    steps++;
  }
  return steps;
}
