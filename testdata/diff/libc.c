/* Code that calls the C library: inka runs its models (package libc),
 * gcc's build the real glibc. Differential test programs of the
 * interpreter (interp/diff_test.go): results, errno, the bytes written and
 * every decision must agree. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The classes of a byte, one bit each, and its cases. */
long char_class(unsigned char c)
{
    long k = 0;
    if (isalnum(c)) k |= 1;
    if (isalpha(c)) k |= 2;
    if (isblank(c)) k |= 4;
    if (iscntrl(c)) k |= 8;
    if (isdigit(c)) k |= 16;
    if (isgraph(c)) k |= 32;
    if (islower(c)) k |= 64;
    if (isprint(c)) k |= 128;
    if (ispunct(c)) k |= 256;
    if (isspace(c)) k |= 512;
    if (isupper(c)) k |= 1024;
    if (isxdigit(c)) k |= 2048;
    return k * 65536 + tolower(c) * 256 + toupper(c);
}

/* What glibc's class tests return, not only whether they hold. */
int class_value(int c)
{
    if (c < -1 || c > 255)
        return -1;
    return isalpha(c) + isdigit(c) + isspace(c) + ispunct(c);
}

/* The most negative values have no magnitude: abs(INT_MIN) is undefined
 * (inka's model says so, glibc's compiled code cannot). */
long magnitudes(int a, long b, long long c)
{
    if (a == INT_MIN || b == LONG_MIN || c == LLONG_MIN)
        return 0;
    if (abs(a) > 1000)
        return 1;
    return labs(b) % 1000 + (long)(llabs(c) % 7) + abs(a);
}

static const char *const numbers[] = {
    "42", "  -17xyz", "0x1F", "0777", "08", "-0", "+", "0x", "2147483648",
    "-9223372036854775809", "9223372036854775807", "18446744073709551616", "zz",
    "\t\n 12 34", "-0x8000000000000000", "abc",
};

int end_offset;

/* A number of the table in a base: its value, and where it ended. */
long convert(unsigned i, int base)
{
    const char *s = numbers[i % 16];
    char *end;
    long v;
    errno = 0;
    v = strtol(s, &end, base % 40);
    end_offset = (int)(end - s);
    if (errno == ERANGE)
        return v == 0 ? -3 : v > 0 ? -1 : -2;
    return v;
}

unsigned long long convert_unsigned(unsigned i, int base)
{
    errno = 0;
    return strtoull(numbers[i % 16], NULL, base % 40) + (unsigned long long)errno;
}

/* A port number: digits only, 1 to 65535. */
int parse_port(const char *s)
{
    int i;
    long v;
    for (i = 0; s[i] != 0; i++)
        if (!isdigit((unsigned char)s[i]))
            return -1;
    if (i == 0)
        return -1;
    v = atol(s);
    if (v < 1 || v > 65535)
        return -2;
    return (int)v;
}

/* A method of a request line. */
int method(const char *s)
{
    if (strcmp(s, "GET") == 0)
        return 1;
    if (strncmp(s, "PO", 2) == 0)
        return 2;
    if (strlen(s) > 2)
        return 3;
    return 0;
}

char joined[16];

/* joined = a "/" b, when it fits. */
int join(const char *a, const char *b)
{
    size_t la = strnlen(a, 8), lb = strnlen(b, 8);
    if (la == 8 || lb == 8 || la + lb + 2 > sizeof joined)
        return -1;
    memset(joined, 0, sizeof joined);
    memcpy(joined, a, la);
    strcat(joined, "/");
    strncat(joined, b, 3);
    if (strchr(joined, 'x') != NULL)
        return 2;
    return (int)strlen(joined);
}

static const char *const words[] = {"", "a", "ab", "abc", "ba", "cab", "aab", "bca"};

/* Searches between two words of the table. */
long search(unsigned i, unsigned j, int c)
{
    const char *a = words[i % 8], *b = words[j % 8];
    const char *p = strstr(a, b), *q = strrchr(a, c), *r = strpbrk(a, b);
    long k = (long)strspn(a, b) * 10 + (long)strcspn(a, b);
    if (p != NULL)
        k += 100 * (p - a + 1);
    if (q != NULL)
        k += 1000 * (q - a + 1);
    if (r != NULL)
        k += 10000 * (r - a + 1);
    return k * 4 + (strcmp(a, b) > 0) * 2 + (memcmp(a, b, 1) < 0);
}

/* Case-insensitive comparison of two strings. */
int same_word(const char *a, const char *b)
{
    size_t i;
    for (i = 0; a[i] != 0 && b[i] != 0; i++)
        if (tolower((unsigned char)a[i]) != tolower((unsigned char)b[i]))
            return 0;
    return a[i] == b[i];
}

/* Where a byte is in a buffer, and a copy up to it. */
int until(const char *s, int c)
{
    char buf[4];
    const char *p = memchr(s, c, 4);
    if (p == NULL)
        return -1;
    strncpy(buf, s, 4);
    buf[p - s] = 0;
    return (int)strlen(buf) * 10 + (int)(p - s);
}
