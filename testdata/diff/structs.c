/* Struct fields through pointers, nested structs, struct copy. */

struct point {
    int x, y;
};

struct rect {
    struct point lo, hi;
    unsigned char flags;
};

int area(struct rect *r)
{
    int w = r->hi.x - r->lo.x, h = r->hi.y - r->lo.y;
    if (w < 0 || h < 0)
        return -1;
    if (w > 10000 || h > 10000)
        return -2;
    return w * h;
}

void normalize(struct rect *r)
{
    if (r->lo.x > r->hi.x) {
        int t = r->lo.x;
        r->lo.x = r->hi.x;
        r->hi.x = t;
        r->flags |= 1;
    }
    if (r->lo.y > r->hi.y) {
        int t = r->lo.y;
        r->lo.y = r->hi.y;
        r->hi.y = t;
        r->flags |= 2;
    }
}

struct point midpoint(struct point a, struct point b)
{
    struct point m;
    m.x = a.x / 2 + b.x / 2;
    m.y = a.y / 2 + b.y / 2;
    return m;
}

struct node {
    int v;
    struct node *next;
};

int list_sum(struct node *n)
{
    int s = 0, k = 0;
    while (n && k < 10) {
        if (n->v > 1000 || n->v < -1000)
            return -1;
        s += n->v;
        n = n->next;
        k++;
    }
    return s;
}

struct buf {
    int len;
    short data[6];
};

int buf_put(struct buf *b, int i)
{
    if (i < 0 || i >= 6)
        return -1;
    if (b->len < 0 || b->len > 1000)
        return -2;
    b->data[i] = (short)(b->len + i);
    b->len++;
    return b->data[i];
}

int struct_copy(struct point *p)
{
    struct point q = *p;
    if (q.x < 1000 && q.x > -1000)
        q.x++;
    *p = q;
    return q.x == p->x;
}

int rect_of_points(struct point *a, int n)
{
    struct rect r;
    int i;
    if (n <= 0 || n > 4)
        return 0;
    r.lo = a[0];
    r.hi = a[0];
    for (i = 1; i < n; i++) {
        if (a[i].x < r.lo.x)
            r.lo.x = a[i].x;
        if (a[i].y > r.hi.y)
            r.hi.y = a[i].y;
    }
    return (r.lo.x & 0xff) + (r.hi.y & 0xff) * 256;
}

union word {
    int i;
    unsigned int u;
};

unsigned int union_same_layout(int x)
{
    union word w;
    w.i = x;
    return w.u >> 1;
}
