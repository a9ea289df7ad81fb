/* <string.h>.
 *
 * Written for the analysis: index loops over the bytes, one comparison a
 * step, no word-at-a-time tricks, and one exit a loop (its condition): a
 * return inside a loop makes every unrolling a path of its own, and a
 * model of strncmp written so took minutes where this one takes
 * milliseconds. Reading past the end of an object,
 * through NULL, or a string without its terminating NUL is undefined
 * behaviour as in any C code; so is copying between objects that overlap
 * (memcpy, strcpy, ...: __inka_disjoint). The comparisons return the
 * difference of the first differing bytes (as unsigned char), as glibc
 * does on x86-64; C specifies only the sign. */

#ifndef __INKA_BYTES
#define __inka_disjoint(a, n, b, m) ((void)0)
#endif

size_t strlen(const char *s)
{
	size_t n = 0;
	while (s[n] != 0)
		n++;
	return n;
}

size_t strnlen(const char *s, size_t max)
{
	size_t n = 0;
	while (n < max && s[n] != 0)
		n++;
	return n;
}

int strcmp(const char *a, const char *b)
{
	size_t i = 0;
	while (a[i] != 0 && a[i] == b[i])
		i++;
	return (unsigned char)a[i] - (unsigned char)b[i];
}

int strncmp(const char *a, const char *b, size_t n)
{
	size_t i = 0;
	while (i < n && a[i] != 0 && a[i] == b[i])
		i++;
	if (i == n)
		return 0;
	return (unsigned char)a[i] - (unsigned char)b[i];
}

char *strcpy(char *restrict dst, const char *restrict src)
{
	size_t i = 0;
	__inka_disjoint(dst, strlen(src) + 1, src, strlen(src) + 1);
	while ((dst[i] = src[i]) != 0)
		i++;
	return dst;
}

char *strncpy(char *restrict dst, const char *restrict src, size_t n)
{
	size_t i = 0;
	__inka_disjoint(dst, n, src, strnlen(src, n));
	while (i < n && src[i] != 0) {
		dst[i] = src[i];
		i++;
	}
	while (i < n) {
		dst[i] = 0;
		i++;
	}
	return dst;
}

char *strcat(char *restrict dst, const char *restrict src)
{
	size_t k = strlen(dst), i = 0;
	__inka_disjoint(dst, k + strlen(src) + 1, src, strlen(src) + 1);
	while ((dst[k + i] = src[i]) != 0)
		i++;
	return dst;
}

char *strncat(char *restrict dst, const char *restrict src, size_t n)
{
	size_t k = strlen(dst), i = 0;
	__inka_disjoint(dst, k + strnlen(src, n) + 1, src, strnlen(src, n));
	while (i < n && src[i] != 0) {
		dst[k + i] = src[i];
		i++;
	}
	dst[k + i] = 0;
	return dst;
}

char *strchr(const char *s, int c)
{
	size_t i = 0;
	while (s[i] != (char)c && s[i] != 0)
		i++;
	return s[i] == (char)c ? (char *)&s[i] : NULL;
}

char *strrchr(const char *s, int c)
{
	size_t i = 0;
	const char *last = NULL;
	while (s[i] != 0) {
		if (s[i] == (char)c)
			last = &s[i];
		i++;
	}
	return (char)c == 0 ? (char *)&s[i] : (char *)last;
}

/* i is where the match being tried starts, j how much of it matched. */
char *strstr(const char *hay, const char *needle)
{
	size_t i = 0, j = 0;
	while (needle[j] != 0 && hay[i + j] != 0) {
		if (hay[i + j] == needle[j]) {
			j++;
		} else {
			i++;
			j = 0;
		}
	}
	return needle[j] == 0 ? (char *)&hay[i] : NULL;
}

/* The span functions try s[i] against the set's bytes, j. */
size_t strspn(const char *s, const char *accept)
{
	size_t i = 0, j = 0;
	while (s[i] != 0 && accept[j] != 0) {
		if (accept[j] == s[i]) {
			i++;
			j = 0;
		} else {
			j++;
		}
	}
	return i;
}

size_t strcspn(const char *s, const char *reject)
{
	size_t i = 0, j = 0;
	while (s[i] != 0 && reject[j] != s[i]) {
		if (reject[j] == 0) {
			i++;
			j = 0;
		} else {
			j++;
		}
	}
	return i;
}

char *strpbrk(const char *s, const char *accept)
{
	size_t i = strcspn(s, accept);
	return s[i] != 0 ? (char *)&s[i] : NULL;
}

/* memcpy, memset, memcmp and memchr read and write their objects as
 * characters. Where inka's memory is not byte-addressed (no __INKA_BYTES),
 * an object is accessed only as its own type: the front end calls the
 * version for the character types of the arguments, memcpy_cu copying an
 * array of unsigned char into one of char (c: char, s: signed char, u:
 * unsigned char), and leaves the call unmodelled on other objects. */
/* The pointers given to the mem* functions must be valid even when n is
 * 0 (C11 7.24.1p2): memcpy(d, NULL, 0) is undefined, and glibc declares
 * them nonnull (UBSan reports the call). */
#define __INKA_NONNULL(c) __inka_require((c) != 0, "a null pointer argument, undefined even when n is 0 (C11 7.24.1p2)")

#define __INKA_MEMCPY(name, D, S)                                               \
	void *name(void *restrict dst, const void *restrict src, size_t n)      \
	{                                                                       \
		D *d = dst;                                                     \
		const S *s = src;                                               \
		size_t i;                                                       \
		__INKA_NONNULL(dst && src);                                     \
		__inka_disjoint(dst, n, src, n); \
		for (i = 0; i < n; i++)                                         \
			d[i] = (D)s[i];                                         \
		return dst;                                                     \
	}

#define __INKA_MEMSET(name, D)                    \
	void *name(void *dst, int c, size_t n)     \
	{                                          \
		D *d = dst;                        \
		size_t i;                          \
		__INKA_NONNULL(dst);               \
		for (i = 0; i < n; i++)            \
			d[i] = (D)(unsigned char)c; \
		return dst;                        \
	}

#define __INKA_MEMCMP(name, A, B)                                                  \
	int name(const void *a, const void *b, size_t n)                           \
	{                                                                          \
		const A *x = a;                                                    \
		const B *y = b;                                                    \
		size_t i = 0;                                                      \
		__INKA_NONNULL(a && b);                                            \
		while (i < n && (unsigned char)x[i] == (unsigned char)y[i])        \
			i++;                                                       \
		return i == n ? 0 : (unsigned char)x[i] - (unsigned char)y[i];     \
	}

#define __INKA_MEMCHR(name, S)                                   \
	void *name(const void *s, int c, size_t n)                \
	{                                                         \
		const S *p = s;                                   \
		size_t i = 0;                                     \
		__INKA_NONNULL(s);                                \
		while (i < n && (unsigned char)p[i] != (unsigned char)c) \
			i++;                                      \
		return i < n ? (void *)&p[i] : NULL;              \
	}

#ifdef __INKA_BYTES
__INKA_MEMCPY(memcpy, unsigned char, unsigned char)
__INKA_MEMSET(memset, unsigned char)
__INKA_MEMCMP(memcmp, unsigned char, unsigned char)
__INKA_MEMCHR(memchr, unsigned char)
#endif

#define __INKA_PAIRS(F, f)                                                                        \
	F(f##_cc, char, char) F(f##_cs, char, signed char) F(f##_cu, char, unsigned char)         \
	F(f##_sc, signed char, char) F(f##_ss, signed char, signed char)                          \
	F(f##_su, signed char, unsigned char) F(f##_uc, unsigned char, char)                      \
	F(f##_us, unsigned char, signed char) F(f##_uu, unsigned char, unsigned char)

__INKA_PAIRS(__INKA_MEMCPY, __inka_libc_memcpy)
__INKA_PAIRS(__INKA_MEMCMP, __inka_libc_memcmp)
__INKA_MEMSET(__inka_libc_memset_c, char)
__INKA_MEMSET(__inka_libc_memset_s, signed char)
__INKA_MEMSET(__inka_libc_memset_u, unsigned char)
__INKA_MEMCHR(__inka_libc_memchr_c, char)
__INKA_MEMCHR(__inka_libc_memchr_s, signed char)
__INKA_MEMCHR(__inka_libc_memchr_u, unsigned char)

#undef __INKA_PAIRS
#undef __INKA_MEMCPY
#undef __INKA_MEMSET
#undef __INKA_MEMCMP
#undef __INKA_MEMCHR

#ifdef __INKA_BYTES
/* memmove copies backwards only when the destination starts inside the
 * source, past its first byte: d is s + k for some 0 < k < n. The test is
 * a loop of pointer equalities, which compare two pointers exactly in
 * every model (different objects are never equal, and s + k stays inside
 * the source), where comparing the addresses (as integers, or with <
 * across objects) is outside C's semantics and a cut for the analysis. */
void *memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	size_t i, k = 1;
	__INKA_NONNULL(dst && src);
	while (k < n && d != s + k)
		k++;
	if (k >= n) {
		for (i = 0; i < n; i++)
			d[i] = s[i];
	} else {
		for (i = n; i > 0; i--)
			d[i - 1] = s[i - 1];
	}
	return dst;
}
#endif

#undef __inka_disjoint
#undef __INKA_NONNULL
