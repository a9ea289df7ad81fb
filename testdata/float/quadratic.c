/* Real roots of a x^2 + b x + c = 0: the number of roots and the larger
 * one, in the textbook form with the discriminant's sign and sqrt. */
#include <math.h>

int quadratic(double a, double b, double c, double *root)
{
    if (a == 0.0) {
        if (b == 0.0)
            return c == 0.0 ? -1 : 0; /* every x, or none */
        *root = -c / b;
        return 1;
    }
    double disc = b * b - 4.0 * a * c;
    if (disc < 0.0)
        return 0;
    if (disc == 0.0) {
        *root = -b / (2.0 * a);
        return 1;
    }
    double s = sqrt(disc);
    double q = b > 0.0 ? -0.5 * (b + s) : -0.5 * (b - s);
    double r1 = q / a, r2 = c / q;
    *root = fmax(r1, r2);
    return 2;
}
