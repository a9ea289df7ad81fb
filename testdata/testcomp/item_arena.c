// Reachable on ILP32 (the task's data model): an item is a pointer and a
// long, 8 bytes on ILP32 and 16 on LP64, so five items fill exactly 40
// bytes only on ILP32. On LP64 it is unreachable.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "item_arena.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

struct item {
  struct item *next;
  long weight;
};

int main() {
  int k = __VERIFIER_nondet_int();
  unsigned long used;
  __VERIFIER_assume(k >= 0 && k <= 8);
  used = k * sizeof(struct item);
  if (used > 64)
    return 1;
  if (used == 40)
    reach_error();
  return 0;
}
