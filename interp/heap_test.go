package interp_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
)

// heapSrc exercises each rule of the heap (interp/heap.go) in code shaped
// as real code is.
const heapSrc = `#include <stdlib.h>
#include <string.h>
struct pt { int x, y; };
int grow(int n) {
	int *a = malloc(2 * sizeof *a);
	if (!a) return -1;
	a[0] = 5; a[1] = n;
	int *b = realloc(a, 4 * sizeof *b);
	if (!b) { free(a); return -2; }
	b[3] = 1;
	int r = b[0] + b[1] + b[3];
	free(b);
	return r;
}
int zeroed(int i) {
	int *a = calloc(4, sizeof *a);
	if (!a) return -1;
	int r = a[i];
	free(a);
	return r;
}
int overflow(void) {
	void *p = calloc((size_t)1 << 62, 16);
	return p == 0;
}
int uninit(void) {
	int *a = malloc(sizeof *a);
	if (!a) return -1;
	int r = *a;
	free(a);
	return r;
}
int punned(int v) {
	struct pt *p = malloc(sizeof *p);
	if (!p) return -1;
	p->x = v;
	short s = *(short *)p;
	free(p);
	return s;
}
int bytes(int v) {
	int *p = malloc(sizeof *p);
	if (!p) return -1;
	memcpy(p, &v, sizeof v);
	int r = *p;
	free(p);
	return r;
}
int uaf(int v) {
	struct pt *p = malloc(sizeof *p);
	if (!p) return -1;
	p->x = v;
	free(p);
	return p->x;
}
int twice(void) {
	char *p = malloc(3);
	free(p);
	free(p);
	return 0;
}
int middle(void) {
	char *p = malloc(3);
	if (!p) return -1;
	free(p + 1);
	return 0;
}
int local(void) {
	int x = 0;
	free(&x);
	return 0;
}
int input(int *q) {
	free(q);
	return 0;
}
int past(int i) {
	char *p = malloc(3);
	if (!p) return -1;
	p[i] = 1;
	free(p);
	return 0;
}
int leak(int n) {
	char *p = malloc(8);
	if (!p) return -1;
	char *q = malloc(8);
	if (!q) { free(p); return -1; }
	free(q);
	return n;
}
struct pt *kept(int v) {
	struct pt *p = malloc(sizeof *p);
	if (p) { p->x = v; p->y = 0; }
	return p;
}
int nofree(void) {
	free(0);
	void *p = realloc(0, 0); /* glibc: malloc(0), a unique pointer */
	int r = p != 0;
	free(p);
	return r;
}
int input_twice(int *q) {
	free(q);
	free(q);
	return 0;
}
int input_stale(int *q) {
	free(q);
	return *q;
}
int input_grow(int *q) {
	int *r = realloc(q, 8 * sizeof *q);
	if (!r)
		return -1;
	r[7] = 1;
	int v = r[0] + r[7];
	free(r);
	return v;
}
int input_middle(int *q) {
	free(q + 1);
	return 0;
}
`

// TestHeap: a fresh object per allocation, sized by its argument, with no
// declared type; calloc zeroes and fails on an overflowing n * size;
// realloc moves the contents; allocation failure is an input; use after
// free, double free, the free of what malloc did not return and accesses
// past the end are undefined behaviour with their position; the input
// objects of a function that frees come from malloc (ir.FreesInputs):
// their free and realloc are valid, their misuse undefined, and they are
// no leaks; leaks are reported, reachable
// objects are not leaks.
func TestHeap(t *testing.T) {
	u, err := frontend.LoadSource("heap.c", []byte(heapSrc), frontend.Options{})
	require.NoError(t, err)
	cases := []struct {
		fn, args string
		fail     []int
		outcome  interp.Outcome
		want     string // the return value, or the message of a stop
		kind     interp.UBKind
	}{
		{"grow", "n=7", nil, interp.Returned, "13", 0},
		{"grow", "n=7", []int{0}, interp.Returned, "-1", 0},
		{"grow", "n=7", []int{1}, interp.Returned, "-2", 0},
		{"zeroed", "i=3", nil, interp.Returned, "0", 0},
		{"zeroed", "i=4", nil, interp.UB, "4 bytes at offset 16 of calloc#0 (16 bytes)", interp.OutOfBounds},
		{"overflow", "", nil, interp.Returned, "1", 0},
		{"uninit", "", nil, interp.UB, "", interp.Uninitialized},
		{"punned", "v=65539", nil, interp.Unsupported, "access to calloc", 0},
		{"bytes", "v=-5", nil, interp.Returned, "-5", 0},
		{"uaf", "v=1", nil, interp.UB, "heap.c:54:9: undefined behaviour: dangling pointer: &p->x: &malloc#0[0] points to malloc#0 (allocated at heap.c:50:17) was freed at heap.c:53:2", interp.Dangling},
		{"twice", "", nil, interp.UB, "heap.c:59:2: undefined behaviour: invalid free: free(&malloc#0[0]): malloc#0 was freed at heap.c:58:2 (double free)", interp.BadFree},
		{"middle", "", nil, interp.UB, "heap.c:65:2: undefined behaviour: invalid free: free(&malloc#0[1]): not the start of malloc#0", interp.BadFree},
		{"local", "", nil, interp.UB, "", interp.BadFree},
		// a function that frees: its input objects come from malloc
		{"input", "", nil, interp.Returned, "0", 0},
		{"input_twice", "", nil, interp.UB, "invalid free: free(&q[0]): q (an input object, allocated by the caller with malloc) was freed at heap.c:105:2 (double free)", interp.BadFree},
		{"input_stale", "", nil, interp.UB, "dangling pointer: *q: &q[0] points to q (an input object, allocated by the caller with malloc) was freed at heap.c:110:2", interp.Dangling},
		{"input_grow", "q[0]=5", nil, interp.Returned, "6", 0},
		{"input_grow", "q[0]=5", []int{0}, interp.Returned, "-1", 0},
		{"input_middle", "", nil, interp.UB, "not the start of q", interp.BadFree},
		{"past", "i=3", nil, interp.UB, "", interp.OutOfBounds},
		{"past", "i=2", nil, interp.Returned, "0", 0},
		{"nofree", "", nil, interp.Returned, "1", 0},
	}
	for _, c := range cases {
		p, err := u.Lower(c.fn)
		require.NoError(t, err, c.fn)
		in, err := interp.ParseInputs(c.args)
		require.NoError(t, err)
		for _, k := range c.fail {
			if in.AllocFail == nil {
				in.AllocFail = map[int]bool{}
			}
			in.AllocFail[k] = true
		}
		res, err := interp.Run(p, c.fn, in, interp.Config{})
		require.NoError(t, err, c.fn)
		require.Equal(t, c.outcome, res.Outcome, "%s(%s) %v: %s", c.fn, c.args, c.fail, res.Msg)
		switch c.outcome {
		case interp.Returned:
			assert.Equal(t, c.want, res.Return.String(), "%s(%s) %v", c.fn, c.args, c.fail)
			assert.Empty(t, res.Leaks, c.fn)
		case interp.UB:
			assert.Equal(t, c.kind, res.UB.Kind, "%s(%s): %s", c.fn, c.args, res.UB)
			assert.Contains(t, res.UB.String(), c.want, c.fn)
		default:
			if c.fn == "punned" {
				assert.Contains(t, res.Msg, "whose effective type is int (C11 6.5p7)", c.fn)
			} else {
				assert.Equal(t, c.want, res.Msg, c.fn)
			}
		}
	}

	// Allocations are numbered in the run; a failure is recorded.
	p, err := u.Lower("grow")
	require.NoError(t, err)
	res, err := interp.Run(p, "grow", interp.Inputs{AllocFail: map[int]bool{1: true}}, interp.Config{})
	require.NoError(t, err)
	require.Len(t, res.Allocs, 2)
	assert.Equal(t, interp.Alloc{Callee: "malloc", Index: 0, Pos: res.Allocs[0].Pos, Size: 8}, res.Allocs[0])
	assert.Equal(t, interp.Alloc{Callee: "realloc", Index: 1, Pos: res.Allocs[1].Pos, Size: 16, Failed: true}, res.Allocs[1])

	// A leak: the object the run can no longer reach; one it returns is none.
	p, err = u.Lower("leak")
	require.NoError(t, err)
	res, err = interp.Run(p, "leak", interp.Inputs{}, interp.Config{})
	require.NoError(t, err)
	require.Len(t, res.Leaks, 1)
	assert.Equal(t, "heap.c:85:12: 8 bytes allocated by malloc#0 never freed", res.Leaks[0].String())
	p, err = u.Lower("kept")
	require.NoError(t, err)
	res, err = interp.Run(p, "kept", interp.Inputs{}, interp.Config{})
	require.NoError(t, err)
	assert.Empty(t, res.Leaks)
	assert.Equal(t, "&malloc#0[0]", res.Return.String())
}

// vlaSrc: variable-length arrays (ir.VLA): a scratch array sized by a
// parameter, sizeof of it, its size checked at the declaration, its
// lifetime its block's (the call's at most), and it is no heap object.
const vlaSrc = `#include <stdlib.h>
int *keep;
int sum_to(int n) {
	int t[n];
	for (int i = 0; i < n; i++) t[i] = i;
	int s = 0;
	for (int i = 0; i < n; i++) s += t[i];
	return s + (int)(sizeof t);
}
int escape(int n) {
	char b[n + 1];
	b[0] = 3;
	keep = (int *)0;
	return b[n];
}
int kept(int n) {
	int a[n];
	a[0] = 7;
	keep = a;
	return 0;
}
int later(int n) {
	kept(n);
	return keep[0];
}
int bad(int n) {
	char b[n];
	b[0] = 1;
	free(b);
	return 0;
}
int scoped(int n) {
	int *q = 0, r = 0;
	for (int i = 1; i <= n; i++) {
		int t[i];
		t[i - 1] = i;
		r += t[i - 1];
		if (n == 2)
			q = t;
	}
	if (n == 3) {
		char c[n];
		c[0] = 1;
		r += c[0];
	}
	return q ? *q : r;
}
int inner(int n) {
	int *q;
	{
		int t[n];
		t[0] = n;
		q = t;
	}
	return *q;
}
`

func TestVLA(t *testing.T) {
	u, err := frontend.LoadSource("vla.c", []byte(vlaSrc), frontend.Options{})
	require.NoError(t, err)
	cases := []struct {
		fn, args string
		outcome  interp.Outcome
		want     string
		kind     interp.UBKind
	}{
		{"sum_to", "n=4", interp.Returned, "22", 0}, // 0+1+2+3 + 16 bytes
		{"sum_to", "n=0", interp.UB, "variable-length array t of size n <= 0", interp.Precondition},
		{"sum_to", "n=-2", interp.UB, "variable-length array t of size n <= 0", interp.Precondition},
		{"sum_to", "n=16385", interp.Unsupported, "variable-length array t of more than 65536 bytes (inka's objects hold at most that)", 0},
		{"escape", "n=2", interp.UB, "", interp.Uninitialized}, // b[2] never written
		{"later", "n=1", interp.UB, "vla#0 (the variable-length array declared at vla.c:17:6) belongs to a call of kept that has returned", interp.Dangling},
		{"bad", "n=2", interp.UB, "free(&vla#0[0]): vla#0 is no heap object", interp.BadFree},
		// the lifetime of a VLA ends with its block: each iteration's t
		// is a new array, the pointer kept past the loop dangles
		{"scoped", "n=3", interp.Returned, "7", 0},
		{"scoped", "n=2", interp.UB, "condition q is a dangling pointer", interp.Dangling},
		{"inner", "n=2", interp.UB, "vla#0 (the variable-length array declared at vla.c:51:7) went out of scope at vla.c:54:2", interp.Dangling},
	}
	for _, c := range cases {
		p, err := u.Lower(c.fn)
		require.NoError(t, err, c.fn)
		in, err := interp.ParseInputs(c.args)
		require.NoError(t, err)
		res, err := interp.Run(p, c.fn, in, interp.Config{})
		require.NoError(t, err, c.fn)
		require.Equal(t, c.outcome, res.Outcome, "%s(%s): %s", c.fn, c.args, res.Msg)
		switch c.outcome {
		case interp.Returned:
			assert.Equal(t, c.want, res.Return.String(), c.fn)
			assert.Empty(t, res.Leaks, "a VLA is no leak")
			assert.Empty(t, res.Allocs, "a VLA is no allocation of the run")
		case interp.UB:
			assert.Equal(t, c.kind, res.UB.Kind, "%s(%s): %s", c.fn, c.args, res.UB)
			assert.Contains(t, res.UB.String(), c.want, c.fn)
		default:
			assert.Equal(t, c.want, res.Msg, c.fn)
		}
	}
}
