/* Structs, switch, and calls of functions of the file. */

struct point {
    int x, y;
};

struct rect {
    struct point lo, hi;
    unsigned char kind;
};

static int area(const struct rect *r)
{
    return (r->hi.x - r->lo.x) * (r->hi.y - r->lo.y);
}

int rect_check(struct rect *r)
{
    if (r->lo.x > r->hi.x || r->lo.y > r->hi.y)
        return -1;
    if (r->hi.x - r->lo.x > 100 || r->hi.y - r->lo.y > 100)
        return -2;
    int a = area(r);
    if (a < 0)                  /* both sides are non-negative */
        return -3;
    switch (r->kind) {
    case 0:
        return a == 0;
    case 1:
        if (a == 37)            /* 37 is prime: a 1 x 37 rectangle */
            return 37;
        return 1;
    case 2:
    case 3:
        return a > 50 ? 2 : 3;
    default:
        if (r->kind > 200)
            return 200;
        return 4;
    }
}

struct acc {
    int n;
    long sum;
};

static void add(struct acc *a, int v)
{
    if (v < 0)
        return;
    a->n++;
    a->sum += v;
}

long average(int x, int y, int z)
{
    struct acc a = {0, 0};
    add(&a, x);
    add(&a, y);
    add(&a, z);
    if (a.n == 0)
        return -1;
    if (a.n > 3)                /* at most three calls */
        return -2;
    if (a.sum / a.n == 12 && a.n == 2)
        return 12;
    return a.sum / a.n;
}

int opcode(unsigned int insn)
{
    unsigned int op = insn >> 26, rd = (insn >> 21) & 31;
    switch (op) {
    case 0:
        return rd == 0 ? 0 : 1;
    case 0x23:
        if (rd == 31)
            return 2;
        return 3;
    case 0x3f:
        if (insn == 0xffffffffu)
            return 4;
        break;
    case 64:                    /* op < 64 */
        return -1;
    }
    return 5;
}
