/* A sensor log's record, a double after an int (checked by hand against
 * gcc -m64 and gcc -m32 -msse2 -mfpmath=sse):
 *   record_size: a record is 16 bytes on x86-64 but 12 on i386, where a
 *                double in a struct is aligned to 4: the first goal is
 *                covered on ILP32 only, the second on LP64 only.
 *   rescale:     value * 0.1 * 10 differs from value through rounding
 *                (3.0 gives 3.0000000000000004), under both models: the
 *                i386 harness computes in SSE2 doubles, as inka does (x87
 *                would keep the product in 80 bits). */
#include <stddef.h>

struct sample {
	int channel;
	double value;
};

int record_size(const struct sample *s)
{
	if (sizeof(struct sample) == 12 && offsetof(struct sample, value) == 4)
		return s->channel;
	if (sizeof(struct sample) == 16)
		return -s->channel;
	return 0;
}

int rescale(const struct sample *s)
{
	double scaled = s->value * 0.1;

	if (s->channel < 0 || s->channel > 7)
		return -1;
	if (scaled * 10.0 != s->value && s->value == s->value)
		return 1;
	return 0;
}
