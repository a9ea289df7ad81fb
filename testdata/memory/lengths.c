/* Inputs longer than four elements: a decimal parser that detects
 * overflow after ten digits, a name checked against a length limit, a
 * constant-time comparison of 16-byte tags, a line splitter, and a
 * buffer consumed three bytes at a time (base64's groups). */
#include <stddef.h>
#include <stdint.h>

/* 0 and *out on success; -1 on an empty string, a non-digit or overflow */
int parse_u32(const char *s, uint32_t *out)
{
    uint32_t v = 0;
    if (*s == '\0')
        return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        uint32_t d = (uint32_t)(*s - '0');
        if (v > (UINT32_MAX - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

/* 0 valid, 1 too long (more than 12 characters), 2 a bad character */
int check_name(const char *name)
{
    size_t n = 0;
    while (name[n] != '\0') {
        char c = name[n];
        if (!((c >= 'a' && c <= 'z') || c == '_'))
            return 2;
        n++;
    }
    if (n > 12)
        return 1;
    return 0;
}

/* 1 when the two tags are equal (a tag is 16 bytes), 0 when not */
int tag_equal(const unsigned char *a, const unsigned char *b, size_t len)
{
    if (a == NULL || b == NULL || len != 16)
        return -1;
    for (size_t i = 0; i < len; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

/* the number of lines of buf[0..len), the last one counted without a
 * newline; -1 when a line is longer than 8 bytes */
int count_lines(const char *buf, size_t len)
{
    int lines = 0;
    size_t col = 0;
    for (size_t i = 0; i < len; i++) {
        if (buf[i] == '\n') {
            lines++;
            col = 0;
        } else if (++col > 8) {
            return -1;
        }
    }
    if (col > 0)
        lines++;
    return lines;
}

/* the sum of the 24-bit groups of buf, then the bytes left over */
uint32_t sum_groups(const unsigned char *buf, size_t n)
{
    uint32_t sum = 0;
    while (n >= 3) {
        sum += (uint32_t)buf[0] << 16 | (uint32_t)buf[1] << 8 | buf[2];
        buf += 3;
        n -= 3;
    }
    if (n == 2)
        sum += (uint32_t)buf[0] << 8 | buf[1];
    else if (n == 1)
        sum += buf[0];
    return sum;
}

/* a path longer than 80 characters is refused: no input inka tries is
 * that long (--max-len 64), so the outcome stays unknown, never
 * unreachable */
int path_ok(const char *path)
{
    size_t n = 0;
    while (path[n])
        n++;
    if (n > 80)
        return 0;
    return 1;
}
