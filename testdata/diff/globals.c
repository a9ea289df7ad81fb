/* Globals (as inputs), helper functions, recursion, read-only data. */

int counter;
unsigned short table[5];
int *gp;
const int limits[3] = {10, 20, 30};

struct config {
    int mode;
    long scale;
} conf;

int use_globals(int x)
{
    counter += x & 0xff;
    if (counter > 100)
        counter = 100;
    table[x & 3] = (unsigned short)counter;
    return counter + table[0];
}

int via_gp(int v)
{
    if (gp == 0)
        return -1;
    *gp = v;
    return gp[1];
}

static int square(int x)
{
    return x * x;
}

int calls(int a, int b)
{
    int s = square(a & 0xff) + square(b & 0xff);
    counter = s;
    return s > 1000;
}

int sum_down(int n)
{
    if (n <= 0)
        return 0;
    if (n > 20)
        n = 20;
    return n + sum_down(n - 1);
}

int read_const(int i)
{
    if (i < 0 || i > 2)
        return 0;
    return limits[i];
}

long scaled(int v)
{
    if (conf.mode == 1)
        return v * conf.scale;
    if (conf.mode == 2 && conf.scale != 0)
        return v / conf.scale;
    conf.mode = 0;
    return v;
}

static int clamp(int v, int lo, int hi)
{
    if (v < lo)
        return lo;
    if (v > hi)
        return hi;
    return v;
}

int clamp_all(int *a, int n)
{
    int i, changed = 0;
    if (n > 4)
        n = 4;
    for (i = 0; i < n; i++) {
        int c = clamp(a[i], -limits[0], limits[2]);
        if (c != a[i])
            changed++;
        a[i] = c;
    }
    return changed;
}

static int fib(int n)
{
    if (n < 2)
        return n;
    return fib(n - 1) + fib(n - 2);
}

int fib_small(int n)
{
    return fib(n & 15);
}
