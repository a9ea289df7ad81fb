/* Variable-length arrays as real code uses them: scratch arrays sized by
 * a parameter, a string buffer of len + 1 chars, sizeof of a VLA. */
#include <string.h>

/* the sum of the squares below n, through a scratch table */
int square_sum(int n)
{
    if (n <= 0 || n > 4)
        return -1;
    int t[n];
    for (int i = 0; i < n; i++)
        t[i] = i * i;
    int s = 0;
    for (int i = 0; i < n; i++)
        s += t[i];
    if (s == 2) /* never: 0, 1, 5, 14 */
        return -2;
    if (sizeof t != n * sizeof(int)) /* never */
        return -3;
    return s;
}

/* the number of distinct values among a, b, c, with a table of seen
 * flags of k entries (values outside 0..k-1 are not counted) */
int distinct3(int k, int a, int b, int c)
{
    if (k < 1 || k > 12)
        return -1;
    char seen[k];
    memset(seen, 0, sizeof seen);
    int v[3] = {a, b, c};
    int count = 0;
    for (int i = 0; i < 3; i++) {
        if (v[i] < 0 || v[i] >= k)
            continue;
        if (!seen[v[i]]) {
            seen[v[i]] = 1;
            count++;
        }
    }
    if (count > k) /* never */
        return -2;
    if (count == 3 && a == b) /* never */
        return -3;
    return count;
}

/* writes the decimal digits of x (0 <= x < 10^width) right-aligned in a
 * buffer of width + 1 chars and returns the first digit */
int first_digit(int x, int width)
{
    if (width < 1 || width > 9 || x < 0)
        return -1;
    char buf[width + 1];
    buf[width] = 0;
    for (int i = width - 1; i >= 0; i--) {
        buf[i] = (char)('0' + x % 10);
        x /= 10;
    }
    if (x != 0)
        return -2; /* does not fit */
    if (buf[0] < '0' || buf[0] > '9') /* never */
        return -3;
    return buf[0] - '0';
}

/* a VLA of n elements: n <= 0 is undefined behaviour */
int vla_size(int n)
{
    int a[n];
    a[0] = n;
    if (n > 100)
        return 2;
    return a[0] > 3;
}

/* a row type sized by the caller's width (a typedef of a variable-length
 * array: its size is taken at the typedef, width changes after do not
 * matter); a row and its mirror, the number of cells equal in both */
int mirror_same(int seed, int width)
{
    if (width < 1 || width > 4 || seed > 1000 || seed < -1000)
        return -1;
    typedef int row[width];
    row a, b;
    width = 0; /* the type keeps its size */
    int n = (int)(sizeof(row) / sizeof(int));
    for (int i = 0; i < n; i++) {
        a[i] = seed + i;
        b[n - 1 - i] = seed + i;
    }
    int same = 0;
    for (int i = 0; i < n; i++)
        if (a[i] == b[i])
            same++;
    if (sizeof a != sizeof b) /* never */
        return -2;
    if (n % 2 == 0 && same != 0) /* never: an even row has no middle */
        return -3;
    return same;
}

/* drops three values into a table of n buckets (n <= 8: up to 32 bytes)
 * and returns the fullest bucket's count */
int fullest(int n, int a, int b, int c)
{
    if (n < 1 || n > 8)
        return -1;
    int count[n];
    for (int i = 0; i < n; i++)
        count[i] = 0;
    count[(a & 0x7fffffff) % n]++;
    count[(b & 0x7fffffff) % n]++;
    count[(c & 0x7fffffff) % n]++;
    int best = 0;
    for (int i = 0; i < n; i++)
        if (count[i] > best)
            best = count[i];
    if (best > 3) /* never: three values */
        return -2;
    if (best == 0) /* never */
        return -3;
    return best;
}
