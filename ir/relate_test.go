package ir_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/ir"
)

const relateSrc = `
struct cursor { const char *pos; const char *end; const int *nums; };
struct buf { char data[8]; char *fill; };

static int before(const char *a, const char *b) { return a < b; }

int scan(struct cursor *c, char *p, const char *end, const int *q, struct buf *b)
{
    if (c && before(c->pos, c->end))
        return 1;
    if (b->fill == b->data + 8)
        return 2;
    return (int)(end - p) + (q != 0) + (int)((unsigned long)q & 3);
}

int plain(const char *s, const char *t) { return s == t; }
`

// TestRelate: the pointee types of the pointers a function (or a callee)
// compares with < or subtracts are related; the pointer inputs of those
// types may point into the object of an earlier input of the same type
// stored beside them (two parameters; two members of one element), not
// across elements, not into an input of another type. Compared with ==,
// a pointer may point into an array member of the element that holds it.
func TestRelate(t *testing.T) {
	p := lower(t, "relate.c", relateSrc, "scan")
	f := p.Func("scan")
	u := ir.UsesOfPointers(f)
	require.Len(t, u.Related, 1)
	assert.Equal(t, ir.Char, ir.Unqualified(u.Related[0]).Kind)
	require.Len(t, u.Compared, 1, "b->fill == b->data + 8; q != 0 compares with NULL only")

	roots, _ := ir.EntryInputs(f, p.Globals, false)
	shape := ir.ComputeInputShape(roots, 4, 3)
	shape.Relate(u)
	into := map[string][]string{}
	for _, o := range shape.Objects {
		if len(o.Into) > 0 {
			into[o.Pointer] = o.Into
		}
	}
	assert.Equal(t, map[string][]string{
		"end":       {"p"},
		"c[0].end":  {"c[0].pos"},
		"c[1].end":  {"c[1].pos"},
		"c[2].end":  {"c[2].pos"},
		"c[3].end":  {"c[3].pos"},
		"b[0].fill": {"b[0].data"},
		"b[1].fill": {"b[1].data"},
		"b[2].fill": {"b[2].data"},
		"b[3].fill": {"b[3].data"},
	}, into)
	ptr, off, arr, member := shape.IntoArray("b[2].data")
	assert.Equal(t, "b", ptr)
	assert.Equal(t, int64(2*16), off)
	assert.Equal(t, int64(8), arr.Len)
	assert.True(t, member)
	ptr, off, _, member = shape.IntoArray("c[0].pos")
	assert.Equal(t, "c[0].pos", ptr)
	assert.Zero(t, off)
	assert.False(t, member)

	pl := lower(t, "relate.c", relateSrc, "plain")
	pu := ir.UsesOfPointers(pl.Func("plain"))
	assert.Empty(t, pu.Related)
	require.Len(t, pu.Compared, 1)
}
