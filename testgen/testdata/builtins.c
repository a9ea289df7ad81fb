/* gcc's builtins are computed inline, never linked to a function a test
 * could stub: the bit builtins are computed (a stub "returning" 3 for
 * __builtin_popcount(0) made a test gcc did not pass), and what depends on
 * one inka does not model is unknown. */
#include <stdint.h>
#include <arpa/inet.h>

int three_bits(unsigned x)
{
	if (__builtin_popcount(x) == 3)
		return 1;
	return 0;
}

int checked_add(int a, int b, int *out)
{
	if (__builtin_add_overflow(a, b, out))
		return -1;
	return 0;
}

/* a bitmap allocator: the lowest free slot, the highest used one, and a
 * big-endian length field */
int alloc_slot(uint64_t used, uint32_t hdr)
{
	if (~used == 0)
		return -1;
	int slot = __builtin_ctzll(~used);
	if (slot == 37 && __builtin_clzll(used | 1) == 20)
		return 100;
	if (__builtin_parityll(used) && slot == 63)
		return 101;
	if (ntohl(hdr) == 0x01020304 && __builtin_ffs((int)hdr) == 1)
		return 102;
	if (__builtin_bswap16((uint16_t)hdr) == 0xabcd)
		return 103;
	if (__builtin_popcountll(used) > 64)
		return -2; /* never */
	return slot;
}
