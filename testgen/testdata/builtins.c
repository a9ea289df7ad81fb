/* gcc's builtins are computed inline, never linked to a function a test
 * could stub: what depends on one inka does not model is unknown (a stub
 * "returning" 3 for __builtin_popcount(0) made a test gcc did not pass). */
int three_bits(unsigned x)
{
	if (__builtin_popcount(x) == 3)
		return 1;
	return 0;
}

int checked_add(int a, int b, int *out)
{
	if (__builtin_add_overflow(a, b, out))
		return -1;
	return 0;
}
