/* The differential test of the models against glibc (libc_test.go):
 * compiled by gcc after the models (renamed __inka_libc_*, with
 * __INKA_BYTES), it calls every model and the real function on the same
 * inputs and prints one line per disagreement, then "checked N".
 *
 * Undefined behaviour: a model states the preconditions of the standard
 * with __inka_require, recorded here in `broken`; the test checks that a
 * precondition is broken exactly when the standard says so, and calls the
 * real function only when it is not. */

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define M(f) __inka_libc_##f

static int broken, trap;
static jmp_buf out;
static long checked, failed;

/* A broken precondition ends the call when trapped (TRY): the rest of a
 * model on such arguments is undefined (an overlapping copy may loop). */
void __inka_require(int c, const char *why)
{
	(void)why;
	if (!c) {
		broken = 1;
		if (trap)
			longjmp(out, 1);
	}
}

/* The precondition of the copies, as the interpreter checks it. */
void __inka_disjoint(const void *a, size_t n, const void *b, size_t m)
{
	uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
	__inka_require(!(n != 0 && m != 0 && (x - y < m || y - x < n)), "the objects overlap");
}

#define TRY(call)                          \
	do {                               \
		broken = 0;                \
		trap = 1;                  \
		if (setjmp(out) == 0) {    \
			call;              \
		}                          \
		trap = 0;                  \
	} while (0)

/* What the models write with __inka_output, per stream. */
static unsigned char written[3][64];
static size_t nwritten[3];

void __inka_output(int stream, int c)
{
	if (nwritten[stream] < sizeof written[stream])
		written[stream][nwritten[stream]] = (unsigned char)c;
	nwritten[stream]++;
}

/* The output intrinsics: the interpreter writes the output; here only
 * the counts of stdio.c's models are compared with glibc's. */
void __inka_output_text(int stream, ...)
{
	(void)stream;
}

void __inka_output_int(int stream, int spec, int width, int prec, unsigned long long v)
{
	(void)stream, (void)spec, (void)width, (void)prec, (void)v;
}

void __inka_output_field(int stream, int spec, int width)
{
	(void)stream, (void)spec, (void)width;
}

void __inka_output_end(int stream)
{
	(void)stream;
}

void __inka_output_float(int stream, int spec, int width, int prec, double v)
{
	(void)stream, (void)spec, (void)width, (void)prec, (void)v;
}

void __inka_output_errno(int stream, int e)
{
	(void)stream, (void)e;
}

#define AGREE(got, want, ...)                                                        \
	do {                                                                         \
		checked++;                                                           \
		if ((got) != (want)) {                                               \
			failed++;                                                    \
			if (failed <= 40) {                                          \
				printf(__VA_ARGS__);                                 \
				printf(": model %lld, glibc %lld\n", (long long)(got), \
				       (long long)(want));                            \
			}                                                            \
		}                                                                    \
	} while (0)

/* A deterministic generator (the same inputs every run). */
static unsigned long long seed = 0x2545F4914F6CDD1DULL;

static unsigned rnd(unsigned n)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return (unsigned)(seed % n);
}

/* A random string of 0..max bytes from alphabet, NUL-terminated. */
static void rnd_string(char *s, int max, const char *alphabet)
{
	int n = (int)rnd((unsigned)max + 1), k = (int)strlen(alphabet), i;
	for (i = 0; i < n; i++)
		s[i] = alphabet[rnd((unsigned)k)];
	s[n] = 0;
}

typedef int (*ctype_fn)(int);

static void check_ctype(void)
{
	static const struct {
		const char *name;
		ctype_fn model, real;
	} fns[] = {
		{"isalnum", M(isalnum), isalnum},   {"isalpha", M(isalpha), isalpha},
		{"isblank", M(isblank), isblank},   {"iscntrl", M(iscntrl), iscntrl},
		{"isdigit", M(isdigit), isdigit},   {"isgraph", M(isgraph), isgraph},
		{"islower", M(islower), islower},   {"isprint", M(isprint), isprint},
		{"ispunct", M(ispunct), ispunct},   {"isspace", M(isspace), isspace},
		{"isupper", M(isupper), isupper},   {"isxdigit", M(isxdigit), isxdigit},
		{"tolower", M(tolower), tolower},   {"toupper", M(toupper), toupper},
	};
	size_t k;
	int c;
	for (k = 0; k < sizeof fns / sizeof fns[0]; k++) {
		for (c = -300; c <= 300; c++) {
			volatile int got = 0;
			TRY(got = fns[k].model(c));
			AGREE(broken, !(c == EOF || (c >= 0 && c <= UCHAR_MAX)), "%s(%d) precondition", fns[k].name, c);
			if (!broken)
				AGREE(got, fns[k].real(c), "%s(%d)", fns[k].name, c);
		}
	}
	for (c = -300; c <= 300; c++) {
		AGREE(M(isascii)(c), isascii(c), "isascii(%d)", c);
		AGREE(M(toascii)(c), toascii(c), "toascii(%d)", c);
	}
	AGREE(M(isascii)(INT_MIN), isascii(INT_MIN), "isascii(INT_MIN)");
	AGREE(M(toascii)(INT_MAX), toascii(INT_MAX), "toascii(INT_MAX)");
}

static void check_abs_div(void)
{
	static const long long vals[] = {0, 1, -1, 2, -2, 7, -7, 100, -100, INT_MAX, INT_MIN + 1, -65536, 65536,
	                                 (long long)INT_MAX + 1, LLONG_MAX, LLONG_MIN + 1, LONG_MAX / 3};
	size_t i, j;
	for (i = 0; i < sizeof vals / sizeof vals[0]; i++) {
		long long x = vals[i];
		if (x >= INT_MIN + 1 && x <= INT_MAX)
			AGREE(M(abs)((int)x), abs((int)x), "abs(%lld)", x);
		AGREE(M(labs)((long)x), labs((long)x), "labs(%lld)", x);
		AGREE(M(llabs)(x), llabs(x), "llabs(%lld)", x);
		for (j = 0; j < sizeof vals / sizeof vals[0]; j++) {
			long long y = vals[j];
			if (y == 0)
				continue;
			if (x >= INT_MIN && x <= INT_MAX && y >= INT_MIN && y <= INT_MAX) {
				div_t a = M(div)((int)x, (int)y), b = div((int)x, (int)y);
				AGREE(a.quot, b.quot, "div(%lld, %lld).quot", x, y);
				AGREE(a.rem, b.rem, "div(%lld, %lld).rem", x, y);
			}
			{
				ldiv_t a = M(ldiv)((long)x, (long)y), b = ldiv((long)x, (long)y);
				lldiv_t c = M(lldiv)(x, y), d = lldiv(x, y);
				AGREE(a.quot, b.quot, "ldiv(%lld, %lld).quot", x, y);
				AGREE(a.rem, b.rem, "ldiv(%lld, %lld).rem", x, y);
				AGREE(c.quot, d.quot, "lldiv(%lld, %lld).quot", x, y);
				AGREE(c.rem, d.rem, "lldiv(%lld, %lld).rem", x, y);
			}
		}
	}
}

/* The strings of the conversions: white space, signs, prefixes, every
 * boundary of long and unsigned long, digits of every base. */
static const char *const numbers[] = {
	"", " ", "0", "-0", "+0", "5", "+5", "-5", "  \t\n-123abc", "\v\f\r 42", "1 2",
	"0x", "0X", "-0x", "+0x", "0x1g", "0X1F", "0xg", "0x 1", "0xffffffff", "0x7fffffffffffffff",
	"0x8000000000000000", "-0x8000000000000000", "-0x8000000000000001", "0xffffffffffffffff",
	"0x10000000000000000", "-0xffffffffffffffff", "077", "08", "0777777777777777777777",
	"01777777777777777777777", "02000000000000000000000", "z", "Z1", "zz", "-zZ", "1010",
	"+-1", "-+1", "- 1", "--1", "0b101", "42\x80", "\x80" "1", "2147483647", "2147483648",
	"-2147483648", "-2147483649", "4294967295", "4294967296", "9223372036854775807",
	"9223372036854775808", "-9223372036854775808", "-9223372036854775809",
	"18446744073709551615", "18446744073709551616", "-18446744073709551615",
	"-18446744073709551616", "99999999999999999999999999", "-99999999999999999999999999",
	"000000000000000000000000000000001", "3w5e11264sgsf", "3w5e11264sgsg", "zzzzzzzzzzzzz",
	"1y2p0ij32e8e7", "1y2p0ij32e8e8", "11111111111111111111111111111111111111111111111111111111111111111",
	"7fffffff", "abc", "ABC", "9", "a", "A", "-", "+",
};

static const int bases[] = {0, 2, 3, 8, 10, 16, 35, 36, 1, 37, -1, INT_MIN};

/* unset is where an endptr points before the call: a conversion that
 * fails on its base leaves it alone. */
static char unset;

static long endoff(const char *e, const char *s)
{
	return e == &unset ? -1 : e - s;
}

/* check_strto compares one conversion of s in base: the value, errno and
 * where *endptr points (a NULL endptr too). */
#define CHECK_STRTO(fn, T, s, base)                                                               \
	do {                                                                                      \
		char *e1 = &unset, *e2 = &unset;                                                  \
		T v1, v2;                                                                         \
		int err1, err2;                                                                   \
		M(errno) = 0;                                                                     \
		v1 = M(fn)(s, &e1, base);                                                         \
		err1 = M(errno);                                                                  \
		errno = 0;                                                                        \
		v2 = fn(s, &e2, base);                                                            \
		err2 = errno;                                                                     \
		AGREE(v1, v2, #fn "(\"%s\", %d)", s, base);                                       \
		AGREE(err1, err2, #fn "(\"%s\", %d) errno", s, base);                             \
		AGREE(endoff(e1, s), endoff(e2, s),                                               \
		      #fn "(\"%s\", %d) endptr", s, base);                                        \
		M(errno) = 0;                                                                     \
		errno = 0;                                                                        \
		AGREE(M(fn)(s, NULL, base), fn(s, NULL, base), #fn "(\"%s\", %d, NULL)", s, base); \
	} while (0)

static void check_strto_one(const char *s)
{
	size_t j;
	for (j = 0; j < sizeof bases / sizeof bases[0]; j++) {
		CHECK_STRTO(strtol, long, s, bases[j]);
		CHECK_STRTO(strtoll, long long, s, bases[j]);
		CHECK_STRTO(strtoul, unsigned long, s, bases[j]);
		CHECK_STRTO(strtoull, unsigned long long, s, bases[j]);
	}
	M(errno) = 0;
	errno = 0;
	AGREE(M(atoi)(s), atoi(s), "atoi(\"%s\")", s);
	AGREE(M(atol)(s), atol(s), "atol(\"%s\")", s);
	AGREE(M(atoll)(s), atoll(s), "atoll(\"%s\")", s);
	AGREE(M(errno), errno, "atoi/atol/atoll(\"%s\") errno", s);
}

static void check_strto(void)
{
	char s[40];
	size_t i;
	for (i = 0; i < sizeof numbers / sizeof numbers[0]; i++)
		check_strto_one(numbers[i]);
	for (i = 0; i < 4000; i++) {
		rnd_string(s, 24, " \t+-0123456789789xXazAZ");
		check_strto_one(s);
	}
}

/* Offsets of a result pointer in its object, -1 for NULL. */
static long off(const void *p, const void *base)
{
	return p == NULL ? -1 : (const char *)p - (const char *)base;
}

static void check_search(const char *a, const char *b)
{
	static const int chars[] = {'a', 'b', 0, 0x80, -128, 0x161, -1, 0xff};
	size_t n, k;
	AGREE(M(strlen)(a), strlen(a), "strlen(\"%s\")", a);
	for (n = 0; n < 10; n++) {
		AGREE(M(strnlen)(a, n), strnlen(a, n), "strnlen(\"%s\", %zu)", a, n);
		AGREE(M(strncmp)(a, b, n), strncmp(a, b, n), "strncmp(\"%s\", \"%s\", %zu)", a, b, n);
	}
	AGREE(M(strncmp)(a, b, SIZE_MAX), strncmp(a, b, SIZE_MAX), "strncmp(\"%s\", \"%s\", SIZE_MAX)", a, b);
	AGREE(M(strcmp)(a, b), strcmp(a, b), "strcmp(\"%s\", \"%s\")", a, b);
	for (k = 0; k < sizeof chars / sizeof chars[0]; k++) {
		int c = chars[k];
		AGREE(off(M(strchr)(a, c), a), off(strchr(a, c), a), "strchr(\"%s\", %d)", a, c);
		AGREE(off(M(strrchr)(a, c), a), off(strrchr(a, c), a), "strrchr(\"%s\", %d)", a, c);
		for (n = 0; n <= strlen(a) + 1; n++) {
			long want = off(memchr(a, c, n), a);
			AGREE(off(M(memchr)(a, c, n), a), want, "memchr(\"%s\", %d, %zu)", a, c, n);
			AGREE(off(M(memchr_c)(a, c, n), a), want, "memchr_c(\"%s\", %d, %zu)", a, c, n);
			AGREE(off(M(memchr_s)(a, c, n), a), want, "memchr_s(\"%s\", %d, %zu)", a, c, n);
			AGREE(off(M(memchr_u)(a, c, n), a), want, "memchr_u(\"%s\", %d, %zu)", a, c, n);
		}
	}
	AGREE(off(M(strstr)(a, b), a), off(strstr(a, b), a), "strstr(\"%s\", \"%s\")", a, b);
	AGREE(M(strspn)(a, b), strspn(a, b), "strspn(\"%s\", \"%s\")", a, b);
	AGREE(M(strcspn)(a, b), strcspn(a, b), "strcspn(\"%s\", \"%s\")", a, b);
	AGREE(off(M(strpbrk)(a, b), a), off(strpbrk(a, b), a), "strpbrk(\"%s\", \"%s\")", a, b);
	for (n = 0; n <= strlen(a) + 1 && n <= strlen(b) + 1; n++) {
		int want = memcmp(a, b, n);
		AGREE(M(memcmp)(a, b, n), want, "memcmp(\"%s\", \"%s\", %zu)", a, b, n);
		AGREE(M(memcmp_cc)(a, b, n), want, "memcmp_cc(\"%s\", \"%s\", %zu)", a, b, n);
		AGREE(M(memcmp_cu)(a, b, n), want, "memcmp_cu(\"%s\", \"%s\", %zu)", a, b, n);
		AGREE(M(memcmp_sc)(a, b, n), want, "memcmp_sc(\"%s\", \"%s\", %zu)", a, b, n);
		AGREE(M(memcmp_uu)(a, b, n), want, "memcmp_uu(\"%s\", \"%s\", %zu)", a, b, n);
	}
}

#define BUF 48

/* check_buffers compares the bytes of two buffers and a result pointer. */
static void check_buffers(const char *what, const char *a, const char *b, const char *x, const char *y,
                          const char *ra, const char *rb)
{
	int i;
	for (i = 0; i < BUF; i++)
		AGREE(x[i], y[i], "%s(\"%s\", \"%s\") byte %d", what, a, b, i);
	AGREE(off(ra, x), off(rb, y), "%s(\"%s\", \"%s\") result", what, a, b);
}

static void fill(char *x, char *y, const char *init)
{
	memset(x, '#', BUF);
	memset(y, '#', BUF);
	strcpy(x, init);
	strcpy(y, init);
}

static void check_copy(const char *a, const char *b)
{
	char x[BUF], y[BUF];
	size_t n, m;
	int c;
	fill(x, y, a);
	check_buffers("strcpy", a, b, x, y, M(strcpy)(x, b), strcpy(y, b));
	fill(x, y, a);
	check_buffers("strcat", a, b, x, y, M(strcat)(x, b), strcat(y, b));
	for (n = 0; n < 12; n++) {
		fill(x, y, a);
		check_buffers("strncpy", a, b, x, y, M(strncpy)(x, b, n), strncpy(y, b, n));
		fill(x, y, a);
		check_buffers("strncat", a, b, x, y, M(strncat)(x, b, n), strncat(y, b, n));
		m = n < strlen(b) ? n : strlen(b);
		fill(x, y, a);
		check_buffers("memcpy", a, b, x, y, M(memcpy)(x, b, m), memcpy(y, b, m));
		fill(x, y, a);
		check_buffers("memcpy_cc", a, b, x, y, M(memcpy_cc)(x, b, m), memcpy(y, b, m));
		fill(x, y, a);
		check_buffers("memcpy_uc", a, b, x, y, M(memcpy_uc)(x, b, m), memcpy(y, b, m));
		fill(x, y, a);
		check_buffers("memcpy_su", a, b, x, y, M(memcpy_su)(x, b, m), memcpy(y, b, m));
		for (c = -300; c <= 300; c += 150) {
			fill(x, y, a);
			check_buffers("memset", a, b, x, y, (char *)M(memset)(x + 1, c, n) - 1, (char *)memset(y + 1, c, n) - 1);
			fill(x, y, a);
			check_buffers("memset_c", a, b, x, y, (char *)M(memset_c)(x + 1, c, n) - 1, (char *)memset(y + 1, c, n) - 1);
			fill(x, y, a);
			check_buffers("memset_s", a, b, x, y, (char *)M(memset_s)(x + 1, c, n) - 1, (char *)memset(y + 1, c, n) - 1);
			fill(x, y, a);
			check_buffers("memset_u", a, b, x, y, (char *)M(memset_u)(x + 1, c, n) - 1, (char *)memset(y + 1, c, n) - 1);
		}
	}
}

/* Overlapping copies: undefined for memcpy, strcpy, strncpy, strcat and
 * strncat (a broken precondition), defined for memmove. */
static void check_overlap(void)
{
	char x[BUF], y[BUF];
	int d, n, over;
	for (d = -6; d <= 6; d++) {
		for (n = 0; n <= 8; n++) {
			fill(x, y, "abcdefghijklmnopqrst");
			TRY(M(memcpy)(x + 10 + d, x + 10, (size_t)n));
			over = n > 0 && d > -n && d < n;
			AGREE(broken, over, "memcpy(x+%d, x, %d) overlap", d, n);
			fill(x, y, "abcdefghijklmnopqrst");
			check_buffers("memmove", "abcdefghijklmnopqrst", "", x, y,
			              M(memmove)(x + 10 + d, x + 10, (size_t)n), memmove(y + 10 + d, y + 10, (size_t)n));
			fill(x, y, "abcdefghijklmnopqrst");
			x[10 + n] = 0;
			TRY(M(strcpy)(x + 10 + d, x + 10));
			AGREE(broken, d > -(n + 1) && d < n + 1, "strcpy(x+%d, x) of %d bytes overlap", d, n);
			fill(x, y, "abcdefghijklmnopqrst");
			TRY(M(strncpy)(x + 10 + d, x + 10, (size_t)n));
			AGREE(broken, n > 0 && d > -n && d < n, "strncpy(x+%d, x, %d) overlap", d, n);
		}
	}
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* Pairs compared by their key only: a stable sort keeps equal keys in
 * their order, as glibc's merge sort does. */
struct pair {
	int key, tag;
};

static int cmp_key(const void *a, const void *b)
{
	return cmp_int(&((const struct pair *)a)->key, &((const struct pair *)b)->key);
}

static void check_sort(void)
{
	int round, n, i, key;
	for (round = 0; round < 300; round++) {
		struct pair x[20], y[20];
		n = (int)rnd(21);
		for (i = 0; i < n; i++) {
			x[i].key = y[i].key = (int)rnd(6) - 3;
			x[i].tag = y[i].tag = i;
		}
		M(qsort)(x, (size_t)n, sizeof x[0], cmp_key);
		qsort(y, (size_t)n, sizeof y[0], cmp_key);
		for (i = 0; i < n; i++) {
			AGREE(x[i].key, y[i].key, "qsort round %d key %d", round, i);
			AGREE(x[i].tag, y[i].tag, "qsort round %d tag %d", round, i);
		}
		for (key = -4; key <= 4; key++) {
			struct pair k = {key, 0};
			AGREE(off(M(bsearch)(&k, x, (size_t)n, sizeof x[0], cmp_key), x),
			      off(bsearch(&k, x, (size_t)n, sizeof x[0], cmp_key), x), "bsearch round %d key %d", round,
			      key);
		}
	}
}

/* The counts of printf's integer conversions (__inka_printf_int) and of
 * %s (__inka_printf_str) against glibc's snprintf, for every flag, widths
 * and precisions around the length, on the boundary values. */
static void check_printf(void)
{
	static const char *const flags[] = {"", "-", "+", " ", "#", "0", "-0", "+0", "#0", "-#", "+ ", "#-+ 0"};
	static const char convs[] = "diuoxXc";
	static const long long values[] = {0, 1, -1, 7, -7, 9, 10, 99, 100, 255, -128, 4095, 4096, 65535,
	                                   2147483647, -2147483647 - 1, 4294967295LL, 1000000000000LL,
	                                   LLONG_MAX, LLONG_MIN};
	static const char *const strs[] = {"", "a", "abc", "hello world"};
	int f, c, w, p, l;
	size_t v;
	char fmt[32];
	for (f = 0; f < (int)(sizeof flags / sizeof flags[0]); f++) {
		int spec = 0;
		const char *q;
		for (q = flags[f]; *q; q++)
			spec |= *q == '-' ? 1 << 8 : *q == '+' ? 1 << 9 : *q == ' ' ? 1 << 10 : *q == '#' ? 1 << 11 : 1 << 12;
		for (w = 0; w <= 22; w += 3) {
			for (p = -1; p <= 21; p += 2) {
				for (l = 0; l < 2; l++) {
					for (c = 0; convs[c] != 0; c++) {
						int conv = convs[c];
						if (conv == 'c' && (l || p >= 0 || spec & ~(1 << 8)))
							continue; /* undefined */
						/* "%.0d" writes nothing for 0: "%.x" is precision 0 */
						snprintf(fmt, sizeof fmt, "%%%s%.0d%s%.0d%s%c", flags[f], w, p >= 0 ? "." : "", p < 0 ? 0 : p,
						         l ? "ll" : "", conv);
						for (v = 0; v < sizeof values / sizeof values[0]; v++) {
							long long x = values[v];
							unsigned long long arg;
							int want;
							if (conv == 'c') {
								arg = (unsigned char)x;
								want = snprintf(NULL, 0, fmt, (int)x);
							} else if (l) {
								arg = (unsigned long long)x;
								want = snprintf(NULL, 0, fmt, x);
							} else if (conv == 'd' || conv == 'i') {
								arg = (unsigned long long)(long long)(int)x;
								want = snprintf(NULL, 0, fmt, (int)x);
							} else {
								arg = (unsigned)x;
								want = snprintf(NULL, 0, fmt, (unsigned)x);
							}
							AGREE(__inka_printf_int(1, spec | conv, w, p, arg), want, "printf(\"%s\", %lld)", fmt, x);
						}
					}
				}
				if (spec & ~(1 << 8))
					continue; /* %s takes only '-' */
				for (v = 0; v < sizeof strs / sizeof strs[0]; v++) {
					snprintf(fmt, sizeof fmt, p >= 0 ? "%%%s%d.%ds" : "%%%s%ds", flags[f], w, p);
					AGREE(__inka_printf_str(1, spec | 's', w, p, strs[v]), snprintf(NULL, 0, fmt, strs[v]),
					      "printf(\"%s\", \"%s\")", fmt, strs[v]);
				}
			}
		}
	}
}

/* fwrite's model against glibc's fwrite to a memory stream: the value
 * returned and the bytes written, for sizes and counts from 0 to 4. */
static void check_fwrite(void)
{
	static const char data[] = "abcdefghijklmnop";
	size_t size, n;
	for (size = 0; size <= 4; size++) {
		for (n = 0; n <= 4; n++) {
			char buf[64] = {0};
			FILE *f = fmemopen(buf, sizeof buf, "w");
			size_t want = fwrite(data, size, n, f);
			fclose(f);
			nwritten[1] = 0;
			AGREE(__inka_fwrite(data, size, n, 1), want, "fwrite(\"%s\", %zu, %zu)", data, size, n);
			AGREE(nwritten[1], size * n, "bytes of fwrite(\"%s\", %zu, %zu)", data, size, n);
			AGREE(memcmp(written[1], buf, size * n), 0, "bytes of fwrite(\"%s\", %zu, %zu)", data, size, n);
		}
	}
}

int main(void)
{
	static const char *const words[] = {"", "a", "b", "ab", "ba", "abc", "abd", "abcabc", "aab", "\x80",
	                                    "a\x80", "\xff" "a", "bbbb", "cab", "abcdefgh"};
	size_t i, j;
	char a[16], b[16];
	check_ctype();
	check_abs_div();
	check_strto();
	for (i = 0; i < sizeof words / sizeof words[0]; i++) {
		for (j = 0; j < sizeof words / sizeof words[0]; j++) {
			check_search(words[i], words[j]);
			check_copy(words[i], words[j]);
		}
	}
	for (i = 0; i < 3000; i++) {
		rnd_string(a, 10, "abc\x80\xff");
		rnd_string(b, 4, "abc\x80\xff");
		check_search(a, b);
		check_copy(a, b);
	}
	check_overlap();
	check_sort();
	check_printf();
	check_fwrite();
	printf("checked %ld, failed %ld\n", checked, failed);
	return failed != 0;
}
