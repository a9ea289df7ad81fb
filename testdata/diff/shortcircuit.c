/* && || ?: with side effects. */

int g_count;

static int bump(int x)
{
    g_count++;
    return x;
}

int sc_and(int a, int b)
{
    g_count = 0;
    if (bump(a) && bump(b))
        return g_count;
    return -g_count;
}

int sc_or_side(int a, int b)
{
    int k = 0;
    if (a > 0 || (k = b) > 5)
        k += 100;
    return k;
}

int sc_ternary(int a, int b, int c)
{
    return a ? (b ? 1 : 2) : (c > 0 ? 3 : 4);
}

int sc_loop(int x, int y)
{
    int n = 0;
    while (x > 0 && (y-- > 0 || x % 2)) {
        x--;
        n++;
        if (n > 50)
            break;
    }
    return n * 1000 + y % 1000;
}

int sc_value(int a, int b)
{
    int v = (a && b) + (a || b) * 2 + !a * 4;
    return v;
}

int sc_chain(int a, int b, int c)
{
    int r = 0;
    if (a == 1 || b == 2 || c == 3)
        r += 1;
    if (a > 0 && b > 0 && c > 0)
        r += 2;
    if ((a < 0 || b < 0) && c != 0)
        r += 4;
    return r;
}

int sc_increments(int i, int j)
{
    int k = 0;
    if (i++ > 0 && j++ > 0)
        k = 1;
    if (--i < 0 || --j < 0)
        k += 2;
    return k * 100 + (i - j) % 50;
}
