package frontend

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const cdeclSrc = `
typedef struct { int x; const char *name; } P;
struct node { int v; struct node *next; };
enum color { RED, GREEN };
typedef unsigned long size_type;
int count(const char *s, size_type n, enum color c, P *p, struct node *q, int (*a)[3], signed char sc);
struct node gn;
const char *names[2];
struct { int lo; const int hi; } limits;
int f(const char **pp, struct node *n, P p) { return count(*pp, 1, RED, &p, n, 0, 0) + n->v; }
`

func TestCDecl(t *testing.T) {
	u, err := LoadSource("cdecl.c", []byte(cdeclSrc), Options{})
	require.NoError(t, err)

	count, err := u.FuncType("count")
	require.NoError(t, err)
	s, err := count.Prototype("count", "a", InUnit)
	require.NoError(t, err)
	assert.Equal(t, "int count(const char *a0, unsigned long a1, enum color a2, P *a3, struct node *a4, int (*a5)[3], signed char a6)", s)
	_, err = count.Prototype("count", "a", Portable)
	assert.ErrorContains(t, err, "untagged struct")
	assert.Equal(t, []string{"struct node"}, count.Tags())
	assert.Equal(t, []string{"s", "n", "c", "p", "q", "a", "sc"}, count.ParamNames())

	f, err := u.FuncType("f")
	require.NoError(t, err)
	ps := f.Params()
	require.Len(t, ps, 3)
	// The object behind pp: an array of pointers to const char.
	elem, err := ps[0].Walk("[0]")
	require.NoError(t, err)
	s, err = elem.Decl("o[4]", InUnit)
	require.NoError(t, err)
	assert.Equal(t, "const char *o[4]", s)
	// Behind n, then n[0].next.
	elem, err = ps[1].Walk("[0].next[0]")
	require.NoError(t, err)
	s, err = elem.Decl("o[4]", Portable)
	require.NoError(t, err)
	assert.Equal(t, "struct node o[4]", s)
	s, err = f.Result().Decl("r", InUnit)
	require.NoError(t, err)
	assert.Equal(t, "int r", s)

	g, err := u.ObjectType("names")
	require.NoError(t, err)
	assert.False(t, g.HasConst(), "the pointers of names are not const (cc says they are: see Decl)")
	g, err = u.ObjectType("limits")
	require.NoError(t, err)
	assert.True(t, g.HasConst())
	_, err = u.ObjectType("nothing")
	assert.Error(t, err)
	_, err = ps[2].Walk("[0]")
	assert.Error(t, err, "a struct cannot be indexed")
}
