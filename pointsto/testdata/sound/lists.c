/* Linked structures through pointer inputs: traversal, deletion,
 * reversal, swaps of next pointers, stores of pointers into fields. */

struct node {
    int v;
    struct node *next;
};

int length(struct node *n)
{
    int k = 0;
    while (n && k < 8) {
        n = n->next;
        k++;
    }
    return k;
}

/* Removes the first node whose value is x; returns the new head's value. */
int remove_first(struct node *head, int x)
{
    struct node *prev = 0, *cur = head;
    int k = 0;
    while (cur && k < 4) {
        if (cur->v == x) {
            if (prev)
                prev->next = cur->next;
            else
                head = cur->next;
            break;
        }
        prev = cur;
        cur = cur->next;
        k++;
    }
    if (head)
        return head->v;
    return -1;
}

/* Reverses at most three nodes in place. */
int reverse3(struct node *n)
{
    struct node *r = 0, *next;
    int k = 0;
    while (n && k < 3) {
        next = n->next;
        n->next = r;
        r = n;
        n = next;
        k++;
    }
    if (r && r->next)
        return r->next->v;
    return 0;
}

int swap_next(struct node *a, struct node *b)
{
    struct node *t;
    if (!a || !b)
        return 0;
    t = a->next;
    a->next = b->next;
    b->next = t;
    if (a->next)
        return a->next->v;
    return 1;
}

/* A local node linked into the list. */
int insert_local(struct node *n, int x)
{
    struct node local;
    local.v = x;
    local.next = 0;
    if (n) {
        local.next = n->next;
        n->next = &local;
        return n->next->v + (local.next ? local.next->v : 0);
    }
    return local.v;
}

/* Pointers to fields of the nodes. */
int field_ptrs(struct node *n, int c)
{
    int *p;
    struct node **pn;
    if (!n)
        return 0;
    p = &n->v;
    pn = &n->next;
    if (c > 0 && *pn)
        p = &(*pn)->v;
    *p = 7;
    if (c > 1)
        *pn = n;
    return n->next ? n->next->v : *p;
}

/* Element k of the array behind the pointer input. */
int nth_next(struct node *n, int k)
{
    if (!n || k < 0 || k > 3)
        return 0;
    n[k].next = &n[(k + 1) & 3];
    return n[k].next->v + n[0].next != 0;
}
