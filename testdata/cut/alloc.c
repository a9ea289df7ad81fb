#include <stdlib.h>

/* A growable vector: the paths that allocate are cut, the others
 * answered. */
struct vec {
    int *data;
    int len;
    int cap;
};

int vec_push(struct vec *v, int x)
{
    if (v->len < 0 || v->cap < v->len)
        return -1;
    if (v->len == v->cap) {
        int ncap = v->cap ? 2 * v->cap : 4;
        int *p = realloc(v->data, (size_t)ncap * sizeof *p);
        if (!p)
            return -1;
        v->data = p;
        v->cap = ncap;
    }
    v->data[v->len++] = x;
    return v->len;
}

int vec_get(const struct vec *v, int i, int *out)
{
    if (i < 0 || i >= v->len)
        return -1;
    *out = v->data[i];
    return 0;
}
