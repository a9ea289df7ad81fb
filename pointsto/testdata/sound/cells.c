/* Multi-level pointers, conditional aliasing, strong and weak updates,
 * aggregate copies with pointer members, arrays of pointers. */

struct pair {
    int *a;
    int *b;
};

struct holder {
    struct pair p;
    int *arr[3];
    int n;
};

int three_level(int c, int d)
{
    int x = 1, y = 2, z = 3;
    int *p = &x, *q = &y;
    int **pp = &p, ***ppp = &pp;
    if (c > 0)
        *ppp = &q;
    if (d > 0)
        **ppp = &z;
    ***ppp += 10;
    return x * 100 + y * 10 + z;
}

int pair_copy(int c)
{
    int x = 1, y = 2;
    struct pair s, t;
    s.a = &x;
    s.b = &y;
    if (c)
        s.a = &y;
    t = s;
    *t.a = 5;
    *t.b += 1;
    return x * 10 + y;
}

int holder_arr(int i, int j)
{
    int x = 0, y = 0, z = 0;
    struct holder h;
    int k;
    h.p.a = &x;
    h.p.b = &y;
    for (k = 0; k < 3; k++)
        h.arr[k] = &z;
    if (i >= 0 && i < 3)
        h.arr[i] = &x;
    if (j >= 0 && j < 3)
        *h.arr[j] += 1;
    *h.p.b = *h.arr[0];
    return x + 2 * y + 3 * z;
}

int ptr_array_loop(int n)
{
    int a = 0, b = 0;
    int *ps[4];
    int k;
    for (k = 0; k < 4; k++)
        ps[k] = (k & 1) ? &a : &b;
    for (k = 0; k < 4 && k < n; k++)
        *ps[k] += k;
    return a * 10 + b;
}

int struct_in_param(struct pair s, int c)
{
    int local = 4;
    if (c)
        s.b = &local;
    if (!s.a || !s.b)
        return -1;
    return *s.a + *s.b;
}

int holder_input(struct holder *h, int i)
{
    if (!h || i < 0 || i > 2)
        return 0;
    if (h->arr[i] && h->p.a) {
        *h->arr[i] = *h->p.a;
        h->p.b = h->arr[i];
    }
    return h->p.b ? *h->p.b : h->n;
}

int out_param(int **out, int c)
{
    static int cell = 3;
    int *old;
    if (!out)
        return 0;
    old = *out;
    if (c > 0)
        *out = &cell;
    if (*out)
        **out += 1;
    return old == *out;
}

void swap_ptrs(int **a, int **b)
{
    int *t = *a;
    *a = *b;
    *b = t;
}

int use_swap(int c)
{
    int x = 1, y = 2;
    int *p = &x, *q = &y;
    if (c)
        swap_ptrs(&p, &q);
    *p = 10;
    return x + y + *q;
}

struct pair make_pair(int *a, int *b)
{
    struct pair r;
    r.a = a;
    r.b = b;
    return r;
}

int use_make_pair(int c)
{
    int x = 1, y = 2;
    struct pair r = make_pair(&x, c ? &x : &y);
    *r.b = 7;
    return x * 10 + y;
}

/* Walking arrays with a pointer. */
int walk(int *a, int n)
{
    int *p, s = 0;
    if (!a || n < 0 || n > 4)
        return 0;
    for (p = a; p < a + n; p++)
        s += *p;
    return s;
}

int local_walk(int c)
{
    int buf[5] = {1, 2, 3, 4, 5};
    int *p = buf, *end = buf + 5;
    while (p != end && *p != c)
        p++;
    return p == end ? -1 : (int)(p - buf);
}

int matrix_rows(int i)
{
    int m[2][3] = {{1, 2, 3}, {4, 5, 6}};
    int (*row)[3] = m;
    if (i < 0 || i > 1)
        return 0;
    row = row + i;
    return (*row)[2];
}

/* A store through a pointer with two possible targets updates neither
 * for sure: the other keeps its old target. */
int weak_store(int c)
{
    int x = 1, y = 2;
    int *p = &x, *q = &x;
    int **pp = &p;
    if (c)
        pp = &q;
    *pp = &y;
    return *p * 10 + *q;
}

/* The same through an array of pointers (a summary location). */
int weak_array(int i)
{
    int x = 1, y = 2;
    int *ps[3] = {&x, &x, &x};
    if (i < 0 || i > 2)
        return 0;
    ps[i] = &y;
    return *ps[0] * 100 + *ps[1] * 10 + *ps[2];
}

struct arrs {
    int *ps[2];
    int *q;
};

/* Indexing an array member one past its end would read the next member:
 * undefined behaviour, which the analysis may (and does) ignore. */
int member_index(int i)
{
    int x = 1, y = 2;
    struct arrs s;
    int **pp = s.ps;
    s.ps[0] = &x;
    s.ps[1] = &x;
    s.q = &y;
    if (i < 0 || i > 2)
        return 0;
    return *pp[i];
}
