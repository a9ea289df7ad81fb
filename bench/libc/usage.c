/* Typical code that calls the C library (issue 12's measure): a command
 * parser, a number parser, a path normalizer, a case-insensitive compare.
 * bench/libc/run.sh runs inka cover on it, validates the harness with the
 * real glibc, and runs the random baseline beside it. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

enum { CMD_NONE, CMD_GET, CMD_PUT, CMD_DEL, CMD_QUIT, CMD_HELP };

/* A command of a line protocol: its verb, case matters, and QUIT only
 * alone. */
int parse_command(const char *line)
{
    if (strncmp(line, "GET ", 4) == 0)
        return CMD_GET;
    if (strncmp(line, "PUT ", 4) == 0)
        return CMD_PUT;
    if (strncmp(line, "DEL", 3) == 0 && (line[3] == ' ' || line[3] == 0))
        return CMD_DEL;
    if (strcmp(line, "QUIT") == 0)
        return CMD_QUIT;
    if (line[0] == '?' || strcmp(line, "help") == 0)
        return CMD_HELP;
    return CMD_NONE;
}

/* A decimal field of a fixed-width record: digits only, at most 6. */
int parse_field(const char *s, int *out)
{
    int i;
    for (i = 0; s[i] != 0; i++) {
        if (!isdigit((unsigned char)s[i]))
            return -1;
        if (i == 6)
            return -2;
    }
    if (i == 0)
        return -1;
    *out = atoi(s);
    if (*out == 1234)
        return 1;
    return 0;
}

/* A number of a configuration file, in any base C accepts, within int. */
int parse_number(const char *s, int *out)
{
    char *end;
    long v;
    errno = 0;
    v = strtol(s, &end, 0);
    if (end == s)
        return -1;
    if (*end != 0 && !isspace((unsigned char)*end))
        return -2;
    if (errno == ERANGE || v > INT_MAX || v < INT_MIN)
        return -3;
    *out = (int)v;
    return v < 0 ? 1 : 0;
}

/* The last component of a path, copied into base (at most 7 bytes). */
int basename_of(const char *path, char *base)
{
    const char *slash = strrchr(path, '/');
    const char *name = slash != NULL ? slash + 1 : path;
    size_t n = strlen(name);
    if (n == 0)
        return -1;
    if (n > 7)
        return -2;
    memcpy(base, name, n + 1);
    if (strchr(base, '.') != NULL)
        return 1;
    return 0;
}

/* Case-insensitive equality of two words, as a header name is compared. */
int same_name(const char *a, const char *b)
{
    size_t i = 0;
    while (a[i] != 0 && tolower((unsigned char)a[i]) == tolower((unsigned char)b[i]))
        i++;
    if (a[i] != 0 || b[i] != 0)
        return 0;
    return 1;
}

/* The value of a header line "Name: value" whose name is Content-Length. */
long content_length(const char *line)
{
    const char *colon = strchr(line, ':');
    if (colon == NULL)
        return -1;
    if (colon - line != 14 || strncmp(line, "Content-Length", 14) != 0)
        return -2;
    colon++;
    while (isspace((unsigned char)*colon))
        colon++;
    if (!isdigit((unsigned char)*colon))
        return -3;
    return atol(colon);
}
