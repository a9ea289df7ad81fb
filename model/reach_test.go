package model_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/fd"
	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/model"
	"github.com/inka-tool/inka/pointsto"
	"github.com/inka-tool/inka/ssa"
)

// A tokenizer-like function: nested tests, a condition with && and ||, a
// switch, a loop with decisions in its test and its body, and a helper
// inlined twice (its decisions have two places in the model).
const reachSrc = `
static int clamp(int v, int lo, int hi)
{
    if (v < lo)
        return lo;
    if (v > hi)
        return hi;
    return v;
}

int scan(int a, int b, int n)
{
    int acc = 0, i;
    if (a > 2 && (b < 0 || b == 3)) {
        if (a == 4)
            acc = 10;
    }
    switch (b) {
    case 1:
        acc += 1;
        break;
    case 2:
    case 3:
        acc += 2;
        break;
    default:
        acc -= 1;
    }
    for (i = 0; i < n && i != a; i++) {
        if (i % 2 == 0)
            acc += i;
        else
            acc -= 1;
    }
    do {
        acc++;
    } while (acc < b);
    return clamp(acc, -3, 3) + clamp(a, 0, b);
}
`

// TestReachIndicators runs the function on a grid of inputs through the
// interpreter and through the model with the inputs fixed: every decision
// outcome's indicator must be fixed by propagation to exactly what the
// run covered (an accumulation over places, asleep until read, must fail
// when fixed the other way).
func TestReachIndicators(t *testing.T) {
	file := filepath.Join(t.TempDir(), "r.c")
	require.NoError(t, os.WriteFile(file, []byte(reachSrc), 0o644))
	u, err := frontend.Load(file, frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower("scan")
	require.NoError(t, err)
	e, err := pointsto.AnalyzeEntry(p, 8, false)
	require.NoError(t, err)
	sf, err := ssa.Build(e.Inlined.Func, e.Result)
	require.NoError(t, err)
	m, err := model.New(sf, model.Options{Inputs: e.Inputs, Reach: true})
	require.NoError(t, err)
	require.True(t, m.S.Propagate())
	var decs []*ir.Decision
	for _, f := range p.Funcs {
		decs = append(decs, f.Decisions...)
	}
	seen := map[string]bool{}
	for a := -1; a <= 5; a++ {
		for b := -1; b <= 4; b++ {
			for n := 0; n <= 5; n++ {
				in := map[string]int64{"a": int64(a), "b": int64(b), "n": int64(n)}
				vals := map[string]interp.Val{}
				for k, v := range in {
					vals[k] = interp.IntVal(ir.IntType, v)
				}
				r, err := interp.Run(p, "scan", interp.Inputs{Values: vals}, interp.Config{})
				require.NoError(t, err)
				require.Equal(t, interp.Returned, r.Outcome)
				m.S.Push()
				ok := true
				for _, x := range m.Inputs() {
					ok = ok && x.Var.AssignInt64(in[x.Path])
				}
				require.True(t, ok && m.S.Propagate(), "a=%d b=%d n=%d", a, b, n)
				for _, d := range decs {
					for o := range d.Outcomes {
						x := m.Reach(d, o)
						want := r.Covers(d, o)
						where := fmt.Sprintf("a=%d b=%d n=%d: %s", a, b, n, d.ID(o))
						if x == nil {
							require.False(t, want, "%s: covered but no indicator", where)
							continue
						}
						if !x.IsFixed() {
							// An accumulation no request reads yet
							// sleeps (combinators.Any): fixed the other
							// way, it must fail.
							m.S.Push()
							wrong := int64(1)
							if want {
								wrong = 0
							}
							require.False(t, x.AssignInt64(wrong) && m.S.Propagate(), "%s: indicator %v not decided", where, x)
							m.S.Pop()
							seen[d.ID(o)] = seen[d.ID(o)] || want
							continue
						}
						require.Equal(t, want, x.Val() == fd.I64(1), where)
						if want {
							seen[d.ID(o)] = true
						}
					}
				}
				m.S.Pop()
			}
		}
	}
	// The grid covers every outcome, so that no indicator was only ever
	// checked to be 0.
	n := 0
	for _, d := range decs {
		n += len(d.Outcomes)
	}
	require.Equal(t, n, len(seen), "outcomes covered by the grid: %v", seen)
}

// TestReachRequest: posting an outcome's indicator to 1 narrows the
// inputs to the runs that take it, by propagation alone.
func TestReachRequest(t *testing.T) {
	src := `int f(int a, int b) {
	if (a > 10) {
		if (b < a && b > 5)
			return 1;
	}
	return 0;
}`
	m := build(t, src, "f", model.Options{Reach: true})
	require.True(t, m.S.Propagate())
	var d *ir.Decision
	for _, x := range m.F.IR.Decisions {
		if x.Kind == ir.DecIf && x.Text == "b < a && b > 5" {
			d = x
		}
	}
	require.NotNil(t, d)
	require.True(t, m.Reach(d, 0).AssignInt64(1) && m.S.Propagate())
	require.Equal(t, "11..2147483647", input(t, m, "a").Dom().String()[1:len(input(t, m, "a").Dom().String())-1])
	require.Equal(t, fd.I64(6), input(t, m, "b").Min())
}

// TestReachLoopAfterReturn: a request of a loop's true outcome holds only
// on the runs that get to the loop; fixed to 1 on inputs that return
// before it, propagation fails, before the loop is built (its first
// iteration's indicator was free until then, and every input was a
// "solution" the replay refuted).
func TestReachLoopAfterReturn(t *testing.T) {
	src := `int after(int a, int n) {
	int i = 0;
	if (a < 0 || a > 5)
		return -1;
	while (i < n)
		i++;
	return i;
}`
	m := build(t, src, "after", model.Options{Reach: true})
	require.True(t, m.S.Propagate())
	var d *ir.Decision
	for _, x := range m.F.IR.Decisions {
		if x.Kind == ir.DecWhile {
			d = x
		}
	}
	require.NotNil(t, d)
	for _, c := range []struct {
		a, n int64
		ok   bool
	}{{-1, 3, false}, {9, 3, false}, {2, 0, false}, {2, 3, true}} {
		m.S.Push()
		ok := m.Reach(d, 0).AssignInt64(1) && m.S.Propagate() &&
			input(t, m, "a").AssignInt64(c.a) && input(t, m, "n").AssignInt64(c.n) && m.S.Propagate()
		require.Equal(t, c.ok, ok, "a=%d n=%d", c.a, c.n)
		m.S.Pop()
	}
}
