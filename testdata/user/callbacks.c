/* Callbacks and dispatch tables in the style of real code: an event
 * dispatcher with registered handlers, a command table, a sort and a
 * visitor taking the comparison or the action as a parameter. */

/* ---- an event dispatcher ---- */

enum { EV_OPEN, EV_READ, EV_CLOSE, EV_COUNT };

typedef int (*handler_fn)(int arg, int *state);

struct dispatcher {
    handler_fn handlers[EV_COUNT];
    int state;
    int dropped;
};

static int on_open(int arg, int *state)
{
    if (*state != 0)
        return -1; /* already open */
    *state = arg > 0 ? arg : 1;
    return 0;
}

static int on_read(int arg, int *state)
{
    if (*state == 0)
        return -2; /* not open */
    if (arg > *state)
        return *state;
    return arg;
}

static int on_close(int arg, int *state)
{
    (void)arg;
    if (*state == 0)
        return -3;
    *state = 0;
    return 0;
}

void dispatcher_init(struct dispatcher *d)
{
    d->handlers[EV_OPEN] = on_open;
    d->handlers[EV_READ] = on_read;
    d->handlers[EV_CLOSE] = 0; /* registered later */
    d->state = 0;
    d->dropped = 0;
}

/* Dispatch one event: the registered handler's answer, or -9 (and one
 * more dropped event) when none is registered. */
int dispatch(struct dispatcher *d, int ev, int arg)
{
    if (ev < 0 || ev >= EV_COUNT)
        return -8;
    handler_fn h = d->handlers[ev];
    if (h == 0) {
        d->dropped++;
        return -9;
    }
    return h(arg, &d->state);
}

/* A session: open, read twice, close (registered on the way). */
int session(int size, int want1, int want2)
{
    struct dispatcher d;
    int got = 0, r;

    dispatcher_init(&d);
    if (dispatch(&d, EV_OPEN, size) != 0)
        return -1;
    r = dispatch(&d, EV_READ, want1);
    if (r < 0)
        return -2;
    got += r;
    if (dispatch(&d, EV_CLOSE, 0) == -9)
        d.handlers[EV_CLOSE] = on_close;
    r = dispatch(&d, EV_READ, want2);
    got += r;
    if (dispatch(&d, EV_CLOSE, 0) != 0)
        return -3;
    return got * 10 + d.dropped;
}

/* ---- a command table ---- */

struct command {
    char name;
    int min_args;
    int (*run)(const int *args, int n);
};

static int cmd_sum(const int *args, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += args[i] % 1000;
    return s;
}

static int cmd_max(const int *args, int n)
{
    int m = args[0];
    for (int i = 1; i < n; i++)
        if (args[i] > m)
            m = args[i];
    return m;
}

static int cmd_neg(const int *args, int n)
{
    (void)n;
    return -(args[0] % 1000);
}

static const struct command commands[] = {
    {'s', 0, cmd_sum},
    {'m', 1, cmd_max},
    {'n', 1, cmd_neg},
};

/* Run command c on the first n of args: -100 for an unknown command, -101
 * for too few arguments. */
int run_command(char c, const int args[4], int n)
{
    const struct command *cmd = 0;
    if (n < 0 || n > 4)
        return -102;
    for (unsigned i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        if (commands[i].name == c) {
            cmd = &commands[i];
            break;
        }
    }
    if (!cmd)
        return -100;
    if (n < cmd->min_args)
        return -101;
    return cmd->run(args, n);
}

/* ---- a comparison passed to a sort ---- */

typedef int (*cmp_fn)(int, int);

static int ascending(int a, int b) { return a < b ? -1 : a > b; }
static int descending(int a, int b) { return ascending(b, a); }

/* Insertion sort of v[0..3] by cmp: the number of moves made, -1 when cmp
 * is NULL. */
int sort4(int v[4], cmp_fn cmp)
{
    int moves = 0;
    if (!cmp)
        return -1;
    for (int i = 1; i < 4; i++) {
        int x = v[i], j = i - 1;
        while (j >= 0 && cmp(v[j], x) > 0) {
            v[j + 1] = v[j];
            j--;
            moves++;
        }
        v[j + 1] = x;
    }
    return moves;
}

/* Sort ascending or descending, then report whether the ends are in
 * order. */
int sort_check(int v[4], int desc)
{
    int moves = sort4(v, desc ? descending : ascending);
    if (moves > 3 && v[0] == v[3])
        return 2;
    return desc ? v[0] >= v[3] : v[0] <= v[3];
}

/* ---- a visitor ---- */

/* Apply visit to every element of v until it returns non-zero: the index
 * where it stopped, or -1. */
int find_first(const int v[4], int (*visit)(int x, void *ctx), void *ctx)
{
    for (int i = 0; i < 4; i++)
        if (visit(v[i], ctx))
            return i;
    return -1;
}

static int is_negative(int x, void *ctx)
{
    (void)ctx;
    return x < 0;
}

int first_negative(const int v[4])
{
    return find_first(v, is_negative, 0);
}
