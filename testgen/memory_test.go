package testgen

import (
	"strings"
	"testing"
	"time"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLibcStyle: the string and memory family of testdata/memory, written
// as libc writes it (pointer walks, end pointers, byte views through
// unsigned char, void * parameters converted to the type they are read
// as), is covered entirely: every outcome has a test, replayed by the
// interpreter (and by gcc in TestCoverChecked).
func TestLibcStyle(t *testing.T) {
	allCovered(t, "../testdata/memory/strings.c", "my_strlen", "my_strcmp", "my_strchr", "my_memcpy", "my_memset",
		"my_memcmp", "my_memchr", "my_strlcpy", "high_byte_set")
}

// allCovered checks that Cover covers every goal of each function of fns.
func allCovered(t *testing.T, file string, fns ...string) {
	t.Helper()
	for _, fn := range fns {
		g := gen(t, file, fn)
		cov := g.Cover(AllDecisions, time.Minute)
		require.NotEmpty(t, cov.Goals, fn)
		for _, gs := range cov.Goals {
			assert.Equal(t, Covered, gs.Status, "%s %s: %s", fn, gs.Goal.ID(), gs.Reason)
		}
	}
}

// TestLongerInputs: goals that need strings or buffers longer than
// --array-len (ten digits to overflow, a name past 12 characters, a
// 16-byte tag, a line past 8 columns) are covered on longer inputs, whose
// length the test records; a goal that needs more than --max-len stays
// unknown and says so; without the growth (MaxLen at ArrayLen) the same
// goals are unknown with the input model's caveat, never unreachable.
func TestLongerInputs(t *testing.T) {
	const file = "../testdata/memory/lengths.c"
	longer := map[string]bool{"lengths.c:18:13:true": true, "lengths.c:36:9:true": true,
		"lengths.c:46:24:false": true, "lengths.c:62:20:true": true}
	const tooLong = "lengths.c:95:9:true" // n > 80
	for _, fn := range []string{"parse_u32", "check_name", "tag_equal", "count_lines", "sum_groups", "path_ok"} {
		for _, grow := range []bool{true, false} {
			u, err := frontend.Load(file, frontend.Options{})
			require.NoError(t, err)
			p, err := u.Lower(fn)
			require.NoError(t, err)
			opts := Options{Check: true}
			if !grow {
				opts.MaxLen = ir.DefaultArrayLen
			}
			g, err := NewGenerator(p, opts)
			require.NoError(t, err)
			cov := g.Cover(AllDecisions, time.Minute)
			assert.Empty(t, g.SanityFailures(), fn)
			for _, gs := range cov.Goals {
				id := strings.TrimPrefix(gs.Goal.ID(), "../testdata/memory/")
				switch {
				case id == tooLong || (!grow && longer[id]):
					assert.Equal(t, Unknown, gs.Status, "%s %s", fn, id)
					if grow {
						assert.Contains(t, gs.Reason, "inputs of up to 64 elements tried", id)
					} else {
						assert.Contains(t, gs.Reason, "object of 4 elements", id)
					}
				case longer[id]:
					require.Equal(t, Covered, gs.Status, "%s %s: %s", fn, id, gs.Reason)
					tc := cov.Tests[gs.Test]
					assert.Greater(t, tc.Inputs.Len, ir.DefaultArrayLen, "%s: the test's buffers are longer", id)
					assert.Equal(t, interp.Returned, tc.Result.Outcome, id)
				default:
					assert.Equal(t, Covered, gs.Status, "%s %s: %s", fn, id, gs.Reason)
				}
			}
		}
	}
}

// TestDriverLoop: goals that need a line longer than --array-len, in a
// scanner called from a driver loop (testdata/memory/driver.c: a word
// past the scanner's buffer, a number past 9999), are covered within a
// small part of the goal's budget, on longer inputs the probes try
// (probe.go). They took the whole budget before (10 M steps each, and
// then unknown): the search on 4-byte lines explored every way the
// driver loop goes through them, call after call, before any longer
// line was tried.
func TestDriverLoop(t *testing.T) {
	g := gen(t, "../testdata/memory/driver.c", "count_words")
	for _, c := range []struct {
		line    int
		outcome string
	}{{36, "false"}, {57, "true"}} {
		res := g.Reach(decisionGoal(t, g, c.line, c.outcome), 1)
		require.Equal(t, Covered, res.Status, "line %d: %s", c.line, res.Reason)
		tc := res.Tests[0]
		assert.Greater(t, tc.Inputs.Len, ir.DefaultArrayLen, "line %d: the test's line is longer", c.line)
		assert.Equal(t, interp.Returned, tc.Result.Outcome, "line %d", c.line)
		assert.Less(t, res.Stats.Steps, int64(1_500_000), "line %d: steps", c.line)
	}
}

// TestVoidToStruct: comparators and callbacks that convert their void *
// parameters to struct pointers (qsort's records, a visitor's context,
// records holding string pointers) get records as inputs: every outcome is
// covered, where inka used to pass NULL only. So do the void * parameters
// a function only hands on to its callees through a function pointer
// (walk_values: the visitor's hits >= limit was unknown, "input ctx is a
// void pointer").
func TestVoidToStruct(t *testing.T) {
	allCovered(t, "../testdata/memory/records.c", "cmp_key", "cmp_prio_tag", "count_visit", "cmp_entry", "walk_values")
}

// TestVoidHandedOn: a void * handed on to a callee by a direct call, and
// from there through a function pointer (visit_twice), takes the callee's
// pointee: no goal is unknown any more (the visitor's NULL test is
// unreachable there, count_visit being the only visitor passed).
func TestVoidHandedOn(t *testing.T) {
	g := gen(t, "../testdata/memory/records.c", "visit_twice")
	cov := g.Cover(AllDecisions, time.Minute)
	require.NotEmpty(t, cov.Goals)
	covered := 0
	for _, gs := range cov.Goals {
		assert.NotEqual(t, Unknown, gs.Status, "%s: %s", gs.Goal.ID(), gs.Reason)
		if gs.Status == Covered {
			covered++
		}
	}
	assert.Equal(t, len(cov.Goals)-1, covered, "all but the visitor's NULL test")
}

// TestVoidThroughLibrary: void * buffers the code hands to memcmp, memchr
// and memcpy without converting them (blob_cmp's a and b) take the type
// of the library model's reads: blob_cmp's r != 0 used to be unknown
// ("input a is a void pointer: inka only passes NULL for it").
func TestVoidThroughLibrary(t *testing.T) {
	allCovered(t, "../testdata/memory/blobs.c", "blob_cmp", "blob_field", "blob_put")
}

// TestRelink: functions that load pointers from memory and also store
// pointers (list deletion and insertion through a pointer to the link, a
// move-to-front, a chunk queue whose head is unlinked when full, arrays
// of pointers swapped in a loop, a cursor built over a buffer) get exact
// pointer values (pointsto's exact sets through memory): every outcome is
// covered. chunk_put's last outcome used to be unknown, its byte store
// `b->data[b->len] = c` cut as a possible write over the bytes of
// b->next; sbuf_fill's, its stores through a fill pointer that a full
// buffer leaves one past its data member (an access there is undefined:
// member bounds, as the interpreter checks them).
func TestRelink(t *testing.T) {
	for _, fn := range []string{"list_remove", "list_insert_sorted", "list_rotate", "ptr_swap_sorted",
		"ptr_bubble", "mtf_lookup", "prune", "chunk_put", "sbuf_fill", "first_word"} {
		g := gen(t, "../testdata/memory/relink.c", fn)
		cov := g.Cover(AllDecisions, time.Minute)
		require.NotEmpty(t, cov.Goals, fn)
		for _, gs := range cov.Goals {
			assert.Equal(t, Covered, gs.Status, "%s %s: %s", fn, gs.Goal.ID(), gs.Reason)
		}
	}
}
