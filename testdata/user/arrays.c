/* Arrays indexed by inputs, searches with data-dependent exits, a state
 * machine driven by a switch in a loop, globals. */

int table[8] = {1, 3, 5, 7, 11, 13, 17, 19};
int hits;

int bsearch_idx(int key)
{
    int lo = 0, hi = 7;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (table[mid] == key)
            return mid;
        if (table[mid] < key)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

int histogram(const unsigned char *s, int n)
{
    int counts[4] = {0, 0, 0, 0};
    int i;
    if (n > 4)
        n = 4;
    for (i = 0; i < n; i++)
        counts[s[i] & 3]++;
    if (counts[3] == 4)
        return 3;
    if (counts[0] > 0 && counts[1] > 0 && counts[2] > 0 && counts[3] > 0)
        return 4;
    if (counts[0] + counts[1] + counts[2] + counts[3] > n) /* n < 0 */
        return -1;
    return 0;
}

enum state { IDLE, NUM, SIGN, DONE };

int parse(const char *s)
{
    enum state st = IDLE;
    int v = 0, neg = 0, i;
    for (i = 0; i < 4 && st != DONE; i++) {
        char c = s[i];
        switch (st) {
        case IDLE:
            if (c == '-') {
                neg = 1;
                st = SIGN;
            } else if (c >= '0' && c <= '9') {
                v = c - '0';
                st = NUM;
            } else
                st = DONE;
            break;
        case SIGN:
        case NUM:
            if (c >= '0' && c <= '9')
                v = v * 10 + (c - '0');
            else
                st = DONE;
            break;
        default:
            break;
        }
    }
    if (neg && v == 123)
        return -123;
    if (v > 9999)               /* at most four digits */
        return -1;
    return neg ? -v : v;
}

int count_hits(int a, int b)
{
    hits = 0;
    if (a > b)
        hits++;
    if (a * 2 > b)
        hits++;
    if (hits == 2 && a < 0)
        return 100;
    if (hits == 1 && a > b)     /* a > b >= 2a: a negative */
        return 1;
    return hits;
}
