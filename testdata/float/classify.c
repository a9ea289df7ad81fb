/* The classification macros of <math.h> (gcc expands them to builtins it
 * computes inline: no function a test could stub), on floats and doubles. */
#include <math.h>

/* a sensor reading: rejected when not a number, clamped when infinite */
int reading_class(double v)
{
	if (isnan(v))
		return -1;
	if (isinf(v))
		return v > 0 ? 2 : -2;
	if (!isfinite(v))
		return -3; /* never */
	if (fpclassify(v) == FP_SUBNORMAL)
		return 3;
	if (fpclassify(v) == FP_ZERO && signbit(v))
		return 4; /* -0.0 */
	if (isnormal(v) && v < 0)
		return 5;
	return 0;
}

/* a float gain: a subnormal float is a normal double, its class is the
 * float's */
int gain_class(float g)
{
	if (fpclassify(g) == FP_SUBNORMAL)
		return 1;
	if (isnormal(g) && g < 1e-37f)
		return 2; /* FLT_MIN <= g < 1e-37 */
	if (signbit(g) && g > 0)
		return -1; /* never */
	if (isless(g, 0.5f) && isgreater(g, 0.25f))
		return 3;
	if (isunordered(g, 1.0f))
		return 4;
	return 0;
}
