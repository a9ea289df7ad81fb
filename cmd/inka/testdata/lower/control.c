/* Control flow lowered with flags: loops with break, continue and return,
 * early returns, do-while. */
int find(int *a, int n, int x)
{
    for (int i = 0; i < n; i++) {
        if (a[i] == x)
            return i;
    }
    return -1;
}

int count(int n)
{
    int c = 0, i = 0;
    while (i < n) {
        i++;
        if (i % 3 == 0)
            continue;
        if (i > 100)
            break;
        c++;
    }
    return c;
}

int digits(unsigned x)
{
    int d = 0;
    do {
        d++;
        x /= 10;
    } while (x != 0);
    return d;
}

int nested(int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
        for (int j = 0; ; j++) {
            if (j >= i)
                break;
            if ((i + j) % 2)
                continue;
            s += j;
        }
        if (s > 50)
            return s;
    }
    return -s;
}

int early(int a, int b)
{
    if (a < 0) {
        if (b < 0)
            return 0;
        a = -a;
    }
    b = a + b;
    return b;
}
