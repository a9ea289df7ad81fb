/* Globals and statics with initializers, string literals, externs,
 * assert. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

struct config { int level; const char *name; int *limit; };

static int max_level = 10;
int table[4] = { 1, 2, 3 };
struct config cfg = { 3, "default", &table[2] };
const char *greeting = "hi";

int next_id(void)
{
    static int counter = 100;
    return counter++;
}

int check(int level)
{
    assert(level >= 0 && level <= max_level);
    if (level > *cfg.limit)
        printf("%s: level %d\n", cfg.name, level);
    return abs(level - cfg.level) + next_id() + greeting[0];
}
