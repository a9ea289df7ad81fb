// Unreachable: the maximum of the array is at least each of its elements.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "array_max.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assume(int cond);

#define N 5

int main() {
  int a[N];
  unsigned int len = __VERIFIER_nondet_uint();
  __VERIFIER_assume(len >= 1 && len <= N);
  for (unsigned int i = 0; i < len; i++)
    a[i] = __VERIFIER_nondet_int();
  int max = a[0];
  unsigned int at = 0;
  for (unsigned int i = 1; i < len; i++) {
    if (a[i] > max) {
      max = a[i];
      at = i;
    }
  }
  for (unsigned int i = 0; i < len; i++) {
    if (a[i] > max) {
      reach_error();
      abort();
    }
  }
  return at;
}
