/* Structs whose first member is an array: the analysis's location for the
 * start of such a struct is also the summary of the array's elements, so
 * &b->len computed from it may be any byte of data or len. The model
 * computes the pointer exactly; these accesses must not be cut. */
#include <stddef.h>

struct buf { char data[16]; size_t len; };
struct msg { unsigned char hdr[4]; unsigned short kind; struct buf body; };

int get(struct buf *b)
{
    if (b->len == 14 && b->data[3] == 'a')
        return 2;
    return 0;
}

static size_t room(const struct buf *b) { return sizeof b->data - b->len; }

int nested(struct msg *m, int flag)
{
    struct buf *p = &m->body;
    struct buf *q = flag ? p : &m->body;
    if (m->kind == 7 && room(q) == 3)
        return 1;
    return 0;
}

/* Pointers the exact values do not follow keep every candidate: a walk
 * by a variable index, and a pointer read from memory. */
int walk(struct buf *b, int i)
{
    char *c = b->data + i;
    if (i >= 0 && i < 16 && *c == 'x' && b->len == 1)
        return 1;
    return 0;
}

struct node { char tag[8]; long v; struct node *next; };

/* A pointer read from an input object, in a function that changes no
 * pointer in memory, is the base of the object behind it or NULL. */
int second(struct node *n)
{
    if (n && n->next && n->next->v == 5 && n->next->tag[2] == 'q')
        return 1;
    return 0;
}

/* Where the function stores a pointer, a loaded one is not exact: its
 * accesses keep the analysis's summary (a cut here, never a wrong one). */
long relink(struct node *n, struct node *m)
{
    if (n && m) {
        n->next = m;
        if (n->next->v == 3)
            return 1;
    }
    return 0;
}
