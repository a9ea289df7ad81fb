int g;

int ext(int *out);

int f(int a, int b, int *p)
{
    int r = 0;
    if (a > 0 && (b < 0 || b > 10))
        r = 1;
    switch (a + b) {
    case 1:
        r += 2;
        break;
    default:
        r += ext(p);
    }
    g = r;
    return r ? p[1] : 0;
}
