/* Externs (stubs) receiving pointers: they may write through them. */

struct rec {
    int key;
    int *val;
};

int get_ptr(int **out);
int fill_rec(struct rec *r);
int *lookup(int key);
void touch(int *p);

int via_out(int c)
{
    int x = 1;
    int *p = &x;
    if (c)
        get_ptr(&p);
    if (!p)
        return -1;
    return *p;
}

int via_rec(int k)
{
    int x = 3;
    struct rec r;
    r.key = k;
    r.val = &x;
    fill_rec(&r);
    if (!r.val)
        return -2;
    return *r.val + r.key;
}

int via_lookup(int k)
{
    int *p = lookup(k);
    if (!p)
        return 0;
    return *p;
}

int via_touch(int *a)
{
    int x = 2;
    touch(&x);
    if (a)
        touch(a);
    return x + (a ? *a : 0);
}

/* The callee is trusted to set p: the analysis may not be. */
int via_out_nocheck(int c)
{
    int x = 1, y = 2;
    int *p = &x;
    if (c)
        p = &y;
    get_ptr(&p);
    return *p;
}

int via_rec_nocheck(int k)
{
    int x = 3;
    struct rec r;
    r.key = k;
    r.val = &x;
    fill_rec(&r);
    return *r.val + r.key;
}
