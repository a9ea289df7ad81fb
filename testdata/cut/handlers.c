/* A dispatcher over a table of handlers: the handlers are function-pointer
 * inputs, callbacks whose calls the tests answer (or the file's functions
 * of their type, when it takes the address of some). */
struct handler {
    int code;
    int (*fn)(int arg);
    unsigned flags;
};

struct server {
    struct handler table[4];
    int nhandlers;
    int (*fallback)(int);
    long served;
};

int find_handler(const struct server *s, int code)
{
    int i;
    for (i = 0; i < s->nhandlers && i < 4; i++)
        if (s->table[i].code == code)
            return i;
    return -1;
}

int dispatch(struct server *s, int code, int arg)
{
    int i = find_handler(s, code);
    if (i < 0) {
        if (arg < 0)
            return -1;
        return 0;
    }
    if (s->table[i].flags & 1)
        return -2;
    s->served++;
    return s->table[i].fn(arg);
}
