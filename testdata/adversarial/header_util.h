/* Helpers defined in a header: code of every file that includes it. */
static int clamp(int x, int lo, int hi)
{
	if (x < lo)
		return lo;
	if (x > hi)
		return hi;
	return x;
}

static inline int is_even(unsigned v) { return (v & 1u) == 0; }
