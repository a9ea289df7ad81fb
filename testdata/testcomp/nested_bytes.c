// Reachable: three nondet bytes must take exact values.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "nested_bytes.c", 4, "reach_error"); }
extern char __VERIFIER_nondet_char(void);

int main() {
  char a = __VERIFIER_nondet_char();
  char b = __VERIFIER_nondet_char();
  char c = __VERIFIER_nondet_char();
  if (a == 'a') {
    if (b == 5) {
      if (c == 16)
        goto ERROR;
      if (c > b)
        return 2;
    } else if (b < 0) {
      return 3;
    }
  }
  return 0;
ERROR:
  reach_error();
  abort();
}
