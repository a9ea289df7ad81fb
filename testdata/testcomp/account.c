// Reachable: a withdrawal is checked against the balance, but a fee
// charged after it is not, so the balance can go below zero.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "account.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);

struct account {
  int balance;
  int ops;
  _Bool frozen;
};

static void withdraw(struct account *a, int amount) {
  if (a->frozen || amount <= 0)
    return;
  if (amount <= a->balance) {
    a->balance -= amount;
    a->ops++;
    if (a->ops > 2)
      a->balance -= 1; // the fee, unchecked
  }
}

static void deposit(struct account *a, int amount) {
  if (!a->frozen && amount > 0 && amount < 1000) {
    a->balance += amount;
    a->ops++;
  }
}

int main() {
  struct account acc = {0, 0, 0};
  for (int step = 0; step < 4; step++) {
    unsigned char op = __VERIFIER_nondet_uchar();
    int amount = __VERIFIER_nondet_int();
    switch (op % 3) {
    case 0:
      deposit(&acc, amount);
      break;
    case 1:
      withdraw(&acc, amount);
      break;
    default:
      acc.frozen = __VERIFIER_nondet_bool();
    }
    if (acc.balance < 0) {
      reach_error();
      abort();
    }
  }
  return 0;
}
