package interp_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
)

const listSrc = `
struct node { struct node *next; int val; int tag; };

int first_val(struct node *n)
{
    if (n == 0)
        return -1;
    return n->val;
}
`

func lowerSrc(t *testing.T, src, fn string) *ir.Program {
	t.Helper()
	file := filepath.Join(t.TempDir(), "list.c")
	require.NoError(t, os.WriteFile(file, []byte(src), 0o644))
	u, err := frontend.Load(file, frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower(fn)
	require.NoError(t, err)
	return p
}

// The objects behind pointer inputs are built when the run touches them:
// the Leaf hook is asked for the leaves of n's array, not for those of the
// lists its next pointers lead to, which the run never reads.
func TestLazyInputsAskOnlyTouched(t *testing.T) {
	p := lowerSrc(t, listSrc, "first_val")
	var asked []string
	in := interp.Inputs{Leaf: func(path string, ty *ir.Type) (interp.Val, bool) {
		asked = append(asked, path)
		if ty.IsPointer() {
			return interp.Val{}, false // a fresh object
		}
		return interp.IntVal(ty, 7), true
	}}
	r, err := interp.Run(p, "first_val", in, interp.Config{NoFinal: true})
	require.NoError(t, err)
	assert.Equal(t, int64(7), r.Return.Int64())
	assert.Contains(t, asked, "n[0].val")
	assert.Contains(t, asked, "n[3].tag", "the object is built whole: every element of n's array")
	for _, a := range asked {
		assert.NotContains(t, a, ".next[", "no leaf of an object the run does not touch")
	}
}

// The final values list every object of the inputs' shape, touched or
// not, as when all were built up front; a value given for a leaf of an
// object the run never touches is taken, and a name that is no input
// (or a value that does not fit its leaf) is still an error.
func TestLazyInputsGivenAndFinal(t *testing.T) {
	p := lowerSrc(t, listSrc, "first_val")
	in := interp.Inputs{Values: map[string]interp.Val{"n[0].val": interp.Int(3), "n[1].next[2].tag": interp.Int(5)}}
	r, err := interp.Run(p, "first_val", in, interp.Config{})
	require.NoError(t, err)
	assert.Equal(t, int64(3), r.Return.Int64())
	final := r.FinalMap()
	assert.Equal(t, int64(5), final["n[1].next[2].tag"].Int64())
	v, ok := final["n[2].next[0].next[1].val"]
	assert.True(t, ok, "an object never touched is in the final values")
	assert.Equal(t, int64(0), v.Int64())

	for _, bad := range []string{"n[1].next[4].tag", "n[0].nxt[0].val", "m[0].val"} {
		_, err := interp.Run(p, "first_val", interp.Inputs{Values: map[string]interp.Val{bad: interp.Int(1)}}, interp.Config{})
		require.Error(t, err, bad)
		assert.True(t, strings.Contains(err.Error(), "no input named "+bad), err.Error())
	}
	_, err = interp.Run(p, "first_val", interp.Inputs{Values: map[string]interp.Val{"n[1].next[2].tag": interp.IntVal(ir.LongType, 1<<40)}}, interp.Config{})
	assert.Error(t, err, "a value that does not fit an untouched leaf")
	_, err = interp.Run(p, "first_val", interp.Inputs{Values: map[string]interp.Val{"n[1].next": interp.Int(0)}}, interp.Config{})
	assert.Error(t, err, "a pointer leaf given a value")
}
