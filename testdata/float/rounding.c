/* Goals that depend on rounding. */

/* Reachable only through rounding: x + 1 == x holds for large x (2^53
 * and beyond) and for the infinities, never in the reals. */
int absorbs(double x)
{
    if (x + 1.0 == x)
        return 1;
    return 0;
}

/* Unreachable because of rounding: a float converted to double and back
 * is the same float (widening is exact), so the difference is never
 * non-zero for a number; only NaN compares unequal. */
int roundtrip(float f)
{
    double d = f;
    float g = (float)d;
    if (g != f) {
        if (f == f)
            return -1; /* unreachable: f is a number here */
        return 2;      /* NaN */
    }
    return 0;
}
