/* Pointers, arrays, structs: every access through an address. */
struct point { int x, y; };
struct segment { struct point a, b; int tag[2]; };

int grid[3][4];

int dist(struct segment *s)
{
    int dx = s->b.x - s->a.x;
    int dy = s->b.y - s->a.y;
    return dx * dx + dy * dy;
}

int walk(int *p, int n)
{
    int *end = p + n;
    int s = 0;
    while (p < end)
        s += *p++;
    return s + (int)(end - p);
}

struct point mid(struct point a, struct point b)
{
    struct point m;
    m.x = (a.x + b.x) / 2;
    m.y = (a.y + b.y) / 2;
    return m;
}

int use(int i, int j)
{
    struct segment sg = { { 0, 0 }, { 3, 4 }, { 7 } };
    struct point m = mid(sg.a, sg.b);
    int local[5] = { 1, 2 };
    grid[i][j] = dist(&sg);
    sg.tag[1] = grid[i][j];
    local[i] = m.x;
    return local[j] + walk(local, 5);
}

int deref(int ***ppp)
{
    ***ppp = 1;
    return **ppp == 0;
}
