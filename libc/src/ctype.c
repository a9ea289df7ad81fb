/* <ctype.h> in the "C" locale.
 *
 * The argument must be EOF or a value of unsigned char (C11 7.4p1);
 * anything else, a negative plain char included, is undefined behaviour.
 * A class test returns 0 or the value glibc returns (the bit of the class
 * in glibc's table: isdigit('7') is 2048), so that a test that returns or
 * stores the value agrees with the real library. */

#define CTYPE_ARG(c) \
	__inka_require((c) >= __INKA_EOF && (c) <= 255, "the argument is neither EOF nor a value of unsigned char")

int isupper(int c)
{
	CTYPE_ARG(c);
	return c >= 'A' && c <= 'Z' ? 256 : 0;
}

int islower(int c)
{
	CTYPE_ARG(c);
	return c >= 'a' && c <= 'z' ? 512 : 0;
}

int isalpha(int c)
{
	CTYPE_ARG(c);
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ? 1024 : 0;
}

int isdigit(int c)
{
	CTYPE_ARG(c);
	return c >= '0' && c <= '9' ? 2048 : 0;
}

int isxdigit(int c)
{
	CTYPE_ARG(c);
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') ? 4096 : 0;
}

int isspace(int c)
{
	CTYPE_ARG(c);
	return c == ' ' || (c >= '\t' && c <= '\r') ? 8192 : 0;
}

int isprint(int c)
{
	CTYPE_ARG(c);
	return c >= ' ' && c <= '~' ? 16384 : 0;
}

int isgraph(int c)
{
	CTYPE_ARG(c);
	return c > ' ' && c <= '~' ? 32768 : 0;
}

int isblank(int c)
{
	CTYPE_ARG(c);
	return c == ' ' || c == '\t' ? 1 : 0;
}

int iscntrl(int c)
{
	CTYPE_ARG(c);
	return (c >= 0 && c < ' ') || c == 127 ? 2 : 0;
}

int ispunct(int c)
{
	CTYPE_ARG(c);
	return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') || (c >= '{' && c <= '~') ? 4 : 0;
}

int isalnum(int c)
{
	CTYPE_ARG(c);
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ? 8 : 0;
}

int tolower(int c)
{
	CTYPE_ARG(c);
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

int toupper(int c)
{
	CTYPE_ARG(c);
	return c >= 'a' && c <= 'z' ? c - ('a' - 'A') : c;
}

/* POSIX: any int. */
int isascii(int c)
{
	return (c & ~0x7f) == 0;
}

int toascii(int c)
{
	return c & 0x7f;
}

#undef CTYPE_ARG
