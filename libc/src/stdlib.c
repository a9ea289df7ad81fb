/* <stdlib.h>: absolute values, the integer conversions (as glibc does
 * them in the "C" locale: errno, endptr, bases 2 to 36, the 0x prefix),
 * bsearch and qsort. div, ldiv and lldiv are in div.c. */

int abs(int x)
{
	return x < 0 ? -x : x;
}

long labs(long x)
{
	return x < 0 ? -x : x;
}

long long llabs(long long x)
{
	return x < 0 ? -x : x;
}

/* __inka_digit returns the value of c as a digit of base 36, or 36. */
static int __inka_digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	return 36;
}

/* __inka_strto is the conversion of the strto* family: white space, a
 * sign (*neg), a base prefix, the digits. It returns the magnitude read,
 * with *over set when it exceeds unsigned long long, and sets *endptr as
 * glibc does: past the digits, at the x of a "0x" with no hexadecimal
 * digit after it, else at nptr when nothing converts. An invalid base
 * sets errno to EINVAL and leaves *endptr alone. */
static unsigned long long __inka_strto(const char *nptr, char **endptr, int base, int *neg, int *over)
{
	size_t i = 0, start;
	unsigned long long acc = 0, cutoff;
	int cutlim, d;

	*neg = 0;
	*over = 0;
	if (base < 0 || base == 1 || base > 36) {
		errno = __INKA_EINVAL;
		return 0;
	}
	while (nptr[i] == ' ' || (nptr[i] >= '\t' && nptr[i] <= '\r'))
		i++;
	if (nptr[i] == '-') {
		*neg = 1;
		i++;
	} else if (nptr[i] == '+') {
		i++;
	}
	if ((base == 0 || base == 16) && nptr[i] == '0' && (nptr[i + 1] == 'x' || nptr[i + 1] == 'X')) {
		i += 2;
		base = 16;
	} else if (base == 0) {
		base = nptr[i] == '0' ? 8 : 10;
	}
	start = i;
	cutoff = (__LONG_LONG_MAX__ * 2ULL + 1) / (unsigned)base;
	cutlim = (int)((__LONG_LONG_MAX__ * 2ULL + 1) % (unsigned)base);
	while ((d = __inka_digit(nptr[i])) < base) {
		if (acc > cutoff || (acc == cutoff && d > cutlim))
			*over = 1;
		else
			acc = acc * (unsigned)base + (unsigned)d;
		i++;
	}
	if (i == start) {
		if (endptr != NULL) {
			if (i >= 2 && (nptr[i - 1] == 'x' || nptr[i - 1] == 'X') && nptr[i - 2] == '0')
				*endptr = (char *)&nptr[i - 1];
			else
				*endptr = (char *)nptr;
		}
		return 0;
	}
	if (endptr != NULL)
		*endptr = (char *)&nptr[i];
	return acc;
}

long strtol(const char *restrict nptr, char **restrict endptr, int base)
{
	int neg, over;
	unsigned long long m = __inka_strto(nptr, endptr, base, &neg, &over);
	if (over || m > (neg ? (unsigned long long)__LONG_MAX__ + 1 : (unsigned long long)__LONG_MAX__)) {
		errno = __INKA_ERANGE;
		return neg ? -__LONG_MAX__ - 1 : __LONG_MAX__;
	}
	return neg ? (long)(0 - m) : (long)m;
}

long long strtoll(const char *restrict nptr, char **restrict endptr, int base)
{
	int neg, over;
	unsigned long long m = __inka_strto(nptr, endptr, base, &neg, &over);
	if (over || m > (neg ? (unsigned long long)__LONG_LONG_MAX__ + 1 : (unsigned long long)__LONG_LONG_MAX__)) {
		errno = __INKA_ERANGE;
		return neg ? -__LONG_LONG_MAX__ - 1 : __LONG_LONG_MAX__;
	}
	return neg ? (long long)(0 - m) : (long long)m;
}

unsigned long strtoul(const char *restrict nptr, char **restrict endptr, int base)
{
	int neg, over;
	unsigned long long m = __inka_strto(nptr, endptr, base, &neg, &over);
	if (over || m > __LONG_MAX__ * 2UL + 1) {
		errno = __INKA_ERANGE;
		return __LONG_MAX__ * 2UL + 1;
	}
	return neg ? (unsigned long)(0 - m) : (unsigned long)m;
}

unsigned long long strtoull(const char *restrict nptr, char **restrict endptr, int base)
{
	int neg, over;
	unsigned long long m = __inka_strto(nptr, endptr, base, &neg, &over);
	if (over) {
		errno = __INKA_ERANGE;
		return __LONG_LONG_MAX__ * 2ULL + 1;
	}
	return neg ? 0 - m : m;
}

/* glibc's atoi, atol and atoll are strtol's with base 10 (errno too). */
int atoi(const char *nptr)
{
	return (int)strtol(nptr, NULL, 10);
}

long atol(const char *nptr)
{
	return strtol(nptr, NULL, 10);
}

long long atoll(const char *nptr)
{
	return strtoll(nptr, NULL, 10);
}

#ifdef __INKA_BYTES
/* glibc's binary search: the same comparisons in the same order, so the
 * same element among equal ones. */
void *bsearch(const void *key, const void *base, size_t nmemb, size_t size, int (*compar)(const void *, const void *))
{
	size_t l = 0, u = nmemb, idx;
	const char *p;
	int r;
	while (l < u) {
		idx = (l + u) / 2;
		p = (const char *)base + idx * size;
		r = compar(key, p);
		if (r < 0)
			u = idx;
		else if (r > 0)
			l = idx + 1;
		else
			return (void *)p;
	}
	return NULL;
}

/* An insertion sort: stable, as glibc's merge sort is, so equal elements
 * end where glibc puts them (the comparator may be called other times). */
void qsort(void *base, size_t nmemb, size_t size, int (*compar)(const void *, const void *))
{
	unsigned char *a = base, t;
	size_t i, j, k;
	for (i = 1; i < nmemb; i++) {
		for (j = i; j > 0 && compar(a + (j - 1) * size, a + j * size) > 0; j--) {
			for (k = 0; k < size; k++) {
				t = a[(j - 1) * size + k];
				a[(j - 1) * size + k] = a[j * size + k];
				a[j * size + k] = t;
			}
		}
	}
}
#endif
