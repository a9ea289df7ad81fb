/* Allocation sites in the model: an object allocated once, nodes
 * allocated in a loop (distinct objects of one site), a zeroed table; each
 * with a branch no run takes, which a wrong model of the heap (two nodes
 * sharing an object, a store through one node seen through another, a
 * calloc'd member not zero) would take. */
#include <stdlib.h>

struct pair {
    int lo, hi;
};

/* the pair of x and x + 1 when x < 1000 */
int pair_span(int x)
{
    if (x < -1000 || x > 1000)
        return -2;
    struct pair *p = malloc(sizeof *p);
    if (!p)
        return -1;
    p->lo = x;
    p->hi = x + 1;
    int r = 0;
    if (p->hi == p->lo) /* never */
        r = 5;
    else if (p->lo < 0)
        r = 1;
    free(p);
    return r;
}

struct item {
    int key;
    struct item *next;
};

/* two nodes allocated in a loop and linked: the first keeps its key */
int two_items(int a, int b)
{
    struct item *it[2];
    for (int i = 0; i < 2; i++) {
        it[i] = malloc(sizeof(struct item));
        if (!it[i]) {
            if (i == 1)
                free(it[0]);
            return -1;
        }
        it[i]->key = i ? b : a;
        it[i]->next = i ? it[0] : NULL;
    }
    int r = 0;
    if (it[0]->key != a) /* never: the second store went to another node */
        r = 99;
    else if (it[1]->next != it[0]) /* never */
        r = 98;
    else if (it[1]->key == it[0]->key)
        r = 1;
    free(it[1]);
    free(it[0]);
    return r;
}

struct counts {
    int n[3];
    int total;
};

/* tallies v (0..2) into a zeroed table */
int tally(int v, int w)
{
    struct counts *c = calloc(1, sizeof *c);
    if (!c)
        return -1;
    if (v >= 0 && v < 3) {
        c->n[v] += 1;
        c->total += 1;
    }
    int r = 0;
    if (c->total != 0 && c->total != 1) /* never: calloc zeroed it */
        r = 7;
    else if (c->n[2] == 1 && w > 3)
        r = 2;
    free(c);
    return r;
}

/* three nodes pushed in a loop: distinct objects of one site, each
 * keeping its key */
int chain3(int a)
{
    if (a < -100 || a > 100)
        return -2;
    struct item *head = NULL;
    for (int i = 0; i < 3; i++) {
        struct item *n = malloc(sizeof *n);
        if (!n)
            break;
        n->key = a + i;
        n->next = head;
        head = n;
    }
    int r = 0;
    if (head && head->next && head->key == head->next->key) /* never */
        r = 9;
    else if (head && head->next && head->next->key == a + 1 && a > 50)
        r = 1; /* the three allocations succeed */
    while (head) {
        struct item *next = head->next;
        free(head);
        head = next;
    }
    return r;
}

struct frame {
    int v;
    struct frame *up;
};

/* a stack of two frames pushed, the top one popped and freed: the frame
 * left keeps its value, and the pop of an empty stack is never reached */
int push_pop(int a, int b)
{
    struct frame *top = NULL;
    for (int i = 0; i < 2; i++) {
        struct frame *f = malloc(sizeof *f);
        if (!f) {
            while (top) {
                struct frame *up = top->up;
                free(top);
                top = up;
            }
            return -1;
        }
        f->v = i ? b : a;
        f->up = top;
        top = f;
    }
    struct frame *up = top->up;
    free(top);
    top = up;
    int r = 0;
    if (top->v != a) /* never: the frame below is the first one */
        r = 9;
    else if (!top->up && b > a)
        r = 1;
    else if (top->up) /* never */
        r = 8;
    free(top);
    return r;
}

/* pushes a, b, c on a vector of ints that starts with room for one and
 * doubles it when full */
int push3(int a, int b, int c)
{
    size_t cap = 1, len = 0;
    int *v = malloc(cap * sizeof *v);
    if (!v)
        return -1;
    int in[3] = {a, b, c};
    for (int i = 0; i < 3; i++) {
        if (len == cap) {
            int *nv = realloc(v, 2 * cap * sizeof *nv);
            if (!nv) {
                free(v);
                return -1;
            }
            v = nv;
            cap *= 2;
        }
        v[len++] = in[i];
    }
    int r = 0;
    if (v[0] != a || v[1] != b) /* never: the moves keep them */
        r = 9;
    else if (v[2] == a + b)
        r = 1;
    free(v);
    return r;
}
