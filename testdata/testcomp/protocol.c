// Reachable: a session state machine driven by nondet events accepts data
// after a reset without a new handshake (the bug: RESET keeps "auth").
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "protocol.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

enum state { IDLE, HELLO, OPEN, CLOSED };
enum event { EV_HELLO = 1, EV_AUTH = 2, EV_DATA = 3, EV_RESET = 4, EV_CLOSE = 5 };

int main() {
  enum state st = IDLE;
  int auth = 0, sent = 0;
  for (int k = 0; k < 6; k++) {
    int ev = __VERIFIER_nondet_int();
    switch (st) {
    case IDLE:
      if (ev == EV_HELLO)
        st = HELLO;
      break;
    case HELLO:
      if (ev == EV_AUTH) {
        auth = 1;
        st = OPEN;
      } else if (ev == EV_RESET) {
        st = IDLE;
      }
      break;
    case OPEN:
      if (ev == EV_DATA) {
        if (!auth)
          reach_error();
        sent++;
      } else if (ev == EV_RESET) {
        st = IDLE; // auth is not cleared
      } else if (ev == EV_CLOSE) {
        st = CLOSED;
      }
      break;
    case CLOSED:
      break;
    }
    if (st == IDLE && auth && sent > 0) {
      // a reset session that already sent data, seen again in HELLO
      int again = __VERIFIER_nondet_int();
      if (again == EV_DATA)
        reach_error();
    }
  }
  return sent;
}
