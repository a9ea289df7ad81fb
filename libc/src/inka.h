/* The prelude of inka's C library models (see doc.go). It is read before
 * the models, both by inka's front end and by the differential test's gcc
 * build, and declares only reserved names: the models must compile in any
 * translation unit, before any of the user's headers. */

typedef __SIZE_TYPE__ __inka_size_t;
typedef __UINTPTR_TYPE__ __inka_uintptr_t;

/* __inka_require(c, why) states a precondition of the C standard: the call
 * has undefined behaviour unless c holds. inka's interpreter reports it
 * ("undefined behaviour: C library precondition: memcpy: why", at the
 * call of the model), its constraint models exclude it,
 * like every other undefined behaviour. why must be a string literal. */
void __inka_require(int c, const char *why);

/* __inka_disjoint(a, n, b, m) states the precondition of the copies
 * (memcpy, strcpy, ...): the n bytes at a and the m bytes at b do not
 * overlap. The interpreter checks it (undefined behaviour otherwise, as
 * __inka_require); the constraint models ignore it, so they also consider
 * runs that break it: a proof over more runs still holds, and a test that
 * breaks it fails its replay. (Written in C, the test compares addresses
 * as integers, which Pointer-SSA does not model.) */
void __inka_disjoint(const void *a, __inka_size_t n, const void *b, __inka_size_t m);

/* __inka_output(stream, c) writes the byte c to stream (1: standard
 * output, 2: standard error). The interpreter records it in the run's
 * output; nothing in the program can read it back. */
void __inka_output(int stream, int c);

/* __inka_output_text(stream, c1, ..., cn) writes the bytes c1..cn (a
 * piece of a printf format), __inka_output_int(stream, spec, width, prec,
 * v) one integer conversion of printf (stdio.c), __inka_output_float one
 * of %f %e %g (their count is not modelled), formatted by the
 * interpreter. __inka_output_errno(stream, e) writes glibc's message for
 * the error number e (strerror's text, perror). */
void __inka_output_text(int stream, ...);
void __inka_output_int(int stream, int spec, int width, int prec, unsigned long long v);
void __inka_output_float(int stream, int spec, int width, int prec, double v);
void __inka_output_errno(int stream, int e);

/* The bytes written between __inka_output_field(stream, spec, width) and
 * __inka_output_end(stream) are one field of printf, padded to width with
 * spaces (on the right with the flag '-' in spec). */
void __inka_output_field(int stream, int spec, int width);
void __inka_output_end(int stream);

#define __INKA_EOF (-1)
#define __INKA_EINVAL 22
#define __INKA_ERANGE 34
