/* Point in rectangle and segment intersection, single precision. */
struct point { float x, y; };
struct rect { struct point lo, hi; };

int in_rect(const struct rect *r, struct point p)
{
    if (r->lo.x > r->hi.x || r->lo.y > r->hi.y)
        return -1; /* empty rectangle */
    return p.x >= r->lo.x && p.x <= r->hi.x && p.y >= r->lo.y && p.y <= r->hi.y;
}

static float cross(struct point o, struct point a, struct point b)
{
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

int segments_intersect(struct point a, struct point b, struct point c, struct point d)
{
    float d1 = cross(c, d, a), d2 = cross(c, d, b);
    float d3 = cross(a, b, c), d4 = cross(a, b, d);
    if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) &&
        ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)))
        return 1;
    if (d1 == 0 || d2 == 0 || d3 == 0 || d4 == 0)
        return 2; /* touching or collinear */
    return 0;
}
