/* A hash table in the style of Redis's dict: a type with hash and
 * compare callbacks, entries in buckets, lookups that return pointers.
 * The bookkeeping is answered; the callbacks are cut where they are
 * called, and the entries the undefined lookup returns are inputs. */
#include <stddef.h>

typedef struct dictEntry {
    void *key;
    union {
        long s64;
        unsigned long u64;
    } v;
    struct dictEntry *next;
} dictEntry;

typedef struct dictType {
    unsigned long (*hashFunction)(const void *key);
    int (*keyCompare)(const void *key1, const void *key2);
    void (*keyDestructor)(void *key);
} dictType;

typedef struct dict {
    dictType *type;
    dictEntry **table;
    unsigned long size;
    unsigned long sizemask;
    unsigned long used;
    long rehashidx;
    int iterators;
} dict;

dictEntry *dictFind(dict *d, const void *key);
int dictAdd(dict *d, void *key, long val);

int dict_is_rehashing(const dict *d)
{
    return d->rehashidx != -1;
}

int dict_expand_check(dict *d, unsigned long size)
{
    if (d->rehashidx != -1 || d->used > size)
        return -1;
    if (size > (1UL << 40))
        return -1;
    if (d->size == size)
        return 0;
    return 1;
}

long dict_get_signed(dict *d, const void *key, long fallback)
{
    dictEntry *he = dictFind(d, key);
    if (he == NULL)
        return fallback;
    if (he->v.s64 < 0)
        return 0;
    return he->v.s64;
}

int dict_incr(dict *d, const void *key, long by)
{
    dictEntry *he = dictFind(d, key);
    if (he == NULL)
        return -1;
    if (by > 0 && he->v.s64 > 1000000 - by)
        return -2;
    he->v.s64 += by;
    return he->v.s64 > 100 ? 1 : 0;
}

int dict_chain_len(dict *d, const void *key)
{
    dictEntry *he = dictFind(d, key);
    int n = 0;
    while (he != NULL && n < 4) {
        n++;
        he = he->next;
    }
    return n;
}

unsigned long dict_hash(dict *d, const void *key)
{
    if (d->type == NULL)
        return 0;
    return d->type->hashFunction(key) & d->sizemask;
}
