package testgen

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/interp"
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
		{"list.c", "list_free", map[string]string{"list.c:33:12:true": "free of the input object head: inka builds input objects outside the heap"}},
		{"hashtab.c", "tab_distinct", nil},
		{"strbuf.c", "join_digits", map[string]string{"*": "calls malloc: the constraint model does not follow heap objects"}},
		{"misuse.c", "release_twice", map[string]string{
			"misuse.c:18:9:true": "dangling pointer: &m->len: &malloc#0[0] points to malloc#0 (allocated at ../testdata/heap/misuse.c:14:21) was freed at ../testdata/heap/misuse.c:19:9",
			"misuse.c:22:9:true": "invalid free: free(&malloc#0[0]): malloc#0 was freed at ../testdata/heap/misuse.c:23:9 (double free)"}},
		{"misuse.c", "leaky", nil},
	}
	for _, c := range cases {
		g := gen(t, "../testdata/heap/"+c.file, c.fn)
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
		if c.fn == "list_find" || c.fn == "tab_distinct" || c.fn == "list_remove_sum" {
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
