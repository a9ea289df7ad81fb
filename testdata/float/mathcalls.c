/* The exact functions of <math.h> in the style of real code: a clamp, a
 * norm, a histogram bin, an angle wrap, a page count, cents. The branches
 * that return -1 cannot run (inka proves it by propagation over the
 * floats; bench/float/attack.sh tries every float and many doubles). */
#include <math.h>

/* An ADC reading clamped to its 12-bit range (a NaN reading gives 0:
 * fmin and fmax give the other operand of a quiet NaN). */
int clamp_reading(double raw)
{
    double v = fmax(fmin(raw, 4095.0), 0.0);
    if (v > 4095.0)
        return -1; /* unreachable */
    if (v == 4095.0)
        return 1;
    return 0;
}

/* Is the point (x, y) on the circle of radius r, within a tolerance? */
int on_circle(double x, double y, double r)
{
    double d = sqrt(x * x + y * y);
    if (d < 0.0)
        return -1; /* unreachable: sqrt(-0) is -0, never below */
    if (fabs(d - r) <= 1e-9)
        return 1;
    return 0;
}

/* The bin of a temperature in a histogram of 8 bins of 0.5 from 10. */
int temp_bin(double t)
{
    double b = floor((t - 10.0) / 0.5);
    if (b >= 0.0 && b < 8.0) {
        int bin = (int)b;
        if (bin == 7)
            return 7;
        if (bin > 7)
            return -1; /* unreachable */
        return bin;
    }
    return -2;
}

/* A heading in degrees wrapped into [0, 360): a tiny negative heading
 * wraps to -tiny + 360, which rounds to 360 itself. */
int quadrant(double deg)
{
    double h = fmod(deg, 360.0);
    if (h < 0.0)
        h += 360.0;
    if (h >= 360.0)
        return 4; /* only through rounding */
    if (h >= 270.0)
        return 3;
    if (h >= 180.0)
        return 2;
    if (h >= 90.0)
        return 1;
    return 0;
}

/* Pages of 4 KiB for a size in KiB (float). */
int pages(float kb)
{
    float p = ceilf(kb / 4.0f);
    if (p == 1.0f && kb > 4.0f)
        return -1; /* unreachable: kb / 4 is exact here */
    if (p == 2.0f)
        return 2;
    return 0;
}

/* An amount rounded to whole cents, and back. */
int cents(double amount)
{
    double c = round(amount * 100.0);
    if (c == 150.0 && amount < 1.495)
        return 2; /* only through rounding: the double below 1.495, times
                     100, rounds to 149.5, which round() takes to 150 */
    if (c == 150.0)
        return 1;
    if (trunc(amount) == 2.0 && c < 200.0)
        return -1; /* unreachable */
    return 0;
}
