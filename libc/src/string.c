/* <string.h>.
 *
 * Written for the analysis: index loops over the bytes, one comparison a
 * step, no word-at-a-time tricks. Reading past the end of an object,
 * through NULL, or a string without its terminating NUL is undefined
 * behaviour as in any C code; so is copying between objects that overlap
 * (memcpy, strcpy, ...: __inka_overlap). The comparisons return the
 * difference of the first differing bytes (as unsigned char), as glibc
 * does on x86-64; C specifies only the sign. */

#ifdef __INKA_BYTES
/* Whether the n bytes at a and the m bytes at b overlap. */
static int __inka_overlap(const void *a, size_t n, const void *b, size_t m)
{
	__inka_uintptr_t x = (__inka_uintptr_t)a, y = (__inka_uintptr_t)b;
	return n != 0 && m != 0 && (x - y < m || y - x < n);
}
#else
#define __inka_overlap(a, n, b, m) 0
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
	size_t i;
	for (i = 0; i < n; i++) {
		if (a[i] != b[i])
			return (unsigned char)a[i] - (unsigned char)b[i];
		if (a[i] == 0)
			break;
	}
	return 0;
}

char *strcpy(char *restrict dst, const char *restrict src)
{
	size_t i = 0;
	__inka_require(!__inka_overlap(dst, strlen(src) + 1, src, strlen(src) + 1), "the objects overlap");
	while ((dst[i] = src[i]) != 0)
		i++;
	return dst;
}

char *strncpy(char *restrict dst, const char *restrict src, size_t n)
{
	size_t i = 0;
	__inka_require(!__inka_overlap(dst, n, src, strnlen(src, n)), "the objects overlap");
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
	__inka_require(!__inka_overlap(dst, k + strlen(src) + 1, src, strlen(src) + 1), "the objects overlap");
	while ((dst[k + i] = src[i]) != 0)
		i++;
	return dst;
}

char *strncat(char *restrict dst, const char *restrict src, size_t n)
{
	size_t k = strlen(dst), i = 0;
	__inka_require(!__inka_overlap(dst, k + strnlen(src, n) + 1, src, strnlen(src, n)), "the objects overlap");
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
	for (;;) {
		if (s[i] == (char)c)
			return (char *)&s[i];
		if (s[i] == 0)
			return NULL;
		i++;
	}
}

char *strrchr(const char *s, int c)
{
	size_t i = 0;
	const char *last = NULL;
	for (;;) {
		if (s[i] == (char)c)
			last = &s[i];
		if (s[i] == 0)
			return (char *)last;
		i++;
	}
}

char *strstr(const char *hay, const char *needle)
{
	size_t i = 0, j;
	for (;;) {
		j = 0;
		while (needle[j] != 0 && hay[i + j] == needle[j])
			j++;
		if (needle[j] == 0)
			return (char *)&hay[i];
		if (hay[i] == 0)
			return NULL;
		i++;
	}
}

size_t strspn(const char *s, const char *accept)
{
	size_t i = 0, j;
	for (;;) {
		if (s[i] == 0)
			return i;
		j = 0;
		while (accept[j] != 0 && accept[j] != s[i])
			j++;
		if (accept[j] == 0)
			return i;
		i++;
	}
}

size_t strcspn(const char *s, const char *reject)
{
	size_t i = 0, j;
	for (;;) {
		if (s[i] == 0)
			return i;
		j = 0;
		while (reject[j] != 0 && reject[j] != s[i])
			j++;
		if (reject[j] != 0)
			return i;
		i++;
	}
}

char *strpbrk(const char *s, const char *accept)
{
	size_t i = 0, j;
	for (;;) {
		if (s[i] == 0)
			return NULL;
		j = 0;
		while (accept[j] != 0 && accept[j] != s[i])
			j++;
		if (accept[j] != 0)
			return (char *)&s[i];
		i++;
	}
}

void *memcpy(void *restrict dst, const void *restrict src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	size_t i;
	__inka_require(!__inka_overlap(dst, n, src, n), "the objects overlap");
	for (i = 0; i < n; i++)
		d[i] = s[i];
	return dst;
}

void *memset(void *dst, int c, size_t n)
{
	unsigned char *d = dst;
	size_t i;
	for (i = 0; i < n; i++)
		d[i] = (unsigned char)c;
	return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;
	size_t i;
	for (i = 0; i < n; i++)
		if (x[i] != y[i])
			return x[i] - y[i];
	return 0;
}

void *memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;
	size_t i;
	for (i = 0; i < n; i++)
		if (p[i] == (unsigned char)c)
			return (void *)&p[i];
	return NULL;
}

#ifdef __INKA_BYTES
void *memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	size_t i;
	if ((__inka_uintptr_t)d - (__inka_uintptr_t)s >= n) {
		for (i = 0; i < n; i++)
			d[i] = s[i];
	} else {
		for (i = n; i > 0; i--)
			d[i - 1] = s[i - 1];
	}
	return dst;
}
#endif

#undef __inka_overlap
