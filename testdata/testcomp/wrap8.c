// Reachable: unsigned char arithmetic wraps around (x + y from 256 to
// 355 leaves s below 100).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "wrap8.c", 5, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);

int main() {
  unsigned char x = __VERIFIER_nondet_uchar();
  unsigned char y = __VERIFIER_nondet_uchar();
  short z = __VERIFIER_nondet_short();
  unsigned char s = x + y;
  if (x > 100 && y > 100) {
    if (s < 100 && z == -3 * (int)s)
      reach_error();
  }
  if (z < 0 && z > -10 && s == 0)
    return 1;
  return 0;
}
