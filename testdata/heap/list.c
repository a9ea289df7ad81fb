/* A singly linked list built at run time from an input array, searched
 * and freed, as real code does it: every allocation checked. */
#include <stdlib.h>

struct node {
    int key;
    struct node *next;
};

/* builds a list of the n keys (in reverse order); NULL when out of memory */
static struct node *list_build(const int *keys, int n)
{
    struct node *head = NULL;
    for (int i = 0; i < n; i++) {
        struct node *nd = malloc(sizeof *nd);
        if (!nd) {
            while (head) {
                struct node *next = head->next;
                free(head);
                head = next;
            }
            return NULL;
        }
        nd->key = keys[i];
        nd->next = head;
        head = nd;
    }
    return head;
}

static void list_free(struct node *head)
{
    while (head) {
        struct node *next = head->next;
        free(head);
        head = next;
    }
}

/* position of key from the end of keys[0..n), -1 when absent, -2 when out
 * of memory */
int list_find(const int *keys, int n, int key)
{
    if (n <= 0 || n > 4)
        return -1;
    struct node *head = list_build(keys, n);
    if (!head)
        return -2;
    int pos = 0, found = -1;
    for (struct node *p = head; p; p = p->next) {
        if (p->key == key) {
            found = pos;
            break;
        }
        pos++;
    }
    list_free(head);
    return found;
}

/* removes every node whose key is key from the list of keys[0..n) and
 * returns the sum of the keys left */
int list_remove_sum(const int *keys, int n, int key)
{
    if (n <= 0 || n > 4)
        return 0;
    struct node *head = list_build(keys, n);
    if (!head)
        return -1;
    struct node **pp = &head;
    while (*pp) {
        struct node *p = *pp;
        if (p->key == key) {
            *pp = p->next;
            free(p);
        } else {
            pp = &p->next;
        }
    }
    int sum = 0;
    for (struct node *p = head; p; p = p->next)
        sum += p->key & 0xff;
    list_free(head);
    return sum;
}
