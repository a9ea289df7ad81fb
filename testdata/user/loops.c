/* Loops with data-dependent exits. */

int find_first(const int *a, int n, int key)
{
    int i;
    if (n > 4)
        n = 4;
    for (i = 0; i < n; i++) {
        if (a[i] == key)
            return i;
    }
    return -1;
}

int digits(unsigned int x)
{
    int d = 0;
    do {
        d++;
        x /= 10;
    } while (x != 0);
    if (d > 10)                 /* a 32-bit unsigned has at most 10 digits */
        return -1;
    if (d == 10)
        return 10;
    return d;
}

int gcd_steps(int a, int b)
{
    int steps = 0;
    if (a <= 0 || b <= 0 || a > 1000 || b > 1000)
        return -1;
    while (b != 0) {
        int t = a % b;
        a = b;
        b = t;
        steps++;
    }
    if (a == 7 && steps >= 3)
        return 100 + steps;
    return steps;
}

int count_down(int n)
{
    int k = 0;
    while (n > 0) {
        if (n % 3 == 0)
            n -= 2;
        else
            n--;
        k++;
        if (k > 20)
            break;
    }
    if (n < -1)                 /* only when the loop does not run */
        return -1;
    return k;
}

unsigned int hash(unsigned char a, unsigned char b, unsigned char c)
{
    unsigned int h = 5381;
    unsigned char s[3];
    int i;
    s[0] = a;
    s[1] = b;
    s[2] = c;
    for (i = 0; i < 3; i++)
        h = h * 33 + s[i];
    if (h == 193485963u)        /* "abc" */
        return 1;
    if ((h & 7) == 0)
        return 2;
    return 0;
}
