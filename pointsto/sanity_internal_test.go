package pointsto

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/ir"
)

// sanitySrc chooses a buffer and walks it: an if whose branches point p
// to different objects, a loop that moves q along an array.
const sanitySrc = `
int pick(int k, int *in)
{
    int a = 1, b = 2, buf[4] = {0};
    int *p, *q;
    if (k > 0)
        p = &a;
    else
        p = &b;
    q = buf;
    for (int i = 0; i < 3; i++)
        q = q + 1;
    *q = *p + *in;
    return buf[3];
}
`

// analysed returns the result of the analysis of pick, checked sane.
func analysed(t *testing.T) *Result {
	t.Helper()
	u, err := frontend.LoadSource("pick.c", []byte(sanitySrc), frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower("pick")
	require.NoError(t, err)
	e, err := AnalyzeEntry(p, 8, false)
	require.NoError(t, err)
	require.NoError(t, SanityCheck(e.Result))
	return e.Result
}

// firstIf returns the first if with two non-empty branches.
func firstIf(r *Result) *ir.If {
	var found *ir.If
	ir.Walk(r.Func.Body, func(s ir.Stmt) {
		if x, ok := s.(*ir.If); ok && found == nil && len(x.Then) > 0 && len(x.Else) > 0 {
			found = x
		}
	})
	return found
}

// firstWhile returns the first loop.
func firstWhile(r *Result) *ir.While {
	var found *ir.While
	ir.Walk(r.Func.Body, func(s ir.Stmt) {
		if x, ok := s.(*ir.While); ok && found == nil {
			found = x
		}
	})
	return found
}

// varLoc returns the location of variable name.
func varLoc(r *Result, name string) Loc {
	for _, o := range r.Objects {
		if o.Var != nil && o.Var.Name == name {
			return Loc{Obj: o}
		}
	}
	return Loc{}
}

// TestSanityRules breaks a sane result one way at a time: each rule of
// SanityCheck fires, naming the function, the statement and the rule.
func TestSanityRules(t *testing.T) {
	for _, c := range []struct {
		rule    string
		want    string
		breakIt func(r *Result)
	}{
		{"objects", "an object outside the analysis", func(r *Result) {
			r.Exit[varLoc(r, "p")] = Targets{Loc{Obj: &Object{Name: "ghost", Kind: VarObj}}: Possible}
		}},
		{"objects", "offset 1000 is no canonical offset", func(r *Result) {
			r.Exit[varLoc(r, "p")] = Targets{Loc{Obj: varLoc(r, "a").Obj, Off: 1000}: Possible}
		}},
		{"objects", "offset 4 in NULL", func(r *Result) {
			r.Exit[varLoc(r, "p")] = Targets{Loc{Obj: r.Null, Off: 4}: Possible}
		}},
		{"objects", "not a pointer", func(r *Result) {
			r.Exit[varLoc(r, "a")] = Targets{varLoc(r, "b"): Definite}
		}},
		{"definite", "has a definite target among 2", func(r *Result) {
			r.Exit[varLoc(r, "p")] = Targets{varLoc(r, "a"): Definite, varLoc(r, "b"): Possible}
		}},
		{"joins", "is not at the join", func(r *Result) {
			j := r.joins[firstIf(r)]
			j[2] = j[2].clone()
			delete(j[2], varLoc(r, "p"))
			r.joins[firstIf(r)] = j
		}},
		{"joins", "definite after the if but not at the end of both branches", func(r *Result) {
			j := r.joins[firstIf(r)]
			j[2] = j[2].clone()
			j[2][varLoc(r, "p")] = Targets{varLoc(r, "a"): Definite}
			r.joins[firstIf(r)] = j
		}},
		{"joins", "is not at the loop head", func(r *Result) {
			w := firstWhile(r)
			j := r.joins[w]
			j[1] = j[1].clone()
			j[1][varLoc(r, "q")] = Targets{varLoc(r, "a"): Definite}
			r.joins[w] = j
		}},
		{"branches", "branch 1 does not start from the graph before the if", func(r *Result) {
			s := firstIf(r).Else[0]
			g := r.before[s].clone()
			g[varLoc(r, "q")] = Targets{varLoc(r, "b"): Definite}
			r.before[s] = g
		}},
	} {
		r := analysed(t)
		c.breakIt(r)
		err := SanityCheck(r)
		require.Error(t, err, c.rule)
		assert.Contains(t, err.Error(), "pick: ", c.rule)
		assert.Contains(t, err.Error(), ": "+c.rule+": ", c.rule)
		assert.Contains(t, err.Error(), c.want, c.rule)
	}
}
