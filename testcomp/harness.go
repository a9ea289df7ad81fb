package testcomp

import (
	"fmt"
	"strings"
)

// harnessHead is the validator's harness, linked with the program. In
// replay mode (INKA_TESTCOV_INPUT names a file of values, one a line) each
// __VERIFIER_nondet_T() returns the next value converted to T (0 when the
// values run out); in random mode (INKA_TESTCOV_RANDOM is a seed) it
// draws one — half the time from -16..16, half the time any bit pattern —
// and logs it to INKA_TESTCOV_LOG. A run that ends without returning
// from main still counts: __VERIFIER_assume(0), abort(), __assert_fail()
// and the signals a crash or the validator's timeout send write gcov's
// counters before the process ends, as the competition's harness does. An
// error function the program does not define is the harness's: it notes
// the call in INKA_TESTCOV_MARK and ends the run.
const harnessHead = `/* inka testcov harness */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern void __gcov_dump(void);

static FILE *inka_in, *inka_log;
static int inka_random;
static unsigned long long inka_state;

__attribute__((noreturn)) static void inka_end(int status) { __gcov_dump(); _exit(status); }
static void inka_on_signal(int sig) { inka_end(128 + sig); }

__attribute__((constructor)) static void inka_init(void) {
	const char *in = getenv("INKA_TESTCOV_INPUT"), *r = getenv("INKA_TESTCOV_RANDOM");
	const char *log = getenv("INKA_TESTCOV_LOG");
	if (r) {
		inka_random = 1;
		inka_state = strtoull(r, 0, 10) * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL;
	}
	if (in) inka_in = fopen(in, "r");
	if (log) inka_log = fopen(log, "w");
	signal(SIGTERM, inka_on_signal);
	signal(SIGSEGV, inka_on_signal);
	signal(SIGFPE, inka_on_signal);
	signal(SIGBUS, inka_on_signal);
}

static unsigned long long inka_rand(void) {
	unsigned long long x = inka_state;
	x ^= x << 13; x ^= x >> 7; x ^= x << 17;
	return inka_state = x;
}

/* inka_next returns the next value of a type of the given width (0: a
   pointer, NULL in random mode). */
static unsigned long long inka_next(const char *type, int bits, int is_signed) {
	unsigned long long v = 0;
	if (inka_random) {
		unsigned long long r = inka_rand();
		if (r & 1) {
			long long s = (long long)((r >> 1) % 33) - 16;
			v = (!is_signed && s < 0) ? (unsigned long long)-s : (unsigned long long)s;
		} else {
			v = inka_rand();
		}
		if (bits < 64) v &= (1ULL << bits) - 1;
		if (is_signed && bits < 64 && (v >> (bits - 1)) & 1) v |= ~((1ULL << bits) - 1);
		if (inka_log) {
			if (is_signed) fprintf(inka_log, "%s %lld\n", type, (long long)v);
			else fprintf(inka_log, "%s %llu\n", type, v);
			fflush(inka_log);
		}
		return v;
	}
	char line[512];
	if (!inka_in || !fgets(line, sizeof line, inka_in)) return 0;
	char *p = line;
	while (*p == ' ' || *p == '\t') p++;
	if (*p == '-') v = (unsigned long long)strtoll(p, 0, 0);
	else v = strtoull(p, 0, 0);
	return v;
}

static double inka_next_double(const char *type) {
	if (inka_random) {
		double d = (double)(long long)(inka_rand() % 2001) / 8.0 - 125.0;
		if (inka_log) { fprintf(inka_log, "%s %.17g\n", type, d); fflush(inka_log); }
		return d;
	}
	char line[512];
	if (!inka_in || !fgets(line, sizeof line, inka_in)) return 0;
	return strtod(line, 0);
}

__attribute__((weak)) void __VERIFIER_assume(int cond) {
	if (!cond) inka_end(0);
}

static void inka_mark(const char *what) {
	const char *m = getenv("INKA_TESTCOV_MARK");
	FILE *f = m ? fopen(m, "a") : 0;
	if (f) { fprintf(f, "%s\n", what); fclose(f); }
}

__attribute__((weak)) void reach_error(void) { inka_mark("reach_error"); inka_end(1); }
__attribute__((weak)) void __VERIFIER_error(void) { inka_mark("__VERIFIER_error"); inka_end(1); }

void abort(void) { inka_end(134); }
void __assert_fail(const char *a, const char *f, unsigned int l, const char *fn) {
	(void)a; (void)f; (void)l; (void)fn;
	inka_end(134);
}
`

// harnessSource returns the harness: harnessHead and a definition of
// every nondet function (weak: a program may define some itself).
func harnessSource() string {
	var b strings.Builder
	b.WriteString(harnessHead)
	for _, n := range nondetNames() {
		t := nondetTypes[n]
		fmt.Fprintf(&b, "\n__attribute__((weak)) %s %s%s(void) { ", t, NondetPrefix, n)
		switch {
		case t == "float" || t == "double":
			fmt.Fprintf(&b, "return (%s)inka_next_double(%q); }", t, n)
		case strings.HasSuffix(t, "*"):
			fmt.Fprintf(&b, "return (%s)(unsigned long)inka_next(%q, 0, 0); }", t, n) // random: NULL
		case t == "_Bool":
			fmt.Fprintf(&b, "return inka_next(%q, 1, 0) != 0; }", n)
		default:
			fmt.Fprintf(&b, "return (%s)inka_next(%q, 8 * (int)sizeof(%s), (%s)-1 < (%s)0); }", t, n, t, t, t)
		}
	}
	b.WriteString("\n")
	return b.String()
}
