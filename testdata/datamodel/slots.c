/* Pointer sizes and the range of long (checked by hand against gcc -m64 and
 * gcc -m32):
 *   pointer_slots: (64 - reserved) / sizeof(void *) exceeds 8 only when
 *                  pointers have 4 bytes (reserved < 28 on ILP32).
 *   narrow:        a long long outside long's range exists on ILP32 only.
 *   total:         a list of entries whose pointers and longs are 4 or 8
 *                  bytes; the sum overflows long at 2^31 or 2^63. */
#include <limits.h>
#include <stddef.h>

#define ARENA 64

int pointer_slots(int reserved)
{
	size_t n;

	if (reserved < 0 || reserved > ARENA)
		return -1;
	n = (ARENA - (size_t)reserved) / sizeof(void *);
	if (n > 8)
		return 1;
	return 0;
}

long narrow(long long v)
{
	if (v > LONG_MAX || v < LONG_MIN)
		return 0;
	return (long)v;
}

struct entry {
	const char *name;
	long value;
	struct entry *next;
};

long total(const struct entry *e, int limit)
{
	long sum = 0;
	int n = 0;

	while (e != NULL && n < limit) {
		if (e->value < 0)
			return -1;
		if (sum > LONG_MAX - e->value)
			return LONG_MAX;
		sum += e->value;
		e = e->next;
		n++;
	}
	return sum;
}
