/* A pointer's address as a number is where the compiler puts the object,
 * not the run's: an alignment check, the bytes of a pointer read through a
 * union or copied out: every test resting on them failed under gcc -O0
 * (the harness's objects lie elsewhere). */
#include <stdint.h>
#include <string.h>

int aligned8(const char *p)
{
	if (((uintptr_t)p & 7) == 0)
		return 1;
	return 0;
}

union word {
	const char *p;
	uintptr_t u;
};

int low_bits(const char *s)
{
	union word w;
	w.p = s;
	if ((w.u & 7) == 0)
		return 1;
	return 0;
}

int first_byte(const char *s)
{
	unsigned char b[sizeof s];
	memcpy(b, &s, sizeof s);
	if ((b[0] & 7) == 0)
		return 1;
	return 0;
}
