/* A callee given a pointer to const may cast the const away and write,
 * when the object itself is not const (C11 6.7.3): a proof must not rest
 * on the const. */

struct counter {
	int hits;
	int misses;
};

void report(const struct counter *c);
void log_value(const int *v);

int after_report(void)
{
	struct counter c = {0, 0};
	report(&c);
	if (c.hits == 10)
		return 1;
	return 0;
}

int after_log(int x)
{
	int v = x;
	log_value(&v);
	if (v != x)
		return 1;
	return 0;
}

/* The object is const: writing it is undefined behaviour, the proof
 * stands. */
static const int limit = 3;

int within_limit(void)
{
	log_value(&limit);
	if (limit != 3)
		return 1;
	return 0;
}
