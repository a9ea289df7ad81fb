/* Constructs inka does not model, cut on the paths that run them: the
 * goals those paths alone reach are unknown, never unreachable; the
 * others are answered. */
struct obj {
    int n;
    void (*touch)(struct obj *);
    double weight;
    unsigned long long dirty : 40; /* wider than int: + with an int cut */
};

/* The weight may make n 5 (2.5 does): every goal is covered (floats). */
int weighed(struct obj *o, int k)
{
    o->n = 3;
    if (k)
        o->n = (int)(o->weight * 2);
    if (o->n == 5)
        return 1;
    return 0;
}

/* The branch that would store a double cannot be taken: line 28's true
 * outcome is unreachable, proved without the double's semantics. */
int guarded(struct obj *o, int a)
{
    if (a < 0)
        return -1;
    if (a < -5) {
        o->weight = 1.5;
        return -2;
    }
    return a > 100;
}

/* Line 39 false stops at a bit-field read; line 41 is that read, and
 * line 43's only after it. */
int flagged(struct obj *o, int a)
{
    if (a > 10)
        return 2;
    if (o->dirty + 1 > 1)
        return 1;
    if (a > 5)
        return 3;
    return 0;
}

/* An object with no cell inka models (a struct of one double) is still an
 * object: a pointer into it is valid, and the goals after it answered. */
struct only_weight {
    double w;
};
void set_weight(double *w);

int weigh(struct only_weight *p, int k)
{
    set_weight(&p->w);
    if (k > 2)
        return 1;
    return 0;
}

/* A union whose first member is a double: reading the int and comparing
 * the double are both answered. */
union number {
    double d;
    int i;
};

int small(const union number *n, int exact)
{
    if (exact)
        return n->d < 1.0;
    if (n->i > 3)
        return 0;
    return 1;
}
