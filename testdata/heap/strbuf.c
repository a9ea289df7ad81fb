/* A string builder: a buffer grown with realloc as text is appended,
 * the way every C project writes one. */
#include <stdlib.h>
#include <string.h>

struct sb {
    char *buf;
    size_t len, cap;
};

static int sb_init(struct sb *b)
{
    b->cap = 4;
    b->len = 0;
    b->buf = malloc(b->cap);
    if (!b->buf)
        return -1;
    b->buf[0] = '\0';
    return 0;
}

static int sb_putc(struct sb *b, char c)
{
    if (b->len + 1 >= b->cap) {
        size_t ncap = b->cap * 2;
        char *nb = realloc(b->buf, ncap);
        if (!nb)
            return -1;
        b->buf = nb;
        b->cap = ncap;
    }
    b->buf[b->len++] = c;
    b->buf[b->len] = '\0';
    return 0;
}

/* escapes the quotes and backslashes of s (at most 8 characters) into a
 * new string and returns its length, -1 when out of memory, -2 when s is
 * too long */
int escape_len(const char *s)
{
    struct sb b;
    if (sb_init(&b) != 0)
        return -1;
    int n = 0;
    for (; *s; s++) {
        if (++n > 8) {
            free(b.buf);
            return -2;
        }
        if ((*s == '"' || *s == '\\') && sb_putc(&b, '\\') != 0) {
            free(b.buf);
            return -1;
        }
        if (sb_putc(&b, *s) != 0) {
            free(b.buf);
            return -1;
        }
    }
    int len = (int)strlen(b.buf);
    free(b.buf);
    return len;
}

/* joins the decimal digits of the first n values (0..9 each, else
 * skipped) with commas: the number of characters, or -1 */
int join_digits(const int *v, int n)
{
    if (n < 0 || n > 4)
        return -1;
    struct sb b;
    if (sb_init(&b) != 0)
        return -1;
    for (int i = 0; i < n; i++) {
        if (v[i] < 0 || v[i] > 9)
            continue;
        if (b.len > 0 && sb_putc(&b, ',') != 0)
            goto oom;
        if (sb_putc(&b, (char)('0' + v[i])) != 0)
            goto oom;
    }
    int len = (int)b.len;
    free(b.buf);
    return len;
oom:
    free(b.buf);
    return -1;
}
