/* Regressions found by the soundness test (soundness_test.go). */

/* &a[i] with a NULL and i = 0 is NULL, not undefined: a[i] dereferences
 * NULL then (it dropped out of the targets). */
int null_index(int *a, int i)
{
    return a[i];
}

int null_index_const(int *a)
{
    return a[1];
}

struct rec {
    int key;
    int *val;
};

int fill_rec(struct rec *r);
/* (fill_rec may store anything in r.) */

/* A stub may store through the pointers it is given: r.val may be NULL
 * (or anything) after the call (it stayed x, definitely). */
int stub_writes(int k)
{
    int x = 3;
    struct rec r;
    r.key = k;
    r.val = &x;
    fill_rec(&r);
    return *r.val + r.key;
}

/* A store through a pointer the analysis does not know (stored by a
 * stub into an object it was given) may write any escaped object: y
 * escapes, and the pointers stored in escaped objects may since point to
 * it. (A pointer a stub returns is an input: its fresh object, or NULL.) */
struct holder {
    int **pp;
};
int fill_holder(struct holder *h);

int store_unknown(int k)
{
    int y = 1;
    int *q = &y;
    struct holder h;
    struct rec r;
    h.pp = 0;
    r.val = q;
    fill_rec(&r);
    fill_holder(&h);
    if (h.pp)
        *h.pp = &y;
    return k;
}

/* Static initializers: &items[1] is the address of the element, not of
 * its first member (the same leaf); keyp points to the member. */
struct item {
    int key;
    struct item *next;
};

struct item items[2] = {{1, &items[1]}, {2, 0}};
int *keyp = &items[1].key;
void *vp = &items[1];

int static_addr(int k)
{
    struct item *p = &items[0];
    int s = 0;
    while (p && k-- > 0) {
        s = s * 10 + p->key;
        p = p->next;
    }
    return s + *keyp + (vp != 0);
}

/* The pointer find_rec returns: NULL or its fresh object. */
struct rec *find_rec(int k);

int returned(int k)
{
    int y = 2;
    struct rec *p = find_rec(k);
    if (p)
        p->val = &y;
    return k;
}

/* A recursion deeper than the inlining bound: the innermost call is left
 * in place, where the run stops (a cut). What it would change matters on
 * no modelled path: c.s after the recursion points into *s, not to ?. */
struct cursor { const char *s; };
static int nest(struct cursor *c, int d)
{
	if (*c->s == '(') {
		c->s++;
		return nest(c, d + 1) + 1;
	}
	return 0;
}
int count_open(const char *s)
{
	struct cursor c = {s};
	int n = nest(&c, 0);
	if (*c.s == 'x')
		return n;
	return -1;
}
