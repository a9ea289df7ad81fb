/* A hash table with chaining: entries allocated one by one, looked up
 * and counted, the table freed. */
#include <stdlib.h>

#define NBUCKETS 4

struct entry {
    unsigned key;
    int val;
    struct entry *next;
};

struct table {
    struct entry *b[NBUCKETS];
    int size;
};

static struct table *tab_new(void)
{
    return calloc(1, sizeof(struct table));
}

/* inserts or updates key: 1 if inserted, 0 if updated, -1 when out of memory */
static int tab_put(struct table *t, unsigned key, int val)
{
    struct entry **pp = &t->b[key % NBUCKETS];
    for (struct entry *e = *pp; e; e = e->next) {
        if (e->key == key) {
            e->val = val;
            return 0;
        }
    }
    struct entry *e = malloc(sizeof *e);
    if (!e)
        return -1;
    e->key = key;
    e->val = val;
    e->next = *pp;
    *pp = e;
    t->size++;
    return 1;
}

static const struct entry *tab_get(const struct table *t, unsigned key)
{
    for (const struct entry *e = t->b[key % NBUCKETS]; e; e = e->next)
        if (e->key == key)
            return e;
    return NULL;
}

static void tab_free(struct table *t)
{
    for (int i = 0; i < NBUCKETS; i++) {
        struct entry *e = t->b[i];
        while (e) {
            struct entry *next = e->next;
            free(e);
            e = next;
        }
    }
    free(t);
}

/* inserts the three keys with values 1, 2, 3 and looks up q: its value,
 * 0 when absent, -1 when out of memory; 100 + the value when all three
 * keys collide in one bucket and q is the last of them */
int tab_lookup(unsigned k1, unsigned k2, unsigned k3, unsigned q)
{
    struct table *t = tab_new();
    if (!t)
        return -1;
    if (tab_put(t, k1, 1) < 0 || tab_put(t, k2, 2) < 0 || tab_put(t, k3, 3) < 0) {
        tab_free(t);
        return -1;
    }
    const struct entry *e = tab_get(t, q);
    int r = e ? e->val : 0;
    if (t->size == 3 && k1 % NBUCKETS == k2 % NBUCKETS && k2 % NBUCKETS == k3 % NBUCKETS && q == k3)
        r += 100;
    tab_free(t);
    return r;
}

/* the number of distinct keys among keys[0..n), or -1 */
int tab_distinct(const unsigned *keys, int n)
{
    if (n < 0 || n > 4)
        return -1;
    struct table *t = tab_new();
    if (!t)
        return -1;
    for (int i = 0; i < n; i++) {
        if (tab_put(t, keys[i], i) < 0) {
            tab_free(t);
            return -1;
        }
    }
    int size = t->size;
    tab_free(t);
    return size;
}
