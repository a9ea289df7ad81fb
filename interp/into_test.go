package interp_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/interp"
)

const cursorSrc = `
struct cursor { const char *pos; const char *end; };

int remaining(struct cursor *c, const char *stop)
{
    if (stop < c->pos)
        return -2;
    return (int)(c->end - c->pos);
}
`

// TestInputsInto: a pointer input may point into the object of another
// (Inputs.Into): the end of a cursor into the buffer of its pos, a
// parameter into the object of a pointer stored in another input, whose
// own pointer is built later. The element index may be one past the end;
// past it, into an input without an object, or of another pointee type,
// the inputs are refused.
func TestInputsInto(t *testing.T) {
	p := lowerSrc(t, cursorSrc, "remaining")
	in := interp.Inputs{Into: map[string]interp.Into{"c[0].end": {Ptr: "c[0].pos", Index: 3}}}
	// stop into the object behind c[0].pos: the parameter comes before
	// the object that holds c[0].pos.
	in.Into["stop"] = interp.Into{Ptr: "c[0].pos", Index: 4}
	res, err := interp.Run(p, "remaining", in, interp.Config{})
	require.NoError(t, err)
	require.Equal(t, interp.Returned, res.Outcome, "%v", res.UB)
	assert.Equal(t, "3", res.Return.String())
	for _, l := range res.Final {
		if l.Path == "c[0].end" {
			assert.Equal(t, "&c[0].pos[3]", l.Val.String())
		}
	}

	// Without the relation, comparing pointers into two objects is
	// undefined.
	res, err = interp.Run(p, "remaining", interp.Inputs{}, interp.Config{})
	require.NoError(t, err)
	assert.Equal(t, interp.UB, res.Outcome)

	for _, bad := range []map[string]interp.Into{
		{"stop": {Ptr: "c[0].pos", Index: 5}},  // past one past the end
		{"stop": {Ptr: "c[0].line", Index: 0}}, // no such pointer input
		{"stop": {Ptr: "c", Index: 0}},         // a struct cursor, not a char
	} {
		_, err := interp.Run(p, "remaining", interp.Inputs{Into: bad}, interp.Config{})
		assert.Error(t, err, "%v", bad)
	}
	_, err = interp.Run(p, "remaining", interp.Inputs{Into: map[string]interp.Into{"stop": {Ptr: "c[0].pos"}},
		Null: map[string]bool{"c[0].pos": true}}, interp.Config{})
	assert.Error(t, err, "into the object of a NULL input")
}

const bufSrc = `
struct buf { char data[8]; char *fill; };

int put(struct buf *b, char c)
{
    if (b->fill == b->data + 8)
        return -1;
    *b->fill++ = c;
    return (int)(b->fill - b->data);
}
`

// TestInputsIntoMember: a pointer input into an array member of the
// element that holds it (b->fill into b->data): one past the member's end
// compares equal to b->data + 8 and is shown as &b[0].data[8], not as the
// next member; an element is written through it.
func TestInputsIntoMember(t *testing.T) {
	p := lowerSrc(t, bufSrc, "put")
	in := interp.Inputs{Into: map[string]interp.Into{"b[0].fill": {Ptr: "b[0].data", Index: 8}}}
	res, err := interp.Run(p, "put", in, interp.Config{})
	require.NoError(t, err)
	require.Equal(t, interp.Returned, res.Outcome, "%v", res.UB)
	assert.Equal(t, "-1", res.Return.String())
	for _, l := range res.Final {
		if l.Path == "b[0].fill" {
			assert.Equal(t, "&b[0].data[8]", l.Val.String())
		}
	}
	in.Into["b[0].fill"] = interp.Into{Ptr: "b[0].data", Index: 2}
	res, err = interp.Run(p, "put", in, interp.Config{})
	require.NoError(t, err)
	require.Equal(t, interp.Returned, res.Outcome, "%v", res.UB)
	assert.Equal(t, "3", res.Return.String())
	_, err = interp.Run(p, "put", interp.Inputs{Into: map[string]interp.Into{"b[0].fill": {Ptr: "b[0].data", Index: 9}}}, interp.Config{})
	assert.Error(t, err)
}
