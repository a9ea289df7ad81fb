/* Conversions between Q16.16 fixed point and float, with saturation. */
#include <stdint.h>

int32_t float_to_q16(float x)
{
    if (x != x)
        return 0; /* NaN */
    if (x >= 32768.0f)
        return INT32_MAX;
    if (x < -32768.0f)
        return INT32_MIN;
    float scaled = x * 65536.0f;
    return (int32_t)(scaled + (scaled >= 0 ? 0.5f : -0.5f));
}

double q16_to_double(int32_t q)
{
    return q / 65536.0;
}

unsigned char to_byte(double v)
{
    if (v <= 0.0)
        return 0;
    if (v >= 1.0)
        return 255;
    return (unsigned char)(v * 255.0 + 0.5);
}
