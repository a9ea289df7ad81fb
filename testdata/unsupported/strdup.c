#include <string.h>

int f(const char *s)
{
    char *p = strdup(s);
    int r = p != 0;
    return r;
}
