/* Aggregates holding pointers copied through pointers, switch and ?:
 * choosing targets, nested loops rewiring pointers. */

struct pair {
    int *a;
    int *b;
};

struct box {
    struct pair p[2];
    int n;
};

int copy_through(struct pair *dst, struct pair *src, int c)
{
    int x = 5;
    if (!dst || !src)
        return 0;
    if (c)
        src->a = &x;
    *dst = *src;
    if (dst->a)
        return *dst->a;
    return -1;
}

int box_copy(int i, int c)
{
    int x = 1, y = 2, z = 3;
    struct box b1, b2;
    struct box *pb = &b2;
    b1.p[0].a = &x;
    b1.p[0].b = &y;
    b1.p[1].a = &z;
    b1.p[1].b = &z;
    b1.n = 2;
    if (c)
        b1.p[1].a = &y;
    *pb = b1;
    if (i < 0 || i > 1)
        return 0;
    return *pb->p[i].a + *b2.p[i].b;
}

int pick(int k)
{
    int x = 1, y = 2, z = 3;
    int *p;
    switch (k) {
    case 0:
        p = &x;
        break;
    case 1:
    case 2:
        p = &y;
        break;
    default:
        p = k > 10 ? &z : &x;
    }
    *p += 10;
    return x + y + z;
}

int nested_rewire(int n, int m)
{
    int a = 0, b = 0, c = 0;
    int *p = &a, *q = &b, *t;
    int i, j;
    for (i = 0; i < n && i < 4; i++) {
        for (j = 0; j < m && j < 3; j++) {
            t = p;
            p = q;
            q = t;
            *p += 1;
        }
        if (i == 2)
            q = &c;
    }
    return a * 100 + b * 10 + c + *q;
}

int do_while_walk(int *a, int n)
{
    int *p = a, s = 0;
    if (!a || n < 1 || n > 4)
        return 0;
    do {
        s += *p;
        p++;
    } while (p < a + n);
    return s;
}
