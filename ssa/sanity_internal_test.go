package ssa

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/pointsto"
)

// sanitySrc reads and writes through pointers chosen by an if: φ at the
// join, φu and φd over two cells.
const sanitySrc = `
int pick(int k)
{
    int a = 1, b = 2, c = 3;
    int *p = &a;
    if (k > 0)
        p = &b;
    *p = *p + k;
    c = c + a;
    return *p + c;
}
`

func pickFunc(t *testing.T) *Func {
	t.Helper()
	u, err := frontend.LoadSource("pick.c", []byte(sanitySrc), frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower("pick")
	require.NoError(t, err)
	e, err := pointsto.AnalyzeEntry(p, 8, false)
	require.NoError(t, err)
	f, err := Build(e.Inlined.Func, e.Result)
	require.NoError(t, err)
	require.NoError(t, SanityCheck(f))
	return f
}

// find returns the first statement of f (at any depth) for which ok holds.
func find(ss []Stmt, ok func(Stmt) bool) Stmt {
	for _, s := range ss {
		if ok(s) {
			return s
		}
		var inner Stmt
		switch x := s.(type) {
		case *If:
			if inner = find(x.Then, ok); inner == nil {
				inner = find(x.Else, ok)
			}
		case *While:
			if inner = find(x.Pre, ok); inner == nil {
				inner = find(x.Body, ok)
			}
		}
		if inner != nil {
			return inner
		}
	}
	return nil
}

func firstPhiU(f *Func) *PhiU {
	s, _ := find(f.Body, func(s Stmt) bool { _, ok := s.(*PhiU); return ok }).(*PhiU)
	return s
}

func firstPhiD(f *Func) *PhiD {
	s, _ := find(f.Body, func(s Stmt) bool { _, ok := s.(*PhiD); return ok }).(*PhiD)
	return s
}

func firstIf(f *Func) *If {
	s, _ := find(f.Body, func(s Stmt) bool { x, ok := s.(*If); return ok && len(x.Phis) > 0 }).(*If)
	return s
}

func cellNamed(f *Func, name string) *Cell {
	for _, c := range f.Cells {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// TestSanityRules breaks a sane Pointer-SSA form one way at a time: each
// rule of SanityCheck fires, naming the function, the statement and the
// rule.
func TestSanityRules(t *testing.T) {
	for _, c := range []struct {
		rule, want string
		breakIt    func(f *Func)
	}{
		{"cells", "at address", func(f *Func) { f.Cells[1].Addr += 100 }},
		{"cells", "has ID", func(f *Func) { f.Cells[0].ID = 7 }},
		{"single definition", "defined twice", func(f *Func) {
			u := firstPhiU(f)
			d := firstPhiD(f)
			d.Dsts[0] = u.Dst
		}},
		{"single definition", "is not an entry version", func(f *Func) {
			f.Entry = f.Entry[1:]
		}},
		{"dominance", "is not defined on every path to its use", func(f *Func) {
			// the φu reads, before the if, a version the join defines
			u := firstPhiU(f)
			u.Ptr = firstIf(f).Phis[0].Dst
			f.Body = append([]Stmt{u}, f.Body...)
		}},
		{"dominance", "φ operand from the else branch", func(f *Func) {
			i := firstIf(f)
			i.Phis[0].Args[1] = i.Phis[0].Dst
		}},
		{"φ", "φu with 2 addresses and 1 values", func(f *Func) {
			u := firstPhiU(f)
			u.Vals = u.Vals[:1]
		}},
		{"φ", "is not a version of the cell at", func(f *Func) {
			u := firstPhiU(f)
			u.Vals[0], u.Vals[1] = u.Vals[1], u.Vals[0]
		}},
		{"φ", "φd result", func(f *Func) {
			d := firstPhiD(f)
			d.Addrs[0], d.Addrs[1] = d.Addrs[1], d.Addrs[0]
		}},
		{"φ", "joins", func(f *Func) {
			i := firstIf(f)
			i.Phis[0].Args[0] = &Version{Cell: cellNamed(f, "c"), N: 0}
		}},
		{"points-to", "may not point to there", func(f *Func) {
			u := firstPhiU(f)
			cc := cellNamed(f, "c")
			u.Addrs[0] = cc.Addr
			u.Vals[0] = f.Entry[0]
			for _, v := range f.Entry {
				if v.Cell == cc {
					u.Vals[0] = v
				}
			}
		}},
	} {
		f := pickFunc(t)
		c.breakIt(f)
		err := SanityCheck(f)
		require.Error(t, err, c.rule)
		assert.Contains(t, err.Error(), "pick: ", c.rule)
		assert.Contains(t, err.Error(), ": "+c.rule+": ", c.rule)
		assert.Contains(t, err.Error(), c.want, c.rule)
	}
}
