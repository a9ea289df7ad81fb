/* Floating-point code as it is written in controllers and drivers, with
 * the traps of IEEE arithmetic: NaN that fails every comparison, -0 that
 * equals +0, rounding that breaks an identity of the reals. The branches
 * that return -1 cannot run (inka proves it; bench/float/attack.sh tries
 * every float and many doubles); the others can, some only by rounding. */

/* The sign of a reading, NaN and -0 told apart. */
int sign_of(double x)
{
    if (x > 0.0)
        return 1;
    if (x < 0.0)
        return 2;
    if (x == 0.0) {
        if (1.0 / x < 0.0)
            return 3; /* -0 */
        return 0;
    }
    if (x != x)
        return 4;
    return -1; /* unreachable: a double is > 0, < 0, == 0 or NaN */
}

/* An actuator command saturated to [-1, 1]; a NaN command passes. */
int saturate(float v)
{
    float out = v < -1.0f ? -1.0f : (v > 1.0f ? 1.0f : v);
    if (out > 1.0f || out < -1.0f)
        return -1; /* unreachable */
    if (out != out)
        return 3;
    if (out == 1.0f)
        return 1;
    return 0;
}

/* One step of an exponential moving average. In the reals the result
 * lies between prev and sample; in doubles it can fall below both. */
int ema_step(double prev, double sample, double alpha)
{
    if (!(alpha >= 0.0 && alpha <= 1.0))
        return 0;
    double next = prev + alpha * (sample - prev);
    if (next < prev && next < sample)
        return 2; /* only through rounding */
    if (alpha == 0.0 && next != prev && prev == prev && sample - prev == sample - prev)
        return 3; /* prev + 0 * d is prev, unless d overflows: 0 * inf is NaN */
    return 1;
}

/* Celsius to Fahrenheit, in float. */
int fahrenheit(float c)
{
    float f = c * 9.0f / 5.0f + 32.0f;
    if (c >= 0.0f && f < 32.0f)
        return -1; /* unreachable */
    if (f == 212.0f)
        return 1;
    if (f == 32.0f && c != 0.0f)
        return 2; /* only through rounding: a tiny c */
    return 0;
}

/* Speed in km/h from a wheel's period in seconds (0 or NaN: standing). */
int speed_band(double period)
{
    if (!(period > 0.0))
        return 0;
    double kmh = 2.1 / period * 3.6;
    if (kmh < 0.0)
        return -1; /* unreachable */
    if (kmh > 250.0)
        return 3;
    if (kmh >= 50.0)
        return 2;
    return 1;
}
