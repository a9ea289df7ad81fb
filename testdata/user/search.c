/* Programs written to probe inka the way a user would: every answer is
 * replayed by gcc and every unreachable cross-checked (testgen/check_test.go). */
int bsearch_idx(const int a[8], int key)
{
    int lo = 0, hi = 7;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (a[mid] == key)
            return mid;
        if (a[mid] < key)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}
void sort3(int *x, int *y, int *z)
{
    int t;
    if (*x > *y) { t = *x; *x = *y; *y = t; }
    if (*y > *z) { t = *y; *y = *z; *z = t; }
    if (*x > *y) { t = *x; *x = *y; *y = t; }
}
int is_sorted(int n, const int v[4])
{
    for (int i = 1; i < n && i < 4; i++)
        if (v[i - 1] > v[i])
            return 0;
    return 1;
}
int tcas_like(int alt, int climb, int descend, _Bool enabled)
{
    int need_up = climb > descend + 100;
    int need_down = descend > climb + 100;
    if (!enabled)
        return 0;
    if (need_up && need_down)
        return -99;
    if (need_up && alt < 1000)
        return 1;
    if (need_down && alt > 500)
        return 2;
    return 3;
}
