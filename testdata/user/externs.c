/* Calls to extern functions whose results decide branches. */

int read_sensor(int channel);
int get_config(int key, int *value);
void report(int code);

int monitor(int ch)
{
    int v = read_sensor(ch);
    if (v < 0)
        return -1;
    int w = read_sensor(ch + 1);
    if (v > 100 && w > 100 && v + w == 1000)
        return 2;
    if (v == w && v != 0)
        return 3;
    report(v);
    return 0;
}

int configured(int key)
{
    int value = -1;
    if (get_config(key, &value) != 0)
        return -1;
    if (value == 42)
        return 1;
    if (value < 0)
        return 2;
    return 0;
}

int retries(int max)
{
    int i, got = -1;
    if (max > 5)
        max = 5;
    for (i = 0; i < max; i++) {
        got = read_sensor(i);
        if (got >= 0)
            break;
    }
    if (i == 3 && got == 7)
        return 1;
    if (i > 5)                  /* max is at most 5 */
        return -1;
    return 0;
}
