/* Calls through function pointers: targets resolved by the points-to
 * analysis, callbacks of function-pointer inputs answered as stubs. */
struct obj {
    int n;
    void (*touch)(struct obj *);
};

/* The callback may set n to 5, which the stub contract does not let it
 * do: line 14's true outcome is unknown, never unreachable. */
int callback(struct obj *o, int k)
{
    o->n = 3;
    if (k)
        o->touch(o);
    if (o->n == 5)
        return 1;
    return 0;
}

static int twice(int x) { return 2 * x; }
static int negate(int x) { return -x; }

/* f may be NULL, the input's callback, or twice or negate (the file takes
 * their addresses): every outcome is covered. */
int apply(int (*f)(int), int x)
{
    if (!f)
        return -1;
    if (f == twice)
        return 1;
    if (f(x) > 100)
        return 2;
    return 0;
}

/* Both targets are the file's own: the dispatch is exact, line 44's true
 * outcome is proved unreachable. */
int pick(int x)
{
    int (*g)(int) = x > 0 ? twice : negate;
    if (x < -1000 || x > 1000)
        return 0;
    int y = g(x);
    if (y < 0)
        return -1;
    return y;
}

int (*lookup(int key))(int);

/* A pointer an undefined function returns: its target is unknown, the
 * paths that call it are not modelled; the others are answered. */
int indirect(int key, int x)
{
    if (key == 3)
        return 7;
    int (*h)(int) = lookup(key);
    return h(x);
}
