package ssa_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/ssa"
)

// defsOf counts the statements of ss (at any depth) that define a
// version of the cell named cell, φ included.
func defsOf(ss []ssa.Stmt, cell string) int {
	n := 0
	for _, op := range find[*ssa.Op](ss) {
		if op.Dst.Cell.Name == cell {
			n++
		}
	}
	for _, s := range find[*ssa.If](ss) {
		for _, p := range s.Phis {
			if p.Dst.Cell.Name == cell {
				n++
			}
		}
	}
	for _, s := range find[*ssa.While](ss) {
		for _, p := range s.Phis {
			if p.Dst.Cell.Name == cell {
				n++
			}
		}
	}
	return n
}

// TestSlice: a hash that no decision reads is dropped, in the loop and
// after it, with its φ and the value returned; what the decisions read
// (the counter k, the loop index) stays, and so does a signed product no
// decision reads, which may overflow (undefined behaviour: the runs that
// return normally exclude it). A hash written through a pointer stays: a
// memory access reads it.
func TestSlice(t *testing.T) {
	file := filepath.Join(t.TempDir(), "hash.c")
	require.NoError(t, os.WriteFile(file, []byte(`unsigned hash(int a, int b)
{
    unsigned h = 5381u;
    int scaled = a * 1000;
    int k = 0;
    for (int i = 0; i < 4; i++) {
        h = h * 33u + (unsigned)(a ^ i);
        if (b > i)
            k++;
    }
    if (k == 2)
        h ^= h >> 7;
    return h;
}

void hash_to(int a, int b, unsigned *out)
{
    unsigned h = 5381u;
    for (int i = 0; i < 4; i++)
        h = h * 33u + (unsigned)(a ^ i);
    if (b > 0)
        *out = h;
}
`), 0o644))
	f, _ := build(t, file, "hash")
	s := f.Slice()
	require.NoError(t, ssa.SanityCheck(s))
	require.Equal(t, 5, defsOf(f.Body, "h"), "h_1, the loop φ, h_3, h_4 and the if φ")
	require.Equal(t, 0, defsOf(s.Body, "h"))
	require.Equal(t, 0, defsOf(s.Body, "result"))
	for _, cell := range []string{"scaled", "k", "i"} {
		require.Equal(t, defsOf(f.Body, cell), defsOf(s.Body, cell), cell)
	}
	ret := find[*ssa.Return](s.Body)
	require.Len(t, ret, 1)
	require.Empty(t, ret[0].Val)
	require.Len(t, find[*ssa.If](s.Body), 2, "every decision stays")
	require.Len(t, find[*ssa.Return](f.Body)[0].Val, 1, "f itself is unchanged")

	g, _ := build(t, file, "hash_to")
	require.Same(t, g, g.Slice(), "the stored hash: nothing to drop")
}
