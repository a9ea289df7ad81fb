/* Heap misuse the interpreter reports as undefined behaviour (use after
 * free, double free, the free of a variable, an access past the end) or
 * as a leak, each behind an input that reaches it. */
#include <stdlib.h>

struct msg {
    int len;
    int body[2];
};

/* use after free when kind is 1 */
int release_twice(int kind, int v)
{
    struct msg *m = malloc(sizeof *m);
    if (!m)
        return -1;
    m->len = v;
    if (kind == 1) {
        free(m);
        return m->len; /* use after free */
    }
    if (kind == 2)
        free(m); /* then freed again below: double free */
    free(m);
    return 0;
}

/* writes past the end of a buffer of n ints when i >= n */
int fill(int n, int i)
{
    if (n < 1 || n > 4 || i < 0 || i > 8)
        return -1;
    int *a = malloc((size_t)n * sizeof *a);
    if (!a)
        return -1;
    a[i] = 7;
    int r = a[i];
    free(a);
    return r;
}

/* frees a local when flag is set */
int free_local(int flag)
{
    int x = 3;
    int *p = flag ? &x : malloc(sizeof *p);
    if (!p)
        return -1;
    *p = 4;
    free(p);
    return 0;
}

/* leaks the buffer when n is odd (reported, no failure) */
int leaky(int n)
{
    char *p = malloc(16);
    if (!p)
        return -1;
    p[0] = (char)n;
    if (n % 2)
        return 1;
    free(p);
    return 0;
}

/* reads its cell after freeing it when a is 42: the read is undefined,
 * so no run reaches the true outcome (any other a leaves *p != 42) */
int stale_read(int a)
{
    int *p = malloc(sizeof *p);
    if (!p)
        return -1;
    *p = a;
    if (a == 42)
        free(p);
    int r = 0;
    if (*p == 42) /* never without a use after free */
        r = 1;
    if (a != 42)
        free(p);
    return r;
}

/* frees its buffer twice when a is 42: no run goes on past the second
 * free */
int free_twice(int a)
{
    char *buf = malloc(8);
    if (!buf)
        return -1;
    buf[0] = (char)a;
    if (a == 42)
        free(buf);
    free(buf);
    if (a == 42) /* never: a double free before */
        return 1;
    return 0;
}
