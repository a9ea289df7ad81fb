/* <errno.h>: errno is one int of the program's (glibc reaches it through
 * __errno_location). The models set it as glibc does; a run may read it
 * before it is set, so its value on entry is an input like a global's. */

int errno;

int *__errno_location(void)
{
	return &errno;
}
