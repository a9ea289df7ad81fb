/* void * parameters converted to struct pointers: qsort and bsearch
 * comparators over arrays of records, and a visitor that gets its state
 * through a void * context, as callback APIs pass it. */
#include <stddef.h>
#include <string.h>

struct rec {
    int key;
    unsigned short prio;
    char tag;
};

int cmp_key(const void *pa, const void *pb)
{
    const struct rec *a = pa, *b = pb;
    if (a->key < b->key)
        return -1;
    if (a->key > b->key)
        return 1;
    return 0;
}

/* by priority, highest first, then by tag */
int cmp_prio_tag(const void *pa, const void *pb)
{
    const struct rec *a = pa;
    const struct rec *b = pb;
    if (a->prio != b->prio)
        return a->prio > b->prio ? -1 : 1;
    if (a->tag == b->tag)
        return 0;
    return a->tag < b->tag ? -1 : 1;
}

struct counter {
    int hits;
    int limit;
};

/* -1 on a negative value, 1 once the limit is reached, else 0 */
int count_visit(void *ctx, int value)
{
    struct counter *c = ctx;
    if (value < 0)
        return -1;
    c->hits++;
    if (c->hits >= c->limit)
        return 1;
    return 0;
}

struct entry {
    const char *name;
    int weight;
};

/* by name, then by weight: records holding pointers */
int cmp_entry(const void *pa, const void *pb)
{
    const struct entry *a = pa, *b = pb;
    int c = strcmp(a->name, b->name);
    if (c != 0)
        return c;
    if (a->weight == b->weight)
        return 0;
    return a->weight < b->weight ? -1 : 1;
}

typedef int (*visit_fn)(void *ctx, int value);

/* Walks values[0..n) and hands ctx on to the visitor, which alone knows
 * its type (count_visit's struct counter): -2 on a NULL visitor, the first
 * non-zero answer, or 0. */
int walk_values(const int *values, int n, visit_fn visit, void *ctx)
{
    int i, r;
    if (!visit)
        return -2;
    for (i = 0; i < n && i < 4; i++) {
        r = visit(ctx, values[i]);
        if (r != 0)
            return r;
    }
    return 0;
}

/* ctx handed on by a direct call, two levels down */
int visit_twice(void *ctx, int a, int b)
{
    int r = count_visit(ctx, a);
    if (r > 0)
        return 10;
    return walk_values(&b, 1, count_visit, ctx);
}
