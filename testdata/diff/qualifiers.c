/* Objects whose types have const below their top level are writable:
 * only the levels marked const are read-only. Pointer chains as Csmith
 * writes them, a table of slots, a registry with const members, const
 * locals. Differential test programs of the interpreter
 * (interp/diff_test.go); interp/quals_test.go checks that none of these
 * runs is taken for undefined behaviour. */

static unsigned short *const ***g = (void *)0;
static unsigned short *const **h = (void *)0;

/* Csmith seeds 302, 337, 384, 523, 561, 685, 852 (issue 24) */
int chain(int x)
{
    unsigned short *const ****l = &g;
    *l = &h;                    /* writes g: its pointee's pointee is const, not g */
    if (g != 0 && x > 3)
        return 1;
    return 0;
}

static int counters[4];
static int *const slots[4] = { &counters[0], &counters[1], &counters[2], &counters[3] };
const int *cursor;
int *const *slot_ref;
const int *const **deep;
const int *const *level2;

int bump(int i, int by)
{
    if (i < 0 || i >= 4 || by > 1000 || by < -1000)
        return -1;
    *slots[i] += by;            /* counters[i], through a const pointer */
    if (*slots[i] > 10000 || *slots[i] < -10000)
        *slots[i] = 0;
    cursor = slots[i];          /* a pointer to const, itself writable */
    slot_ref = &slots[i];       /* a pointer to a const pointer, itself writable */
    level2 = (const int *const *)slot_ref;
    deep = &level2;             /* const int *const ** : deep is writable */
    return **slot_ref + *cursor + ***deep;
}

struct entry {
    const int id;
    int hits;
    const char *name;
    char *const buf;
};

static char scratch[8];
static const struct entry fallback = { 9, 0, "none", scratch };

int hit(struct entry *e, int k, char c)
{
    if (e == 0)
        e = (struct entry *)&fallback;  /* only read through */
    else {
        if (e->hits > 100)
            e->hits = 0;
        e->hits++;              /* hits is not const */
        e->name = k > 5 ? "many" : "few";   /* a pointer to const chars, itself writable */
        if (e->buf != 0)
            e->buf[0] = c;      /* buf is a const pointer to writable chars */
    }
    return e->id * 100 + e->hits + (e->name != 0 && e->name[0] == 'm') + scratch[0];
}

int local_consts(int x)
{
    const int base[3] = { x & 7, (x & 7) + 1, (x & 7) + 2 };  /* initialized by stores */
    const struct entry local = { 7, x & 3, "local", scratch };
    int v = 0;
    int *const pv = &v;
    const int *pb = base;
    const int *const *ppb = &pb;
    for (int i = 0; i < 3; i++) {
        pb = &base[i];          /* pb is writable, what it points to is not */
        *pv += **ppb;
    }
    local.buf[1] = 'z';         /* scratch[1]: the member is const, its pointee is not */
    return v + local.id + local.hits + (scratch[1] == 'z');
}

typedef int *const handle;

int handles(int a, int b)
{
    int x = a & 255, y = b & 255;
    handle hx = &x;
    handle hs[2] = { &x, &y };
    handle *ph = &hs[1];
    *hx += 1;
    **ph += 2;                  /* y, through an array of const pointers */
    return x * 1000 + y;
}
