/* Pointers returned by an undefined callee: inputs (NULL or a fresh
 * object) for the tests, and a proof that rests on them is unknown: a
 * real callee may return one of the program's objects. */
struct entry { int refs; unsigned flags; struct entry *next; };
struct entry *find(int key);
static struct entry head;

int refs_of(int key)
{
    struct entry *e = find(key);
    if (e == 0)
        return -1;
    if (e->refs > 3 && e->next && e->next->flags == 2)
        return 1;
    return 0;
}

/* Line 27 is reached only when find returns &head. */
int alias_only(int key)
{
    struct entry *e = find(key);
    if (!e)
        return 0;
    e->refs = 5;
    head.refs = 7;
    if (e->refs == 7)
        return 1;
    return 2;
}

/* Unreachable for any callee, but the proof uses the pointer find
 * returns: inka says so (unknown, "stub contract"). */
int never(int key)
{
    struct entry *e = find(key);
    if (e && e->refs > 5 && e->refs < 3)
        return 1;
    return 0;
}
