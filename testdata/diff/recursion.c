/* Recursion with pointers to the caller's locals, struct return, arrays of
 * structs in globals, pointers to pointers to structs. */

struct pair {
    int a, b;
};

struct pair pairs[3];

static void accumulate(int *total, int n)
{
    if (n <= 0)
        return;
    *total += n;
    accumulate(total, n - 1);
}

int tri(int n)
{
    int t = 0;
    if (n > 30)
        n = 30;
    accumulate(&t, n);
    return t;
}

struct pair swap_pair(struct pair p)
{
    struct pair q;
    q.a = p.b;
    q.b = p.a;
    return q;
}

int sum_pairs(int k)
{
    int i, s = 0;
    for (i = 0; i < 3; i++) {
        if (pairs[i].a > 1000 || pairs[i].a < -1000)
            return -1;
        s += pairs[i].a;
        if (i == k)
            pairs[i] = swap_pair(pairs[i]);
    }
    return s;
}

int deref_pp(struct pair **pp, int which)
{
    struct pair *p = *pp;
    if (p == 0)
        return -1;
    if (which)
        return p->a > p->b;
    return pp[1] != 0 && pp[1]->a == p->a;
}

static int gcd(int a, int b)
{
    if (b == 0)
        return a;
    return gcd(b, a % b);
}

int gcd_pos(int a, int b)
{
    if (a <= 0 || b <= 0)
        return 0;
    return gcd(a, b);
}

static int is_even(unsigned int n);

static int is_odd(unsigned int n)
{
    if (n == 0)
        return 0;
    return is_even(n - 1);
}

static int is_even(unsigned int n)
{
    if (n == 0)
        return 1;
    return is_odd(n - 1);
}

int parity(unsigned int n)
{
    return is_odd(n % 64);
}
