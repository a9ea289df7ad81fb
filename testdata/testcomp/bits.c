// Unreachable: a power of two has exactly one bit set, and clearing the
// lowest set bit of it leaves zero.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "bits.c", 5, "reach_error"); }
extern unsigned short __VERIFIER_nondet_ushort(void);

static int popcount(unsigned int x) {
  int c = 0;
  while (x) {
    x &= x - 1;
    c++;
  }
  return c;
}

int main() {
  unsigned int x = __VERIFIER_nondet_ushort();
  unsigned int low = x & -x;
  if (x != 0 && (x & (x - 1)) == 0) {
    if (popcount(x) != 1 || low != x)
      reach_error();
  } else if (x != 0) {
    if ((x ^ low) == 0)
      reach_error();
  }
  return 0;
}
