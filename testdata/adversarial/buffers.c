/* A small byte buffer, as network and parsing code writes them. The
 * proofs here must hold for every caller: the buffer may be longer than
 * inka's input arrays, alias the scratch area, or be written by the
 * callee that fills it. */

struct buf {
	unsigned char *data;
	int len;
	int cap;
};

int read_bytes(unsigned char *dst, int max);
void trace(const struct buf *b);

static unsigned char scratch[8];

/* Appends up to n bytes; the length never exceeds the capacity. */
int buf_fill(struct buf *b, int n)
{
	int got;
	if (b->len < 0 || b->cap < b->len || n < 0)
		return -1;
	if (n > b->cap - b->len)
		n = b->cap - b->len;
	got = read_bytes(b->data + b->len, n);
	if (got < 0 || got > n)
		return -2; /* a callee that breaks its contract */
	b->len += got;
	if (b->len > b->cap)
		return -3; /* unreachable: got <= n <= cap - len */
	return got;
}

/* Copies the first two bytes into the scratch area: the source may be the
 * scratch area itself, and scratch[0] == src[1] holds anyway (inka cannot
 * tell without a model of every aliasing: unknown, not unreachable). */
int stash(const unsigned char *src)
{
	scratch[0] = src[1];
	scratch[1] = src[0];
	if (scratch[0] == src[1])
		return 1;
	return 0;
}

/* The trace callee gets a pointer to const: it may still write. */
int checked_len(struct buf *b)
{
	b->len = 4;
	trace(b);
	if (b->len != 4)
		return -1;
	return b->len;
}

/* Pure arithmetic on the header: proofs that need no model of memory. */
int header_kind(unsigned char b0, unsigned char b1)
{
	int v = (b0 << 8) | b1;
	if (v > 0xffff)
		return -1; /* unreachable: two bytes */
	if ((v & 0xf000) == 0x4000 && (v >> 12) != 4)
		return -2; /* unreachable */
	if (b0 == 0x45)
		return 4;
	return 0;
}
