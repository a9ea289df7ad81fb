/* The C library is no free input. A function inka models (package libc)
 * is code: abs(3) is 3, never 7, so the first goal is unreachable, and
 * tolower('A') is 'a'. A goal that depends on what an unmodelled library
 * function returns or writes is unknown, naming it; calls that only write
 * output run as themselves. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The repros. */
int magnitude(int x)
{
	if (abs(x) == 7 && x == 3)
		return 1;
	return 0;
}

int lower_a(int ch)
{
	if (tolower(ch) == 'a')
		return 1;
	return 0;
}

int long_name(const char *s)
{
	if (strlen(s) == 100)
		return 1;
	return 0;
}

/* Goals before the library call, or on paths without it, are answered. */
int checked(int x, const char *name)
{
	if (x < 0) {
		fprintf(stderr, "%s: negative\n", name);
		return -1;
	}
	if (x > 1000)
		return (int)strlen(name);
	if (x == 7 && getenv(name) != NULL)
		return 1;
	printf("%d\n", x);
	return 0;
}

/* Unmodelled: what rand returns is the library's, not the test's. */
int lucky(void)
{
	if (rand() == 7)
		return 1;
	return 0;
}

/* A check made before any library call: the proof stands. */
int bounded_env(const char *name, int max)
{
	if (max < 0 && max > 10)
		return -1; /* unreachable */
	if (max == 0)
		return 0;
	return getenv(name) != NULL ? max : 0;
}
