/* Recursion deeper than the inlining bound (--max-inline, 8 by default):
 * the calls past the bound are not modelled, so a goal a deeper run may
 * reach is unknown, never unreachable. */

/* The repro: r(11, 0) reaches acc == 77 at depth 12. */
int r(int k, int acc)
{
	if (k == 0) {
		if (acc == 77)
			return 1;
		return 0;
	}
	return r(k - 1, acc + 7);
}

int entry(int x)
{
	if (x < 0 || x > 20)
		return 0;
	return r(x, 0);
}

/* Binary search over a sorted table, recursive: 10 halvings find 613. */
static const int table[16] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53};

static int depth_of(int lo, int hi, int key, int depth)
{
	int mid;
	if (lo > hi)
		return -depth;
	mid = lo + (hi - lo) / 2;
	if (table[mid] == key)
		return depth;
	if (table[mid] < key)
		return depth_of(mid + 1, hi, key, depth + 1);
	return depth_of(lo, mid - 1, key, depth + 1);
}

int lookup_depth(int key)
{
	int d = depth_of(0, 15, key, 0);
	if (d == 4)
		return 1; /* found at the fifth probe: 2, 3, 7, 13, ... */
	if (d < -4)
		return 2; /* absent, five probes deep */
	return 0;
}

/* Sum of digits, recursively: the result after the recursion decides. */
static int digit_sum(unsigned n)
{
	if (n < 10)
		return (int)n;
	return (int)(n % 10) + digit_sum(n / 10);
}

int lucky(unsigned n)
{
	if (digit_sum(n) == 80)
		return 1; /* 9 digits of 9 and an 8: ten levels deep */
	return 0;
}

/* A check made before the recursion: no deeper call can come back to it,
 * so the proof stands. */
int checked_sum(unsigned n)
{
	if (n > 1000 && n < 10)
		return -1; /* unreachable */
	return digit_sum(n);
}
