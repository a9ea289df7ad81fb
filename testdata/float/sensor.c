/* A sensor reading: integer validation, then scaling in double. The
 * integer decisions are answered whatever the floating-point code does. */
int reading(int raw, int gain, double offset)
{
    if (raw < 0 || raw > 4095)
        return -1;
    if (gain > 8 && gain < 4)
        return -2; /* never */
    double v = raw * 0.25 * gain + offset;
    if (v > 100.0)
        return 1;
    return 0;
}
