/* A function that calls two undefined callees in a loop: their return
 * values decide the branches, so inka must choose, call by call, what each
 * stub returns (the harness's stubs then return them in that order). */

int read_level(int channel);
int read_limit(int level);

int classify(int n)
{
    int i, high = 0, near = 0;
    for (i = 0; i < n && i < 3; i++) {
        int level = read_level(i);
        int limit = read_limit(level);
        if (level > 50)
            high++;
        else if (limit == level + i)
            near++;
        if (high == 2 && near == 1)
            return 100 + i;
    }
    return high * 10 + near;
}
