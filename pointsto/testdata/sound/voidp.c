/* void* cells as in jos97: conversions to and from void* that keep each
 * object's own type. */

int cycle(int i)
{
    void *a, *b, *c;
    void **p = &a;
    a = &b;
    b = &c;
    c = &a;
    while (i > 0 && i < 10) {
        i--;
        p = *p;
    }
    return p == &b;
}

void generic_swap(void **x, void **y)
{
    void *t = *x;
    *x = *y;
    *y = t;
}

int use_generic(int c)
{
    int u = 1, v = 2;
    void *p = &u, *q = &v;
    int *r;
    if (c)
        generic_swap(&p, &q);
    r = p;
    *r = 5;
    return u * 10 + v;
}

int through_void(int *x, int c)
{
    int y = 3;
    void *v = x;
    int *back;
    if (c || !x)
        v = &y;
    back = v;
    return *back;
}

struct hdr {
    int tag;
    int len;
};

/* A struct pointer converted through void* to a pointer to its first
 * member (C11 6.7.2.1p15), and back. */
int first_member(int t)
{
    struct hdr h;
    void *v = &h;
    int *tag = v;
    struct hdr *back;
    h.len = 2;
    *tag = t;
    back = v;
    return back->tag + back->len;
}
