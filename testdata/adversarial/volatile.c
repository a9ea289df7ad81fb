/* Each read of a volatile object may see a new value (hardware, a signal
 * handler, another thread): a proof must hold for any value read. */

volatile int ready;
volatile unsigned status_reg;

/* The repro. */
int torn(void)
{
	if (ready != ready)
		return 1;
	return 0;
}

/* Read-modify-read of a device register. */
int settle(void)
{
	unsigned first = status_reg & 0xff;
	if (first != 0)
		return 0;
	if ((status_reg & 0xff) == 0x5a)
		return 2; /* changed since the first read */
	return 1;
}

/* A flag polled twice through a pointer to volatile. */
int poll_twice(volatile int *flag)
{
	int a = *flag;
	int b = *flag;
	if (a == 0 && b == 1)
		return 1;
	return 0;
}

/* Non-volatile reads are proved as usual. */
int stable(int *p)
{
	int a = *p;
	int b = *p;
	if (a != b)
		return 1;
	return 0;
}

/* Two reads in a branch that does not hold the goal: both must be fresh
 * values in the proof too. */
int sample_pair(int enabled)
{
	int first = 0, second = 0;
	if (enabled) {
		first = ready;
		second = ready;
	}
	if (first != second)
		return 1; /* the flag changed between the reads */
	return 0;
}
