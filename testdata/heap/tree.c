/* A binary search tree, as a symbol table or an index keeps one: nodes
 * inserted through a pointer to the link they hang from (duplicates
 * counted, not inserted), searched iteratively, measured recursively,
 * freed without recursion by rotating left children up, and walked in
 * order with an explicit stack of bounded depth. */
#include <stddef.h>
#include <stdlib.h>

struct tnode {
    int key;
    int count;
    struct tnode *left;
    struct tnode *right;
};

/* inserts key under *root; 0 on success, -1 when out of memory */
static int tree_insert(struct tnode **root, int key)
{
    struct tnode **link = root;
    while (*link) {
        struct tnode *n = *link;
        if (key == n->key) {
            n->count++;
            return 0;
        }
        link = key < n->key ? &n->left : &n->right;
    }
    struct tnode *n = malloc(sizeof *n);
    if (!n)
        return -1;
    n->key = key;
    n->count = 1;
    n->left = NULL;
    n->right = NULL;
    *link = n;
    return 0;
}

/* frees every node: a node with a left child is rotated right until the
 * root has none, which is then freed and replaced by its right subtree */
static void tree_free(struct tnode *t)
{
    while (t) {
        struct tnode *l = t->left;
        if (l) {
            t->left = l->right;
            l->right = t;
            t = l;
        } else {
            struct tnode *r = t->right;
            free(t);
            t = r;
        }
    }
}

static int tree_height(const struct tnode *t)
{
    if (!t)
        return 0;
    int hl = tree_height(t->left);
    int hr = tree_height(t->right);
    return 1 + (hl > hr ? hl : hr);
}

static struct tnode *tree_build(const int *keys, int n)
{
    struct tnode *root = NULL;
    for (int i = 0; i < n; i++) {
        if (tree_insert(&root, keys[i]) < 0) {
            tree_free(root);
            return NULL;
        }
    }
    return root;
}

/* the depth of key in the tree of keys[0..n) (the root is at depth 1),
 * 0 when absent, -1 on bad arguments, -2 when out of memory */
int tree_depth_of(const int *keys, int n, int key)
{
    if (!keys || n <= 0 || n > 4)
        return -1;
    struct tnode *root = tree_build(keys, n);
    if (!root)
        return -2;
    int depth = 0;
    const struct tnode *p = root;
    for (int d = 1; p; d++) {
        if (key == p->key) {
            depth = d;
            break;
        }
        p = key < p->key ? p->left : p->right;
    }
    tree_free(root);
    return depth;
}

enum shape { EMPTY, SINGLE, CHAIN, BUSHY, DUPLICATES, NOMEM };

/* what the tree of keys[0..n) looks like: a chain when each node has one
 * child (sorted input), bushy when the root has two */
enum shape tree_shape(const int *keys, int n)
{
    if (!keys || n <= 0)
        return EMPTY;
    if (n > 4)
        n = 4;
    struct tnode *root = tree_build(keys, n);
    if (!root)
        return NOMEM;
    enum shape s;
    int h = tree_height(root);
    if (h == 1 && root->count == 1)
        s = SINGLE;
    else if (h == n)
        s = CHAIN;
    else if (root->left && root->right)
        s = BUSHY;
    else
        s = DUPLICATES;   /* fewer levels than keys, one subtree: a key came twice */
    if (h > n)
        s = EMPTY;        /* never: each level holds at least one key */
    tree_free(root);
    return s;
}

/* counts the keys of the tree t (a tree the caller built) in [lo, hi],
 * in order, with an explicit stack of 6 nodes; -1 when the tree is
 * deeper than the stack, -2 when it is not ordered */
int tree_count_range(const struct tnode *t, int lo, int hi)
{
    const struct tnode *stack[6];
    int sp = 0, n = 0, have_prev = 0, prev = 0;
    if (lo > hi)
        return 0;
    while (t || sp > 0) {
        while (t) {
            if (sp == 6)
                return -1;
            stack[sp++] = t;
            t = t->left;
        }
        t = stack[--sp];
        if (have_prev && t->key <= prev)
            return -2;
        have_prev = 1;
        prev = t->key;
        if (t->key > hi)
            break;
        if (t->key >= lo)
            n += t->count;
        t = t->right;
    }
    return n;
}

/* the smallest key of t greater than or equal to key (its ceiling), or
 * key itself when t holds none */
int tree_ceiling(const struct tnode *t, int key)
{
    const struct tnode *best = NULL;
    while (t) {
        if (t->key == key)
            return key;
        if (t->key > key) {
            best = t;
            t = t->left;
        } else {
            t = t->right;
        }
    }
    return best ? best->key : key;
}
