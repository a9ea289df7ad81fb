/* Structs whose first member is an array, reached by pointers whose
 * values are exact (exact.go): parameters, member addresses, constant
 * offsets, copies in branches, a pointer stepped by constants in a loop,
 * a struct pointer seen as its bytes and back. */
#include <stddef.h>

struct buf { char data[16]; size_t len; };
struct pair { int v[2]; struct buf *owner; long tag; };

size_t tail(struct buf *b, int k)
{
    char *p = b->data;
    char *q = p + 3;
    size_t *lp = &b->len;
    if (k > 0)
        q = q - 2;
    else
        q = b->data + 15;
    *q = 'x';
    if (*lp > 3 && p[1] == 'x')
        return *lp;
    return 0;
}

long bytes(struct buf *b)
{
    unsigned char *u = (unsigned char *)b;
    size_t *lp = (size_t *)(u + offsetof(struct buf, len));
    *lp = 5;
    return (long)b->len + u[0];
}

long step(struct pair *x, int n)
{
    int *v = x->v;
    long s = 0;
    struct buf **o = &x->owner;
    for (int i = 0; i < n && i < 2; i++) {
        s += *v;
        v = v + 1;
    }
    if (*o && (*o)->len == 2)
        s += x->tag;
    return s;
}

long choose(struct buf *a, struct buf *b, int f)
{
    struct buf *c = f ? a : b;
    char *d = c->data + 2;
    if (f > 1)
        c = a + 1;
    return (long)c->len + d[0];
}

struct entry { char key[8]; long val; struct entry *next; struct entry *alt; };

/* Reads only: the loaded pointers are the input model's bases (exact). */
long lookup(struct entry *e, char c)
{
    for (int i = 0; e && i < 3; i++) {
        if (e->key[0] == c)
            return e->val;
        e = e->next ? e->next : e->alt;
    }
    return -1;
}

/* Stores a pointer: loaded pointers are not exact any more. */
long swap_next(struct entry *e)
{
    if (e && e->next) {
        struct entry *n = e->next;
        e->next = n->alt;
        n->alt = e;
        if (e->next)
            return e->next->val + n->alt->key[1];
    }
    return 0;
}
