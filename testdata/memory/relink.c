/* Pointers loaded from memory in functions that also store pointers, as
 * real code writes them: list insertion and deletion through a pointer to
 * the link (struct node **pp; *pp = p->next), a swap in an array of
 * pointers, a cursor with begin/end pointers advanced in a loop. */
#include <stddef.h>

struct node {
    int key;
    struct node *next;
};

/* unlinks the first node holding key; 1 when one was removed */
int list_remove(struct node **head, int key)
{
    struct node **pp = head;
    while (*pp) {
        struct node *p = *pp;
        if (p->key == key) {
            *pp = p->next;
            p->next = NULL;
            return 1;
        }
        pp = &p->next;
    }
    return 0;
}

/* links n in before the first node with a larger key; its position */
int list_insert_sorted(struct node **head, struct node *n)
{
    struct node **pp = head;
    int pos = 0;
    while (*pp && (*pp)->key < n->key) {
        pp = &(*pp)->next;
        pos++;
    }
    n->next = *pp;
    *pp = n;
    if (n->next && n->next->key == n->key)
        return -pos - 1;
    return pos;
}

/* moves the first node to the end of a two-node list; the new first key */
int list_rotate(struct node **head)
{
    struct node *first = *head;
    if (!first || !first->next)
        return -1;
    struct node *second = first->next;
    *head = second;
    first->next = second->next;
    second->next = first;
    if (first->key > second->key)
        return second->key;
    return first->key;
}

/* swaps the entries i and j of a table of pointers if out of order */
int ptr_swap_sorted(int *tab[4], int i, int j)
{
    if (i < 0 || i > 3 || j < 0 || j > 3 || !tab[i] || !tab[j])
        return -1;
    int *t = tab[i];
    if (*t > *tab[j]) {
        tab[i] = tab[j];
        tab[j] = t;
        if (*tab[i] < 0)
            return 2;
        return 1;
    }
    return 0;
}

/* one pass of bubble sort over a table of three pointers; the swaps */
int ptr_bubble(int *tab[3])
{
    int swaps = 0;
    for (int k = 0; k < 2; k++) {
        if (*tab[k] > *tab[k + 1]) {
            int *t = tab[k];
            tab[k] = tab[k + 1];
            tab[k + 1] = t;
            swaps++;
        }
    }
    if (swaps == 2)
        return 2;
    return swaps;
}

struct cursor {
    const char *pos;
    const char *end;
    int line;
};

/* skips blanks and counts newlines; the next character or -1 at the end */
int cursor_skip(struct cursor *c)
{
    while (c->pos < c->end) {
        char ch = *c->pos;
        if (ch == '\n')
            c->line++;
        else if (ch != ' ')
            return ch;
        c->pos++;
    }
    return -1;
}

/* reads a decimal number of at most 3 digits at the cursor */
int cursor_number(struct cursor *c, int *out)
{
    const char *start = c->pos;
    int v = 0;
    while (c->pos < c->end && *c->pos >= '0' && *c->pos <= '9') {
        v = v * 10 + (*c->pos - '0');
        c->pos++;
        if (c->pos - start > 3)
            return -1;
    }
    if (c->pos == start)
        return 0;
    *out = v;
    return 1;
}

/* A symbol table entry: its name first, as real code lays it out, so
 * that the start of an entry and the bytes of its name are one summary
 * location for the analysis. */
struct entry {
    char name[8];
    int count;
    struct entry *next;
};

/* finds the entry whose name starts with c, counts the hit and moves the
 * entry to the front of the chain; the new count, 0 when absent */
int mtf_lookup(struct entry **chain, char c)
{
    struct entry *prev = NULL;
    for (struct entry *e = *chain; e; prev = e, e = e->next) {
        if (e->name[0] != c)
            continue;
        e->count++;
        if (prev) {
            prev->next = e->next;
            e->next = *chain;
            *chain = e;
        }
        if (e->count > 100)
            return 100;
        return e->count;
    }
    return 0;
}

/* drops the entries whose count is 0; the number dropped */
int prune(struct entry **chain)
{
    int dropped = 0;
    struct entry **pp = chain;
    while (*pp) {
        struct entry *e = *pp;
        if (e->count == 0) {
            *pp = e->next;
            dropped++;
        } else {
            pp = &e->next;
        }
    }
    if (dropped > 1)
        return -dropped;
    return dropped;
}

/* A queue of fixed-size chunks, the data first. */
struct chunk {
    char data[16];
    unsigned long len;
    struct chunk *next;
};

/* appends c to the head chunk; a full head chunk is unlinked (the next
 * one becomes the head) and 1 returned */
int chunk_put(struct chunk **q, char c)
{
    struct chunk *b = *q;
    if (!b)
        return -1;
    if (b->len >= 16) {
        *q = b->next;
        b->next = NULL;
        return 1;
    }
    b->data[b->len] = c;
    b->len++;
    if (b->len == 3 && b->data[0] == 'x')
        return 2;
    return 0;
}

/* A buffer with its fill pointer. */
struct sbuf {
    char data[8];
    char *fill;
    struct sbuf *spill;
};

/* appends c, switching to the spill buffer when data is full; 1 when
 * the spill was used */
static int sbuf_put(struct sbuf *b, char c)
{
    if (b->fill == b->data + 8) {
        struct sbuf *s = b->spill;
        if (!s)
            return -1;
        if (!s->fill)
            s->fill = s->data;
        *s->fill++ = c;
        return 1;
    }
    *b->fill++ = c;
    return 0;
}

/* copies the first n characters of src into a buffer that spills into
 * spill; the characters that spilled, -1 when they did not fit */
int sbuf_fill(struct sbuf *spill, const char *src, int n)
{
    struct sbuf b;
    b.fill = b.data;
    b.spill = spill;
    if (spill)
        spill->fill = NULL;
    int spilled = 0;
    for (int i = 0; i < n && i < 12; i++) {
        int r = sbuf_put(&b, src[i]);
        if (r < 0)
            return -1;
        spilled += r;
    }
    if (b.fill - b.data == 3 && b.data[0] == 'a')
        return 100;
    return spilled;
}

/* the first non-blank character of buf[0..n) after skip_blanks, or a
 * code for the line it is on */
int first_word(const char *buf, int n)
{
    if (n < 0 || n > 16)
        return -2;
    struct cursor c = { buf, buf + n, 1 };
    int ch = cursor_skip(&c);
    if (ch == '#')
        return 0;
    if (c.line > 2)
        return -c.line;
    int v = 0;
    if (cursor_number(&c, &v) > 0 && v > 99)
        return 1000 + v;
    return ch;
}
