struct point { int x, y; };

int f(int a)
{
    struct point p = (struct point){ a, 2 };
    return p.x;
}
