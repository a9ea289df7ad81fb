/* Pointers a caller may make alias each other: members of one struct,
 * elements of one array of pointers, a pointer and the global it may
 * point to. inka's inputs are distinct objects; its proofs must not
 * depend on it. */

struct pair {
	int *first;
	int *second;
};

int both(struct pair *p)
{
	*p->first = 1;
	*p->second = 2;
	if (*p->first == 2)
		return 1; /* p->first == p->second */
	return 0;
}

int limit = 10;

int clamp_to_limit(int *v)
{
	if (*v > limit)
		*v = limit;
	if (*v > limit)
		return -1; /* unreachable even if v == &limit */
	return *v;
}

int bump_limit(int *v)
{
	limit = 10;
	*v = 20;
	if (limit == 20)
		return 1; /* v == &limit */
	return 0;
}

void swap(int *a, int *b)
{
	int t = *a;
	*a = *b;
	*b = t;
}

int swapped(int *x, int *y)
{
	int old = *x;
	swap(x, y);
	if (*y != old)
		return 1; /* x == y and ... never: *y == old either way */
	return 0;
}

int rows[4][4];

int row_sum(int (*row)[4], int k)
{
	int s = 0, i;
	if (k < 0 || k > 3)
		return -1;
	for (i = 0; i < 4; i++)
		s += row[k][i];
	rows[k][0] = 7;
	if (row[k][0] == 7 && s == -1000)
		return 2; /* row == rows */
	return s;
}
