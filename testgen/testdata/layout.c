/* C11 6.5.9p6: a pointer one past the end of an object equals a pointer to
 * another object a compiler places right after it (gcc -O0 places spill
 * after table, and at_spill(4) returns 1): no proof may rest on inka's
 * layout, which leaves a gap after every object. */
int table[4], spill[4];

int at_spill(int n)
{
	if (n < 0 || n > 4)
		return 0;
	if (&table[n] == &spill[0])
		return 1;
	return 2;
}

/* gcc -O2 stores "guest" in the tail of "xguest": user + 1 == guest */
int is_guest(int k)
{
	const char *user = "xguest" + 1, *guest = "guest";
	if (user == guest && k == 3)
		return 1;
	return 0;
}
