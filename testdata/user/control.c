/* Loops, switch in loops, division and shift semantics, recursion through
 * pointers: checked against gcc and exhaustive runs (testgen/check_test.go). */
int nested(int n, int m)
{
    int c = 0;
    for (int i = 0; i < n && i < 5; i++) {
        for (int j = 0; j < m && j < 5; j++) {
            if ((i + j) % 3 == 2)
                continue;
            if (i * j == 12)
                break;
            c++;
        }
    }
    if (c == 7)
        return 1;
    return 0;
}
int dowhile(unsigned x)
{
    int k = 0;
    do {
        x >>= 1;
        k++;
    } while (x != 0);
    if (k == 17)
        return 1;
    return 0;
}
int divs(int a, int b)
{
    if (b == 0) return 0;
    int q = a / b, r = a % b;
    if (q == -3 && r == -2)
        return 1;
    if (r > 0 && a < 0)
        return 2;
    return 0;
}
int shifts(int x, int s)
{
    if (s < 0 || s > 31) return -1;
    if (x < 0) return -2;
    long v = (long)x << s;
    if (v == 0x40000000L * 4)
        return 1;
    return 0;
}
int sw_loop(int n)
{
    int acc = 0;
    for (int i = 0; i < n && i < 6; i++) {
        switch (i % 3) {
        case 0: acc += 1; break;
        case 1: acc *= 2; break;
        default: acc -= 1;
        }
    }
    if (acc == 3) return 1;
    return 0;
}
int rec(int *p, int n)
{
    if (n <= 0) return *p;
    *p += n;
    return rec(p, n - 1);
}
int userec(int x)
{
    int v = x;
    if (rec(&v, 3) == 16)
        return 1;
    return 0;
}
unsigned char uc(unsigned char a)
{
    unsigned char b = a * 3;
    if (b == 1) return 1;
    return 0;
}
