/* The function of the harness's mutation tests: a return value, a value
 * written through a pointer, and callee arguments, each of which a
 * mutation changes (harness/mutation_test.go). */

int lookup(int key);
void record(int slot, int value);

int update(int *cell, int k)
{
    int v = lookup(k + 1);
    if (v > 10) {
        *cell = v - 10;
        record(k, *cell);
        return 1;
    }
    *cell = 0;
    return 0;
}
