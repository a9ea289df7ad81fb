package testgen

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
)

// TestHeapPrograms: the programs of testdata/heap build their structures
// at run time (a linked list, a string builder grown by realloc, a hash
// table with chaining). The constraint model stops at malloc (ir/heap.go),
// so no goal behind an allocation is ever unreachable; the interpreter's
// runs cover them, the error paths of a failed allocation included (a
// test whose AllocFail names the allocation); the misuse of the heap is
// undefined behaviour the unknown goals name.
func TestHeapPrograms(t *testing.T) {
	cases := []struct {
		file, fn string
		unknown  map[string]string // goal id suffix → what its reason says
	}{
		{"list.c", "list_find", nil},
		{"list.c", "list_remove_sum", nil},
		// it frees its input: the input objects come from malloc
		{"list.c", "list_free", nil},
		{"hashtab.c", "tab_distinct", nil},
		// 79:13:true needs the digit's putc to realloc, which no run
		// does (the comma's does); the proof needs the realloc that
		// succeeds, which the model cuts (several calls)
		{"strbuf.c", "join_digits", map[string]string{"strbuf.c:79:13:true": ""}},
		// its second realloc call (the quote's backslash) failing: the
		// model follows no realloc there (several calls), but their
		// failure is exact
		{"strbuf.c", "escape_len", nil},
		{"misuse.c", "release_twice", map[string]string{
			"misuse.c:18:9:true": "dangling pointer: &m->len: &malloc#0[0] points to malloc#0 (allocated at ../testdata/heap/misuse.c:14:21) was freed at ../testdata/heap/misuse.c:19:9",
			"misuse.c:22:9:true": "invalid free: free(&malloc#0[0]): malloc#0 was freed at ../testdata/heap/misuse.c:23:9 (double free)"}},
		{"misuse.c", "leaky", nil},
	}
	for _, c := range cases {
		g := heapGen(t, "../testdata/heap/"+c.file, c.fn)
		cov := g.Cover(AllDecisions, time.Minute)
		require.NotEmpty(t, cov.Goals, c.fn)
		failed := false // some test makes an allocation fail
		for _, tc := range cov.Tests {
			if len(tc.AllocFail) > 0 {
				failed = true
				require.Equal(t, interp.Returned, tc.Result.Outcome, c.fn)
				k := tc.AllocFail[0]
				require.Less(t, k, len(tc.Result.Allocs), c.fn)
				assert.True(t, tc.Result.Allocs[k].Failed, "%s: allocation %d fails in the replay", c.fn, k)
			}
		}
		for _, gs := range cov.Goals {
			id := gs.Goal.ID()
			assert.NotEqual(t, Unreachable, gs.Status, "%s %s", c.fn, id)
			want, unknown := "", false
			for suffix, w := range c.unknown {
				if suffix == "*" || strings.HasSuffix(id, suffix) {
					want, unknown = w, true
				}
			}
			if !unknown {
				assert.Equal(t, Covered, gs.Status, "%s %s: %s", c.fn, id, gs.Reason)
				continue
			}
			if gs.Status == Unknown {
				assert.Contains(t, gs.Reason, want, "%s %s", c.fn, id)
			}
		}
		if c.fn == "list_find" || c.fn == "tab_distinct" || c.fn == "list_remove_sum" || c.fn == "escape_len" {
			assert.True(t, failed, "%s: the out-of-memory path is covered by a failing allocation", c.fn)
		}
		if c.fn == "leaky" {
			leaks := 0
			for _, tc := range cov.Tests {
				leaks += len(tc.Result.Leaks)
			}
			assert.Positive(t, leaks, "leaky: the odd n leaks its buffer (reported)")
		}
	}
}

// TestHeapSites: the allocation sites of testdata/heap/sites.c are objects
// of the model (heapsites.go): a branch no run takes behind an allocation
// outside loops, behind nodes allocated in a loop, behind a calloc'd
// table, is proved unreachable (TestCoverChecked attacks these proofs with
// the interpreter and gcc); the reachable branches next to them are
// covered; a site in a loop executed more times than the model holds
// objects is a cut naming the bound, never a proof.
func TestHeapSites(t *testing.T) {
	// two_items's 51:9 and 53:14 are behind the free of the first node when the
	// second allocation fails: the model follows the free (the instance
	// dies) and the goals after it.
	unreachable := map[string]bool{"sites.c:23:9:true": true, "sites.c:51:9:true": true, "sites.c:53:14:true": true,
		"sites.c:78:9:true": true, "sites.c:102:9:true": true,
		"sites.c:142:9:true": true, "sites.c:146:14:true": true, "sites.c:174:9:true": true}
	for _, fn := range []string{"pair_span", "two_items", "tally", "chain3", "push_pop", "push3"} {
		steps := checkOpts.Steps
		if fn == "push_pop" || fn == "push3" {
			steps = 1_000_000 // fd's quarter of it: the frees and their checks
		}
		g := heapGenSteps(t, "../testdata/heap/sites.c", fn, steps)
		cov := g.Cover(AllDecisions, time.Minute)
		for _, gs := range cov.Goals {
			id := gs.Goal.ID()
			suffix := id[strings.LastIndex(id, "/")+1:]
			switch {
			case unreachable[suffix]:
				assert.Equal(t, Unreachable, gs.Status, "%s %s: %s", fn, id, gs.Reason)
			default:
				assert.Equal(t, Covered, gs.Status, "%s %s: %s", fn, id, gs.Reason)
			}
		}
	}

	// Six nodes from one site: the fifth execution is beyond the model's
	// summary; the branch behind it is covered by a run or unknown with
	// the bound, not unreachable.
	src := `#include <stdlib.h>
struct n { int k; struct n *next; };
int six(int a) {
	struct n *h = 0;
	int made = 0;
	for (int i = 0; i < 6; i++) {
		struct n *x = malloc(sizeof *x);
		if (!x) return -1;
		x->k = a; x->next = h; h = x; made++;
	}
	int r = made == 6 && h->k == a;
	if (r)
		r = 2;
	return r;
}
`
	p := lowerSource(t, src, "six")
	g, err := NewGenerator(p, Options{Check: true, PrepassSteps: -1})
	require.NoError(t, err)
	cov := g.Cover(AllDecisions, time.Minute)
	for _, gs := range cov.Goals {
		assert.NotEqual(t, Unreachable, gs.Status, gs.Goal.ID())
		if strings.HasSuffix(gs.Goal.ID(), ":12:6:false") { // unreachable in C, beyond the bound
			require.Equal(t, Unknown, gs.Status, gs.Goal.ID())
			assert.Contains(t, gs.Reason, "more than 4 allocations at this site", gs.Goal.ID())
		}
	}
}

// TestHeapFreeModel: free in the model (heapsites.go). A read of a freed
// object and a second free are undefined: the model excludes the runs the
// interpreter stops at, so a branch only such runs take is proved
// unreachable (TestCoverChecked attacks these proofs), while the branch
// before the misuse stays unknown with the interpreter's reason; a free
// of an input object is a cut naming it.
func TestHeapFreeModel(t *testing.T) {
	cases := []struct {
		fn          string
		unreachable []string // goal id suffixes
		unknown     map[string]string
	}{
		{"stale_read", []string{"misuse.c:78:9:true", "misuse.c:80:9:false"},
			map[string]string{"misuse.c:75:9:true": "dangling pointer"}},
		{"free_twice", []string{"misuse.c:96:9:true"},
			map[string]string{"misuse.c:93:9:true": "double free"}},
	}
	for _, c := range cases {
		g := heapGen(t, "../testdata/heap/misuse.c", c.fn)
		cov := g.Cover(AllDecisions, time.Minute)
		for _, gs := range cov.Goals {
			id := gs.Goal.ID()
			want := Covered
			for _, u := range c.unreachable {
				if strings.HasSuffix(id, u) {
					want = Unreachable
				}
			}
			for u, why := range c.unknown {
				if strings.HasSuffix(id, u) {
					want = Unknown
					assert.Contains(t, gs.Reason, why, id)
				}
			}
			assert.Equal(t, want, gs.Status, "%s %s: %s", c.fn, id, gs.Reason)
		}
	}
}

// heapGen is the generator of function fn of file, with the step budget
// of TestCoverChecked (a goal that is unknown spends all of it).
func heapGen(t *testing.T, file, fn string) *Generator {
	t.Helper()
	return heapGenSteps(t, file, fn, checkOpts.Steps)
}

// heapGenSteps is heapGen with a step budget per goal.
func heapGenSteps(t *testing.T, file, fn string, steps int64) *Generator {
	t.Helper()
	u, err := frontend.Load(file, frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower(fn)
	require.NoError(t, err)
	g, err := NewGenerator(p, Options{Check: true, Steps: steps})
	require.NoError(t, err)
	t.Cleanup(func() { assert.Empty(t, g.SanityFailures(), "the sanity checkers") })
	return g
}

// lowerSource lowers function fn of the C source src.
func lowerSource(t *testing.T, src, fn string) *ir.Program {
	t.Helper()
	u, err := frontend.LoadSource("heap.c", []byte(src), frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower(fn)
	require.NoError(t, err)
	return p
}

// TestVLA: the variable-length arrays of testdata/heap/vla.c (a scratch
// table sized by a parameter, a char buffer of width + 1, sizeof of a
// VLA, a typedef'd row type whose size is taken at the typedef, a table
// of up to 32 bytes: maxVLASiteBytes) are objects of the model: the branches no run takes are proved
// unreachable (TestCoverChecked attacks them with the interpreter and
// gcc), the others covered; a size <= 0 is undefined behaviour.
func TestVLA(t *testing.T) {
	unreachable := map[string]bool{"vla.c:16:9:true": true, "vla.c:18:9:true": true, "vla.c:41:9:true": true,
		"vla.c:43:9:true": true, "vla.c:62:9:true": true, "vla.c:96:9:true": true, "vla.c:98:9:true": true,
		"vla.c:119:9:true": true, "vla.c:121:9:true": true}
	for _, fn := range []string{"square_sum", "distinct3", "first_digit", "vla_size", "mirror_same", "fullest"} {
		steps := checkOpts.Steps
		if fn == "fullest" {
			steps = 10_000_000 // the default: a table of 8 ints, its bucket indexes a modulo
		}
		g := heapGenSteps(t, "../testdata/heap/vla.c", fn, steps)
		cov := g.Cover(AllDecisions, time.Minute)
		require.NotEmpty(t, cov.Goals, fn)
		for _, gs := range cov.Goals {
			id := gs.Goal.ID()
			want := Covered
			if unreachable[id[strings.LastIndex(id, "/")+1:]] {
				want = Unreachable
			}
			assert.Equal(t, want, gs.Status, "%s %s: %s", fn, id, gs.Reason)
		}
		for _, tc := range cov.Tests {
			assert.Empty(t, tc.AllocFail, "a VLA never fails")
			if fn == "vla_size" {
				assert.Positive(t, tc.Args["n"].Int64(), "a test of vla_size has n > 0")
			}
		}
	}
}

// TestConstructionBudgetReason: tree_shape inlines tree_height, a
// recursion that calls itself twice, to --max-inline: building its model
// runs out of steps, and the unknown answer says what was being built
// (the function and its size once inlined, and the recursion), not only
// that a budget ran out.
func TestConstructionBudgetReason(t *testing.T) {
	g := genOpts(t, "../testdata/heap/tree.c", "tree_shape", Options{Steps: 3_000_000, PrepassSteps: -1, Engine: EngineFD})
	res := g.Reach(decisionGoal(t, g, 123, "true"), 1)
	require.Equal(t, Unknown, res.Status, res.Reason)
	assert.Contains(t, res.Reason, "exhausted") // its steps, or its time guard on a loaded machine
	assert.Contains(t, res.Reason, "building the constraint model of tree_shape")
	assert.Contains(t, res.Reason, "recursion inlined to --max-inline")
	// with fewer steps, the setup runs out (the stores of the undefined
	// callees, here malloc and free, over the inlined function), and
	// says so
	g = genOpts(t, "../testdata/heap/tree.c", "tree_shape", Options{Steps: 200_000, PrepassSteps: -1})
	res = g.Reach(decisionGoal(t, g, 123, "true"), 1)
	require.Equal(t, Unknown, res.Status, res.Reason)
	assert.Contains(t, res.Reason, "analysis step budget exhausted (200000 steps), finding what the undefined functions tree_shape calls may write")
}
