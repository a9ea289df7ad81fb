/* <stdio.h>: output to standard output (stream 1) and standard error
 * (stream 2), with the values glibc returns.
 *
 * The bytes go out through the intrinsics of inka.h, which the
 * interpreter records and the analysis ignores (nothing reads output
 * back): what the analysis sees is the return value. A printf call with a
 * string literal as format is lowered by the front end to its pieces:
 * the text between conversions (a count known in advance), and a call of
 * __inka_printf_int or __inka_printf_str per conversion, which return the
 * number of characters it writes. The interpreter formats the integers
 * itself (__inka_output_int); here they are counted, digits by
 * comparisons and no loop, so that `printf("%d", x) == 3` is a goal like
 * any other. fputs, fputc and fwrite on stdout or stderr are
 * __inka_fputs, __inka_fputc and __inka_fwrite with the stream's number;
 * perror is __inka_perror. */

int puts(const char *s)
{
	int n = 0;
	while (s[n] != 0) {
		__inka_output(1, s[n]);
		n++;
	}
	__inka_output(1, '\n');
	return n + 1;
}

int putchar(int c)
{
	__inka_output(1, (unsigned char)c);
	return (unsigned char)c;
}

/* glibc's fputs returns 1. */
static int __inka_fputs(const char *s, int stream)
{
	int n = 0;
	while (s[n] != 0) {
		__inka_output(stream, s[n]);
		n++;
	}
	return 1;
}

static int __inka_fputc(int c, int stream)
{
	__inka_output(stream, (unsigned char)c);
	return (unsigned char)c;
}

/* glibc's fwrite returns 0 when size or n is 0, else n. */
static __inka_size_t __inka_fwrite(const void *p, __inka_size_t size, __inka_size_t n, int stream)
{
	const unsigned char *b = p;
	__inka_size_t i = 0;
	if (size == 0 || n == 0)
		return 0;
	while (i < size * n) {
		__inka_output(stream, b[i]);
		i++;
	}
	return n;
}

/* perror writes "s: " (when s is a non-empty string), the message of
 * errno and a new line to standard error. */
static void __inka_perror(const char *s)
{
	int n = 0;
	if (s != (const char *)0 && s[0] != 0) {
		while (s[n] != 0) {
			__inka_output(2, s[n]);
			n++;
		}
		__inka_output(2, ':');
		__inka_output(2, ' ');
	}
	__inka_output_errno(2, errno);
	__inka_output(2, '\n');
}

/* The flags of a conversion's spec above its letter (interp/output.go). */
#define __INKA_MINUS (1 << 8)
#define __INKA_PLUS (1 << 9)
#define __INKA_SPACE (1 << 10)
#define __INKA_HASH (1 << 11)

/* __inka_ndigits is the number of digits of u in base 8, 10 or 16: one
 * plus the powers of the base u reaches. */
static int __inka_ndigits(unsigned long long u, int base)
{
	if (base == 10)
		return 1 + (u >= 10ULL) + (u >= 100ULL) + (u >= 1000ULL) + (u >= 10000ULL) + (u >= 100000ULL) +
		       (u >= 1000000ULL) + (u >= 10000000ULL) + (u >= 100000000ULL) + (u >= 1000000000ULL) +
		       (u >= 10000000000ULL) + (u >= 100000000000ULL) + (u >= 1000000000000ULL) +
		       (u >= 10000000000000ULL) + (u >= 100000000000000ULL) + (u >= 1000000000000000ULL) +
		       (u >= 10000000000000000ULL) + (u >= 100000000000000000ULL) +
		       (u >= 1000000000000000000ULL) + (u >= 10000000000000000000ULL);
	if (base == 16)
		return 1 + (u >> 4 != 0) + (u >> 8 != 0) + (u >> 12 != 0) + (u >> 16 != 0) + (u >> 20 != 0) +
		       (u >> 24 != 0) + (u >> 28 != 0) + (u >> 32 != 0) + (u >> 36 != 0) + (u >> 40 != 0) +
		       (u >> 44 != 0) + (u >> 48 != 0) + (u >> 52 != 0) + (u >> 56 != 0) + (u >> 60 != 0);
	return 1 + (u >> 3 != 0) + (u >> 6 != 0) + (u >> 9 != 0) + (u >> 12 != 0) + (u >> 15 != 0) +
	       (u >> 18 != 0) + (u >> 21 != 0) + (u >> 24 != 0) + (u >> 27 != 0) + (u >> 30 != 0) +
	       (u >> 33 != 0) + (u >> 36 != 0) + (u >> 39 != 0) + (u >> 42 != 0) + (u >> 45 != 0) +
	       (u >> 48 != 0) + (u >> 51 != 0) + (u >> 54 != 0) + (u >> 57 != 0) + (u >> 60 != 0) +
	       (u >> 63 != 0);
}

/* __inka_printf_int writes v as the conversion spec (its letter: d i u o
 * x X c, and the flags) with width and precision (prec < 0: none) and
 * returns the number of characters written. v is the argument converted
 * to the conversion's type, then to 64 bits, sign-extended for d and i. */
static int __inka_printf_int(int stream, int spec, int width, int prec, unsigned long long v)
{
	int conv = spec & 255, n, len;
	unsigned long long u = v;
	__inka_output_int(stream, spec, width, prec, v);
	if (conv == 'c')
		return width > 1 ? width : 1;
	if ((conv == 'd' || conv == 'i') && (long long)v < 0)
		u = -v;
	n = __inka_ndigits(u, conv == 'o' ? 8 : conv == 'x' || conv == 'X' ? 16 : 10);
	if (prec == 0 && u == 0)
		n = 0;
	len = n < prec ? prec : n;
	if (conv == 'o' && (spec & __INKA_HASH) && (n == 0 || (len == n && u != 0)))
		len++; /* a leading 0 */
	if ((conv == 'x' || conv == 'X') && (spec & __INKA_HASH) && u != 0)
		len += 2; /* 0x */
	if ((conv == 'd' || conv == 'i') && ((long long)v < 0 || (spec & (__INKA_PLUS | __INKA_SPACE))))
		len++; /* the sign */
	return len < width ? width : len;
}

/* __inka_printf_str writes the string s as %s with width and precision
 * (prec < 0: none) and returns the number of characters written. One
 * loop reads the string: the interpreter pads the bytes written between
 * __inka_output_field and __inka_output_end to the width. */
static int __inka_printf_str(int stream, int spec, int width, int prec, const char *s)
{
	int n = 0;
	__inka_output_field(stream, spec, width);
	while ((prec < 0 || n < prec) && s[n] != 0) {
		__inka_output(stream, s[n]);
		n++;
	}
	__inka_output_end(stream);
	return n < width ? width : n;
}

#undef __INKA_MINUS
#undef __INKA_PLUS
#undef __INKA_SPACE
#undef __INKA_HASH
