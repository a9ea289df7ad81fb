/* Lookups that return pointers, in the style of a symbol table or a
 * cache: the object a lookup returns is an input of the tests, NULL or a
 * fresh one, as a pointer parameter is. */
struct entry {
    const char *name;
    int refs;
    unsigned flags;
    struct entry *next;
};

struct entry *table_find(const char *name);
struct entry *table_next(struct entry *e);
int *counter_slot(int id);

int use_count(const char *name)
{
    struct entry *e = table_find(name);
    if (!e)
        return -1;
    if (e->flags & 1)
        return 0;
    if (e->refs > 100)
        return 2;
    return 1;
}

int chain_depth(const char *name)
{
    struct entry *e = table_find(name);
    int n = 0;
    while (e && n < 3) {
        if (e->refs == 0)
            break;
        n++;
        e = e->next;
    }
    return n;
}

int bump(int id, int by)
{
    int *slot = counter_slot(id);
    if (slot == 0)
        return 0;
    if (by < 0 || by > 1000)
        return -1;
    if (*slot > 2000000)
        return -2;
    *slot += by;
    return *slot >= 1000;
}

int same_bucket(const char *a, const char *b)
{
    struct entry *x = table_find(a), *y = table_find(b);
    if (x == 0 || y == 0)
        return 0;
    if (x->refs + y->refs > 10 && x->flags == y->flags)
        return 1;
    return 2;
}
