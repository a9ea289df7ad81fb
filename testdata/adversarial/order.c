/* The order of evaluation C leaves unspecified, as gcc chooses it: the
 * arguments of a call from the last to the first, the right operand of an
 * assignment before the left one when it has side effects (but a bare
 * call last). A parser that reads its fields through a cursor in the
 * arguments of one call gets them swapped by gcc, not by clang. */

struct cursor {
	const unsigned char *p;
	int left;
};

static struct cursor cur;
static unsigned char frame[8];
static int slots[8];
static int ticks;

static int next_byte(void)
{
	if (cur.left <= 0)
		return -1;
	cur.left--;
	return *cur.p++;
}

static int tick(void)
{
	return ++ticks;
}

static int *slot(void)
{
	return &slots[tick() & 7];
}

static int make_u16(int hi, int lo)
{
	if (hi < 0 || lo < 0)
		return -1;
	return hi << 8 | lo;
}

int read_u16(unsigned char a, unsigned char b)
{
	frame[0] = a;
	frame[1] = b;
	cur.p = frame;
	cur.left = 2;
	int v = make_u16(next_byte(), next_byte());
	if (v == (b << 8 | a))
		return 1; /* gcc: the second byte read first */
	return v;
}

int store_order(int start)
{
	if (start < 0 || start > 4)
		return -1;
	ticks = start;
	for (int i = 0; i < 8; i++)
		slots[i] = 0;
	slots[ticks] = tick() * 10; /* slots[start + 1] with gcc */
	*slot() = tick();           /* slot() first: a bare call last */
	slots[ticks & 7] += tick(); /* tick() first */
	int w = 0;
	for (int i = 0; i < 8; i++)
		w = w * 3 + (slots[i] != 0);
	return w;
}

/* a running total that the callee also updates: gcc reads total after
 * add_fee (it puts the variable last in +), and for += too */
static int total;

static int add_fee(int x)
{
	total += 1;
	return x;
}

int charge(int amount)
{
	if (amount < 0 || amount > 1000)
		return -1;
	total = 0;
	total = total + add_fee(amount);
	total += add_fee(amount);
	if (total == 2 * amount + 2)
		return 1;
	return total;
}
