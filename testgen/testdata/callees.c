/* Undefined callees may write more than inka's stub contract (one value
 * through the first pointer-to-integer argument): a proof that relies on
 * them not writing is not a proof for every callee. */
struct cfg { int x, y; };
void init(struct cfg *c);
void set(void);
void fill(int *a, int n);
int read_into(int *out);
int g;

int f1(void) { struct cfg c; c.x = 0; c.y = 0; init(&c); if (c.x == 5) return 1; return 0; }
int f2(void) { g = 0; set(); if (g == 1) return 1; return 0; }
int f3(void) { int a[3] = {0, 0, 0}; fill(a, 3); if (a[2] == 7) return 1; return 0; }

/* Exactly the contract: the callee may store any int in x, and no value
 * is both 3 and 4. */
int f4(void) { int x = 0; read_into(&x); if (x == 3 && x == 4) return 1; return 0; }

/* A callee may call back into the file: on_event() may call depth(1),
 * which resets n before depth(0) tests it. */
void on_event(void);
int depth(int reset) {
	static int n;
	if (reset) {
		n = 0;
		return 0;
	}
	n = 5;
	on_event();
	if (n == 0)
		return 1;
	return 2;
}

/* A callee given a pointer to const may cast the const away and write,
 * unless the object itself is const. */
void show(const struct cfg *c);
const struct cfg defaults = {1, 2};
int f6(void) { struct cfg c = {0, 0}; show(&c); if (c.y == 9) return 1; return 0; }
int f7(void) { show(&defaults); if (defaults.x == 5) return 1; return 0; }

/* A callee may keep a pointer it is given (a registration, a read that
 * completes later) and another callee write through it: poll() may change
 * v after watch(&v) returned, and in a loop, each read_into(&buf[i]) may
 * write the element of an earlier call. */
void watch(int *p);
void poll(void);
int f8(void) { int v = 0; watch(&v); v = 0; poll(); if (v != 0) return 1; return 0; }
int f9(void) {
	int buf[4] = {0, 0, 0, 0};
	for (int i = 1; i < 4; i++) {
		read_into(&buf[i]);
		buf[i - 1] = 0;
	}
	if (buf[0] + buf[1] + buf[2] != 0)
		return 1;
	return 0;
}
int f10(void) {
	int x = 0;
	for (int i = 0; i < 3; i++)
		read_into(&x);
	if (x == 3 && x == 4)
		return 1;
	return 0;
}

/* A callee may write where it finds a pointer without being given one: in
 * a global (saved = &x; notify() writes *saved), in a static a function of
 * the file writes through when called back (complete), in a list reachable
 * from a global, and in an object the caller shares with the callee's
 * library before the call (*p: a buffer an interrupt handler fills). Still
 * a proof: nothing the callee can find (f15). */
int *saved;
static int *pending;
void notify(void);
void complete(int v) { if (pending) *pending = v; }
int f11(void) { int x = 0; saved = &x; notify(); saved = 0; if (x != 0) return 1; return 0; }
int f12(void) { int r = 0; pending = &r; notify(); pending = 0; if (r != 0) return 1; return 0; }
int f13(int *p) { *p = 0; notify(); if (*p != 0) return 1; return 0; }
int f14(void) {
	int x = 0;
	int *px = &x;
	static int **root;
	root = &px;
	notify();
	root = 0;
	if (x != 0)
		return 1;
	return 0;
}
int f15(void) { int x = 0; int *px = &x; notify(); if (*px != 0) return 1; return 0; }
