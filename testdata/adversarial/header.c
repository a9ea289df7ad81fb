/* Static functions defined in an included header are code, not stubs. */
#include "header_util.h"

int level(int x)
{
	int c = clamp(x, 0, 10);
	if (c == 10)
		return 1;
	if (c == 0)
		return -1;
	return 0;
}

int parity(unsigned v)
{
	if (is_even(v) && v > 100)
		return 2;
	return is_even(v);
}
