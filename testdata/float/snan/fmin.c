/* glibc's fmin of a quiet NaN is the other operand; of a signalling NaN
 * it is a quiet NaN (x + y). gcc -O0 calls glibc; clang computes fmin
 * itself and gives the other operand: the harness's compilers disagree on
 * this program, which is why it is apart from testdata/float. */
#include <math.h>

int clamp_reading(double raw)
{
    double v = fmin(raw, 4095.0);
    if (v != v)
        return 3; /* only a signalling NaN raw */
    if (v == 4095.0)
        return 1;
    return 0;
}
