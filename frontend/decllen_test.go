package frontend

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDeclLen: a parameter declared `T a[N]` has type T* (C11 6.7.6.3p7)
// and keeps N as DeclLen, the least length of the input object behind it.
func TestDeclLen(t *testing.T) {
	p := lower(t, "decl.c", `
enum { K = 3 };
int f(int a[5], int b[], int *c, int d[K + 1], int m[2][3], int n) { return a[0] + b[0] + *c + d[0] + m[0][0] + n; }
`, "f")
	f := p.Funcs[0]
	require.Len(t, f.Params, 6)
	got := map[string]int64{}
	for _, v := range f.Params {
		got[v.Name] = v.DeclLen
	}
	assert.Equal(t, map[string]int64{"a": 5, "b": 0, "c": 0, "d": 4, "m": 0, "n": 0}, got)
	assert.True(t, f.Params[0].Typ.IsPointer())
}

// TestExternConstPointee: a stub never writes through a parameter declared
// as a pointer to const, so WriteArg skips it.
func TestExternConstPointee(t *testing.T) {
	p := lower(t, "ext.c", `
int peek(const int *a, int *b);
int look(const char *s);
int f(int x) { int y = x; return peek(&x, &y) + look("hi"); }
`, "f")
	byName := map[string]int{}
	for _, e := range p.Externs {
		byName[e.Name] = e.WriteArg()
	}
	assert.Equal(t, map[string]int{"peek": 1, "look": -1}, byName)
}
