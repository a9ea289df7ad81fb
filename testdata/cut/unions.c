/* Tagged values in the style of an interpreter: a union whose first
 * member is a double is modelled as its next member (the int), so that
 * integer reads are answered; reading the double is a cut. */
enum { T_INT, T_NUM, T_BOOL };

struct value {
    int tag;
    union {
        double n;
        long i;
        int b;
    } u;
};

static struct value nil_value = { T_BOOL, { 0 } };

int truthy(const struct value *v)
{
    if (v->tag == T_BOOL)
        return v->u.b != 0;
    if (v->tag == T_INT)
        return v->u.i != 0;
    if (v->tag == T_NUM)
        return v->u.n != 0.0;
    return 1;
}

long as_int(const struct value *v, int *ok)
{
    *ok = 0;
    if (v->tag != T_INT)
        return 0;
    if (v->u.i > 1000000 || v->u.i < -1000000)
        return 0;
    *ok = 1;
    return v->u.i;
}

int is_nil(const struct value *v)
{
    return v->tag == nil_value.tag && v->u.i == nil_value.u.i;
}
