#include <stdarg.h>

/* Integer <-> pointer casts, variadic argument access and goto, each on
 * one path only. */
struct entry {
    unsigned long key;
    int value;
};

int tag_of(struct entry *e, int raw)
{
    if (raw)
        return (int)((unsigned long)e & 7);
    if (e->value > 10)
        return 1;
    return 0;
}

int sum(int n, ...)
{
    va_list ap;
    int s = 0;
    if (n <= 0)
        return 0;
    if (n > 8)
        return -1;
    va_start(ap, n);
    while (n-- > 0)
        s += va_arg(ap, int);
    va_end(ap);
    return s;
}

int parse_digit(const char *s, int *out)
{
    int v;
    if (s[0] == '-')
        goto fail;
    if (s[0] < '0' || s[0] > '9')
        goto fail;
    v = s[0] - '0';
    *out = v;
    return 0;
fail:
    *out = -1;
    return -1;
}
