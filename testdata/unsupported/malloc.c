#include <stdlib.h>

int f(int n)
{
    int *p = malloc(n * sizeof *p);
    int r = p != 0;
    free(p);
    return r;
}
