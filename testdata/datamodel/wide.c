/* Code whose behaviour depends on the data model (checked by hand against
 * gcc -m64 and gcc -m32):
 *   scale:  x * 4096 overflows long for x > 1000000 on ILP32 only (long has
 *           32 bits there), so its true branch is reached by no defined run.
 *   layout: count is at offset 16 on LP64 (stamp aligned to 8), at 12 on
 *           ILP32 (long long aligned to 4 in structs, long of 4 bytes).
 *   hash:   unsigned long wraps at 2^64 on LP64, at 2^32 on ILP32. */
struct sample {
	char tag;
	long long stamp;
	long count;
};

long scale(long x)
{
	if (x > 1000000)
		return x * 4096;
	return x;
}

int layout(struct sample *s)
{
	char *base = (char *)s;
	if ((char *)&s->count - base == 12)
		return 32;
	return 64;
}

unsigned long hash(unsigned long h, unsigned char c)
{
	h = h * 33 + c;
	if (h < 1000)
		return 0;
	return h;
}
