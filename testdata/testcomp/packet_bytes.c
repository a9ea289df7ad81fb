// Reachable on ILP32 (the task's data model): a long long member is
// aligned to 4 in a struct there, so stamp starts at byte 4 of the packet
// and byte 8 of the packet is byte 4 of stamp. On LP64 stamp starts at
// byte 8, whose value is stamp's low byte: 0x2a, never 1 (unreachable).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "packet_bytes.c", 7, "reach_error"); }
extern char __VERIFIER_nondet_char(void);
extern long long __VERIFIER_nondet_longlong(void);

struct packet {
  char kind;
  long long stamp;
};

int main() {
  struct packet p;
  const unsigned char *raw = (const unsigned char *)&p;
  p.kind = __VERIFIER_nondet_char();
  p.stamp = __VERIFIER_nondet_longlong();
  if (p.kind != 'P')
    return 0;
  if ((p.stamp & 0xff) == 0x2a && raw[8] == 1)
    reach_error();
  return 0;
}
