package ir_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/ir"
)

// TestExpand: every statement outside the If and While nodes, in nested
// blocks too, is replaced by what the function returns (here each Return
// is preceded by a copy of itself and each Assert dropped); the Ifs and
// Whiles are copies, the input is left as it was.
func TestExpand(t *testing.T) {
	ret := &ir.Return{}
	as := &ir.Assert{}
	inner := &ir.If{Then: []ir.Stmt{ret, as}}
	loop := &ir.While{Pre: []ir.Stmt{as}, Body: []ir.Stmt{inner}}
	in := []ir.Stmt{loop, ret}
	out := ir.Expand(in, func(s ir.Stmt) []ir.Stmt {
		switch s.(type) {
		case *ir.Return:
			return []ir.Stmt{s, s}
		case *ir.Assert:
			return nil
		}
		return []ir.Stmt{s}
	})
	require.Len(t, out, 3)
	w, ok := out[0].(*ir.While)
	require.True(t, ok)
	assert.NotSame(t, loop, w)
	assert.Empty(t, w.Pre)
	require.Len(t, w.Body, 1)
	i, ok := w.Body[0].(*ir.If)
	require.True(t, ok)
	assert.NotSame(t, inner, i)
	assert.Equal(t, []ir.Stmt{ret, ret}, i.Then)
	assert.Equal(t, []ir.Stmt{ret, ret}, out[1:])
	// the input is unchanged
	assert.Equal(t, []ir.Stmt{ret, as}, inner.Then)
	assert.Equal(t, []ir.Stmt{as}, loop.Pre)
}
