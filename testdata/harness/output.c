/* Output through the C library: a usage message, a report line whose
 * length the caller checks, a hex dump, a warning on stderr, a mean in
 * floating point, a raw record, errors reported by perror. inka
 * records what each test writes; the harness compares it with what the
 * real printf writes. */
#include <errno.h>
#include <stdio.h>

int usage(const char *prog, int verbose)
{
    if (verbose)
        fprintf(stderr, "%s: bad option\n", prog);
    return puts("usage: tool [-v] FILE");
}

/* Pads a table row to 24 columns; a row that does not fit is an error. */
int row(const char *key, int value)
{
    int n = printf("%-8s|%6d|%#06x\n", key, value, (unsigned)value & 0xffff);
    if (n > 24)
        return -1;
    if (n < 23) /* true unreachable: 8 + 1 + 6 + 1 + 6 + 1 at least */
        return 1;
    return n == 24;
}

int dump(const unsigned char buf[4], unsigned len)
{
    unsigned i;
    int total = 0;
    if (len > 4)
        return -1;
    for (i = 0; i < len; i++)
        total += printf("%02X%c", buf[i], i + 1 < len ? ' ' : '\n');
    if (total == 9 && buf[0] == 0xff)
        putchar('!');
    return total;
}

long level(long x)
{
    int n = printf("%+ld%%", x);
    if (n == 4)
        return x;
    return -n;
}

/* The mean of count values whose sum is sum, rounded and in full. */
int mean(double sum, int count)
{
    if (count <= 0) {
        errno = EDOM;
        perror("mean");
        return -1;
    }
    printf("mean %.2f (%g of %d, %E)\n", sum / count, sum, count, sum);
    return 0;
}

/* A record of n bytes written as is, then a new line. */
int record(const char rec[4], size_t n)
{
    if (n > 4)
        return -1;
    if (fwrite(rec, 1, n, stdout) != n) /* true unreachable */
        return -2;
    fputc('\n', stdout);
    return (int)n;
}

/* A failed open reported with the errno its caller left. */
int opened(int fd)
{
    if (fd < 0) {
        perror("open");
        return -1;
    }
    return 0;
}
