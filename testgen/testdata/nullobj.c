/* Pointer inputs compared with NULL: the NULL outcome's test must not give
 * values to the leaves of the object that is not there. */
struct pt { int x, y; struct pt *next; };

int first(struct pt *p)
{
    if (p == 0)
        return -1;
    if (p->next == 0)
        return p->x;
    return p->next->y > p->x;
}
