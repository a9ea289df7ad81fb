package interp_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
)

// TestBitFieldInitializers: the globals of testdata/diff/bitfields.c at
// their initializers (the differential test gives them random values):
// bit-fields initialized in their bytes (straddling, after a :0, 30 bits of
// a long long), a union whose first member is a bit-field initialized
// through the member it is modelled as, and a union with a const member
// written through the other one (Csmith seeds 31 and 27 of its default
// flags: a value disagreement and a false "write to read-only object"),
// a union of bit-fields only (seed 7: refused before).
// The values are gcc's (-fsanitize=undefined).
func TestBitFieldInitializers(t *testing.T) {
	u, err := frontend.Load("../testdata/diff/bitfields.c", frontend.Options{})
	require.NoError(t, err)
	for _, c := range []struct {
		fn, args string
		want     string
	}{
		{"unions", "x=5", "7"},
		{"unions", "x=-100", "-98"},
		{"bump", "i=1,by=3", "253"},
		{"bump", "i=0,by=-7", "107"},
		{"bump", "i=1,by=600000", "98"},
		{"flag_union", "x=5", "16"},
		{"flag_union", "x=6", "1"},
		{"flag_union", "x=-1", "4"},
		{"clamp", "x=5", "292"},
		{"clamp", "x=-10", "-3"},
		{"clamp", "x=1000", "287"},
	} {
		p, err := u.Lower(c.fn)
		require.NoError(t, err)
		in, err := interp.ParseInputs(c.args)
		require.NoError(t, err)
		res, err := interp.Run(p, c.fn, in, interp.Config{UseInitializers: true})
		require.NoError(t, err)
		require.Equal(t, interp.Returned, res.Outcome, "%s(%s): %v", c.fn, c.args, res.UB)
		assert.Equal(t, c.want, res.Return.String(), "%s(%s)", c.fn, c.args)
	}
}

// TestUnionBitFieldOverPointer: a union whose first member is a
// bit-field and which is modelled as its pointer member (Csmith's default
// flags, seeds 22, 47, 183, 247: refused before) gets the bit-field's
// bits in the pointer's bytes from its initializer, static and local.
// gcc says 19088742 and 19088748, on x86-64 and i386.
func TestUnionBitFieldOverPointer(t *testing.T) {
	src := `union tagged { signed code : 26; signed char *name; };
static union tagged last_tag = {0x5687C417};
int tag_code(int k)
{
    union tagged local = {0x1234567};
    if (k > 3)
        last_tag.code = k;
    if (last_tag.code < 0)
        return local.code - k;
    return last_tag.code + local.code;
}`
	for _, dm := range []ir.DataModel{ir.LP64, ir.ILP32} {
		for args, want := range map[string]string{"k=1": "19088742", "k=5": "19088748"} {
			assert.Equal(t, want, runInitialized(t, src, dm, "tag_code", args), "%s %s", dm, args)
		}
	}
}

// runInitialized runs fn of the C source src with its static initializers
// on inputs args, and returns the value it returns.
func runInitialized(t *testing.T, src string, dm ir.DataModel, fn, args string) string {
	t.Helper()
	u, err := frontend.LoadSource("t.c", []byte(src), frontend.Options{DataModel: dm})
	require.NoError(t, err)
	p, err := u.Lower(fn)
	require.NoError(t, err)
	in, err := interp.ParseInputs(args)
	require.NoError(t, err)
	res, err := interp.Run(p, fn, in, interp.Config{UseInitializers: true})
	require.NoError(t, err)
	require.Equal(t, interp.Returned, res.Outcome, "%v", res.UB)
	return res.Return.String()
}

// TestStaticUnionBytes: a static union modelled as a member narrower than
// another (Csmith's `union { const uint8_t f1; int8_t *f2; }`) has all its
// bytes zero, so its pointer member reads NULL: the bytes past the member
// it is modelled as were indeterminate (a false "use of uninitialized
// value"). gcc says 8.
func TestStaticUnionBytes(t *testing.T) {
	src := `union U { const unsigned char a; int *p; unsigned short s; };
static union U g;
static union U h = {5};
int f(int x) { if (g.p == 0) return x + h.s; return 0; }`
	assert.Equal(t, "8", runInitialized(t, src, ir.LP64, "f", "x=3"))
}

// TestUnionConstMember: a union with a const member written through its
// other member is no undefined behaviour (gcc accepts it; Csmith seed 27
// of its default flags: a false "write to read-only object"). gcc says 50.
func TestUnionConstMember(t *testing.T) {
	src := `#include <stdint.h>
union counter { const int64_t seed; uint32_t n; };
static union counter ticks = {1};
int count(int x)
{
    for (ticks.n = 0; ticks.n <= 8; ticks.n += 1)
        x += (int)ticks.n;
    return x + (int)ticks.n;
}`
	assert.Equal(t, "50", runInitialized(t, src, ir.LP64, "count", "x=5"))
}

// TestHeapBitFields: a bit-field written in a malloc'd struct, whose bytes
// were never written: the byte it shares with another bit-field is read
// as 0 to be rewritten (ir.Load.Shared), not a use of an uninitialized
// value. gcc says 11.
func TestHeapBitFields(t *testing.T) {
	src := `#include <stdlib.h>
struct flags { unsigned a : 3; unsigned b : 5; int n; };
int f(int x)
{
    struct flags *p = malloc(sizeof *p);
    if (!p)
        return -1;
    p->a = x;
    p->b = x + 1;
    int r = p->a + p->b;
    free(p);
    return r;
}`
	u, err := frontend.LoadSource("heap.c", []byte(src), frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower("f")
	require.NoError(t, err)
	in, err := interp.ParseInputs("x=5")
	require.NoError(t, err)
	res, err := interp.Run(p, "f", in, interp.Config{})
	require.NoError(t, err)
	require.Equal(t, interp.Returned, res.Outcome, "%v", res.UB)
	assert.Equal(t, "11", res.Return.String())
}
