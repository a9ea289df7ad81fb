/* Statistics kept in globals and statics, with hooks a library user
 * registers elsewhere: a hook may call back into this file. */

void on_overflow(int which);
int now(void);

int total;
static int peak;

void reset_stats(void)
{
	total = 0;
	peak = 0;
}

int record(int amount)
{
	static int calls;
	if (amount < 0)
		return -1;
	calls++;
	total += amount;
	if (total > 1000) {
		on_overflow(calls);
		if (total > 1000)
			return 2;
		return 3; /* the hook reset the statistics */
	}
	if (total > peak)
		peak = total;
	return calls > 0 ? 1 : 0;
}

/* A stamp read twice from the clock: the callee may return anything. */
int elapsed(void)
{
	int t0 = now();
	int t1 = now();
	if (t1 < t0)
		return -1; /* a clock that goes back */
	if (t1 - t0 > 1000000)
		return 2;
	return 0;
}

/* A proof about locals only: no callee, no global can change it. */
int mid(int a, int b)
{
	int lo = a < b ? a : b;
	int hi = a < b ? b : a;
	if (lo > hi)
		return -1; /* unreachable */
	return lo + (hi - lo) / 2;
}
