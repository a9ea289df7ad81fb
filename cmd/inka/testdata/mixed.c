/* One function inka takes and two it cannot: cover without --func covers
 * the first and names the others (exit status 2). */
long double half(long double x) { return x / 2; }
int ok(int a) { if (a > 2) return 1; return 0; }
int jump(int a) { void *p = &&out; if (a) goto *p; a = 3; out: return a; }
