/* One function per kind of undefined behaviour the interpreter detects.
 * interp/ub_test.go runs each on the inputs of its comment and expects the
 * kind at the line marked UB. */
#include <assert.h>

int overflow(int x)             /* x=2147483647 */
{
    int y = x + 1;              /* UB: signed overflow */
    return y;
}

long divide(long a, long b)     /* a=-9223372036854775808,b=-1 */
{
    if (b == 0)
        return 0;
    return a / b;               /* UB: division overflow */
}

int modulo(int a, int b)        /* a=5,b=0 */
{
    return a % b;               /* UB: division by zero */
}

int shift_count(int x, int n)   /* x=1,n=32 */
{
    return x << n;              /* UB: shift count */
}

int shift_negative(int x)       /* x=-4 */
{
    return x << 2;              /* UB: shift of negative */
}

int shift_overflow(int x)       /* x=3 */
{
    return x << 30;             /* UB: shift overflow */
}

int null_deref(int *p)          /* p=NULL */
{
    if (p != 0)
        return 0;
    return *p;                  /* UB: null dereference */
}

static int *escape(int v)
{
    int local = v;
    return &local;
}

int dangling(int v)             /* v=3 */
{
    int *p = escape(v);
    return *p;                  /* UB: dangling */
}

int out_of_bounds(int i)        /* i=4 */
{
    int a[4] = {1, 2, 3, 4};
    return a[i];                /* UB: out of bounds */
}

int bad_arith(int *p, int i)    /* i=5 */
{
    int *q = p + i;             /* UB: pointer arithmetic beyond one past the end */
    return q == p;
}

int compare_objects(int x, int y)   /* x=1,y=2 */
{
    int *p = &x, *q = &y;
    return p < q;               /* UB: pointers into different objects */
}

int uninitialized(int c)        /* c=0 */
{
    int x;
    if (c)
        x = 1;
    return x + 1;               /* UB: uninitialized */
}

int write_literal(int i)        /* i=0 */
{
    char *s = "abc";
    s[i] = 'x';                 /* UB: read-only */
    return s[0];
}

static const int limits[2] = { 10, 20 };

int write_const(int i)          /* i=1 */
{
    int *p = (int *)&limits[i & 1];   /* casting const away is allowed, */
    *p = 0;                     /* UB: writing the const object is not */
    return limits[0];
}

struct account { const long id; long balance; };
struct account acct = { 42, 0 };

long write_const_member(long amount)    /* amount=5 */
{
    acct.balance = amount;      /* the other member is writable */
    *(long *)&acct.id = amount; /* UB: a const member */
    return acct.balance;
}

int write_const_local(int x)    /* x=3 */
{
    const int fixed[2] = { x, x + 1 };  /* its initialization writes it */
    int *p = (int *)fixed;
    p[1] = 0;                   /* UB: read-only */
    return fixed[0];
}

static int no_return(int c)
{
    if (c)
        return 1;
}

int missing_return(int c)       /* c=0 */
{
    int r = no_return(c);
    return r + 1;               /* UB: missing return */
}

int failing_assert(int x)       /* x=-1 */
{
    assert(x >= 0);             /* ASSERT */
    return x;
}

int deep(int n)                 /* n=100000 */
{
    if (n == 0)
        return 0;
    return 1 + deep(n - 1);     /* DEPTH: the call that goes too deep */
}

int spin(int n)                 /* n=1 */
{
    while (n > 0)               /* STEPS */
        n = n * 1;
    return n;
}
