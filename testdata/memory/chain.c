/* Walks of linked lists whose goals need more nodes than --max-depth
 * (3) builds: answered on deeper linked inputs. */
#include <stddef.h>

struct node {
    int key;
    struct node *next;
};

/* the key of the fifth node, or -1 when the list is shorter */
int fifth_key(const struct node *n)
{
    int i;
    for (i = 0; n && i < 4; i++)
        n = n->next;
    if (!n)
        return -1;
    return n->key;
}

/* the number of nodes up to the first whose key is 0, 0 when there is
 * none in the first six */
int zero_at(const struct node *n)
{
    int pos = 1;
    while (n && pos <= 6) {
        if (n->key == 0) {
            if (pos == 6)
                return 66;
            return pos;
        }
        n = n->next;
        pos++;
    }
    return 0;
}
