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
