/* A parameter shadows a global that an inlined callee reads: the
 * global's input root is g#ID (ir.GlobalRoots). */
int *g;
static int h(void) { return g ? *g : -1; }
int f(int g) { return h() + g; }

/* The same with a pointer parameter: two inputs, q and q#ID. */
int *q;
static int hq(void) { return q ? *q : -1; }
int f2(int *q) { return hq() + (q ? *q : 0); }
