/* Goals decided by rounding, each way: some reachable only through
 * rounding, some unreachable because of it, which propagation over the
 * floats proves. (Both checked exhaustively: every float for percent, the
 * 10^8 doubles below 1 for below_one.) */

/* Below 1, x + 1 rounds to at most 2: 1 - 2^-53 + 1 is a tie between the
 * largest double below 2 and 2, broken to the even 2. */
int below_one(double x)
{
    if (x < 1.0) {
        double y = x + 1.0;
        if (y > 2.0)
            return -1; /* unreachable */
        if (y == 2.0)
            return 2; /* only through rounding */
        return 1;
    }
    return 0;
}

/* A percentage of a fraction in [0, 1): never 100, not even for the
 * largest float below 1, whose product by 100 (100 - 100·2^-24) rounds
 * down to the float below 100. */
int percent(float f)
{
    if (f >= 0.0f && f < 1.0f) {
        int p = (int)(f * 100.0f);
        if (p > 100)
            return -1; /* unreachable */
        if (p == 100)
            return 2; /* unreachable too */
        return 1;
    }
    return 0;
}
