/* Calls to undefined (extern) functions, answered by stubs. */

int sensor(int channel);
void log_value(int v);
int read_into(int *out);
unsigned long checksum(unsigned long seed, long n);

int use_sensor(int c)
{
    int v = sensor(c);
    if (v > 10) {
        log_value(v);
        return 1;
    }
    if (sensor(c + 1) < 0)
        return -1;
    return 0;
}

int use_read(void)
{
    int x = 0;
    int ok = read_into(&x);
    if (ok && x > 5)
        return x;
    return -1;
}

int poll_loop(int limit)
{
    int i, total = 0;
    for (i = 0; i < 5 && i < limit; i++) {
        int v = sensor(i);
        if (v < 0)
            break;
        total += v & 0xff;
    }
    return total;
}

unsigned long use_checksum(unsigned long s)
{
    unsigned long c = checksum(s, 3);
    if (c == s)
        return 0;
    return c ^ s;
}
