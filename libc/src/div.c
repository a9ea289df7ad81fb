/* div, ldiv and lldiv return structures <stdlib.h> declares: unlike the
 * other models, they are read after the file, when it has included
 * <stdlib.h> (glibc's guards say which of the types it declared). As in
 * C, a zero divisor or a quotient out of range is undefined behaviour. */

#ifdef _STDLIB_H
div_t div(int __n, int __d)
{
	div_t __r;
	__r.quot = __n / __d;
	__r.rem = __n % __d;
	return __r;
}
#endif

#ifdef __ldiv_t_defined
ldiv_t ldiv(long __n, long __d)
{
	ldiv_t __r;
	__r.quot = __n / __d;
	__r.rem = __n % __d;
	return __r;
}
#endif

#ifdef __lldiv_t_defined
lldiv_t lldiv(long long __n, long long __d)
{
	lldiv_t __r;
	__r.quot = __n / __d;
	__r.rem = __n % __d;
	return __r;
}
#endif
