/* C11 anonymous struct and union members: a member access through them
   is the chain of member addresses; designated initializers name their
   members as the enclosing struct's. */

struct tok {
    int kind;
    union {
        long num;
        char op;
    };
};

struct shape {
    unsigned char tag;
    struct {
        short x, y;
        union {
            struct {
                short w, h;
            };
            int radius;
        };
    };
    int id;
};

static struct tok plus = { .kind = 1, .op = '+' };
static struct tok table[3] = { { .kind = 2, .num = 7 }, { .kind = 1, .op = '-' }, { 0 } };
int last_kind;

int is_plus(const struct tok *t)
{
    if (t->kind == 1 && t->op == '+')
        return 1;
    if (t->kind == 2 && t->num > 100)
        return 2;
    return 0;
}

long tok_value(struct tok t)
{
    if (t.kind == 2)
        return t.num;
    if (t.kind == 1)
        return t.op == plus.op ? 1 : -1;
    return 0;
}

int shape_area(const struct shape *s)
{
    switch (s->tag) {
    case 0:
        if (s->w < 0 || s->h < 0)
            return -1;
        return s->w * s->h;
    case 1:
        if (s->radius < 0 || s->radius > 1000)
            return -1;
        return 3 * s->radius * s->radius;
    }
    return s->x + s->y;
}

int set_tok(struct tok *t, int k, long v)
{
    struct tok local = { .kind = k, .num = v };
    if (k == 1)
        local.op = (char)v;
    *t = local;
    last_kind = t->kind;
    return t->kind == table[0].kind ? (int)table[0].num : table[1].op;
}

int shape_move(struct shape *s, short dx)
{
    struct shape moved = { .tag = s->tag, .x = s->x, .y = s->y, .w = 2, .h = 3, .id = 9 };
    if (dx > 10)
        moved.x += 1;
    *s = moved;
    return s->w + s->h + s->id;
}
