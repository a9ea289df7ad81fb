// Reachable: three nodes whose keys sum to 10, the middle one 7. A
// linked list built with malloc from nondet keys, summed and freed; malloc
// never fails (the competition's rule), so the out-of-memory exit is never
// taken.
#include <stdlib.h>
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "list_sum.c", 8, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

struct node {
  int key;
  struct node *next;
};

int main() {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 3);
  struct node *head = NULL;
  for (int i = 0; i < n; i++) {
    struct node *nd = malloc(sizeof *nd);
    if (!nd)
      return 2; /* never under the competition's rule */
    nd->key = __VERIFIER_nondet_int();
    __VERIFIER_assume(nd->key >= 0 && nd->key <= 100);
    nd->next = head;
    head = nd;
  }
  int sum = 0, count = 0;
  for (struct node *p = head; p; p = p->next) {
    sum += p->key;
    count++;
  }
  if (count == 3 && sum == 10 && head->next->key == 7)
    reach_error();
  while (head) {
    struct node *next = head->next;
    free(head);
    head = next;
  }
  return 0;
}
