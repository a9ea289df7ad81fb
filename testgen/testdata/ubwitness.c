/* Goals only undefined behaviour reaches: unreachable, with the run that
 * gets there on x86-64 code named in the reason; a goal no run reaches
 * in any way keeps an empty reason. */
#include <limits.h>

int overflow_check(int x)
{
    if (x + 1 < x)              /* the classic wrong overflow test */
        return 1;
    return 0;
}

int scaled(short s)
{
    int v = s << 20;            /* s >= 2048 or s < 0: undefined */
    if (v < 0 && s > 0)
        return 1;
    return 0;
}

int masked(int s)
{
    if (s >= 0 && s < 40 && (1 << s) == 0)  /* 1 << 32..39: x86 masks the count: never 0 */
        return 1;
    return 0;
}

int square(int x)
{
    if (x > 46340 || x < -46340)
        return -1;
    if (x * x == 2)             /* no integer at all */
        return 1;
    return 0;
}
