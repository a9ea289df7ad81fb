/* Function pointers whose targets are in the program: tables, struct
 * members, locals, callbacks passed to the file's own functions
 * (interp/diff_test.go runs them against gcc). */

typedef int (*binop)(int, int);

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int max2(int a, int b) { return a > b ? a : b; }

static const binop ops[3] = { add, &sub, max2 };

/* A const dispatch table indexed by an input. */
int calc(int op, int a, int b)
{
    if (op < 0 || op > 2 || a < -1000 || a > 1000 || b < -1000 || b > 1000)
        return 0;
    binop f = ops[op];
    if (f == sub)
        return (*f)(b, a);
    return f(a, b);
}

/* A callback passed to a function of the file. */
static int fold(const int v[4], int n, binop f, int init)
{
    int acc = init;
    for (int i = 0; i < n && i < 4; i++)
        acc = f(acc, v[i] % 1000);
    return acc;
}

int sum_or_max(const int v[4], int n, int want_max)
{
    if (want_max)
        return fold(v, n, max2, -1000);
    return fold(v, n, add, 0);
}

/* Handlers in a table of structs built at run time. */
struct handler {
    int code;
    int (*fn)(int);
};

static int twice(int x) { return 2 * (x % 1000); }
static int negate(int x) { return -(x % 1000); }
static int ident(int x) { return x; }

int handle(int code, int x)
{
    struct handler hs[3];
    hs[0].code = 1; hs[0].fn = twice;
    hs[1].code = 2; hs[1].fn = negate;
    hs[2].code = 7; hs[2].fn = 0;
    for (int i = 0; i < 3; i++) {
        if (hs[i].code != code)
            continue;
        if (!hs[i].fn)
            return -1;
        return hs[i].fn(x);
    }
    return ident(x) % 100;
}

/* A function pointer chosen by a condition, compared, called twice. */
int choose(int x, int y)
{
    int (*g)(int) = x > y ? twice : negate;
    int (*h)(int) = &ident;
    if (g == h)
        return 0;
    if (x == y)
        h = g;
    return g(x % 100) + h(y % 100) + (g == h);
}

/* A state machine whose states are functions returning the next one
 * (through an index, C having no recursive function types). */
static int st_idle(int c) { return c == 's' ? 1 : 0; }
static int st_run(int c) { return c == 'p' ? 2 : c == 'x' ? 0 : 1; }
static int st_pause(int c) { return c == 'r' ? 1 : c == 'x' ? 0 : 2; }

int machine(const char ev[6])
{
    int (*const states[3])(int) = { st_idle, st_run, st_pause };
    int s = 0, changes = 0;
    for (int i = 0; i < 6; i++) {
        int next = states[s](ev[i]);
        changes += next != s;
        s = next;
    }
    return s * 10 + changes;
}
