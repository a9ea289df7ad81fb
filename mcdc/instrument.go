package mcdc

import (
	"strconv"

	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
)

// decision is a decision of the function whose conditions are tracked.
type decision struct {
	d      *ir.Decision
	shape  *shape
	leaves []*ir.Decision
	paths  []Vector
	// goals[k] is the synthetic decision whose true outcome is reached
	// when an evaluation takes paths[k] (instrument); for a decision of
	// one condition, nil: the condition's own outcome is the goal.
	goals []*ir.Decision
}

// leafRef locates a condition: its decision and its index there.
type leafRef struct {
	dec *decision
	i   int
}

// decisions returns the decisions of p with conditions that the IR
// evaluates (an If or While refers to one of their conditions), in the
// order of the functions and of their decisions. Assertions are left
// out: a test must return, and an assertion's false outcome does not.
func decisions(p *ir.Program) ([]*decision, map[*ir.Decision]leafRef) {
	used := map[*ir.Decision]bool{}
	for _, f := range p.Funcs {
		ir.Walk(f.Body, func(s ir.Stmt) {
			switch s := s.(type) {
			case *ir.If:
				if s.Dec != nil {
					used[s.Dec.D] = true
				}
			case *ir.While:
				if s.Dec != nil {
					used[s.Dec.D] = true
				}
			}
		})
	}
	var out []*decision
	refs := map[*ir.Decision]leafRef{}
	for _, f := range p.Funcs {
		for _, d := range f.Decisions {
			if d.Conds == nil || d.Kind == ir.DecAssert {
				continue
			}
			leaves := d.Conds.Leaves()
			ok := true
			for _, l := range leaves {
				ok = ok && used[l]
			}
			if !ok {
				continue // dead code
			}
			dec := &decision{d: d, shape: newShape(d.Conds), leaves: leaves}
			dec.paths = dec.shape.paths()
			for i, l := range leaves {
				refs[l] = leafRef{dec, i}
			}
			out = append(out, dec)
		}
	}
	return out, refs
}

// evaluations returns the evaluation vectors of each decision in a run's
// trace, in the order the evaluations end. An evaluation starts at its
// first condition; one that starts while another of the same decision is
// under way (a recursive call in a condition) is nested in it.
func evaluations(trace []interp.Step, refs map[*ir.Decision]leafRef) map[*decision][]Vector {
	out := map[*decision][]Vector{}
	open := map[*decision][][]byte{}
	for _, st := range trace {
		r, ok := refs[st.Dec]
		if !ok {
			continue
		}
		stack := open[r.dec]
		if r.i == 0 || len(stack) == 0 {
			v := make([]byte, r.dec.shape.n)
			for k := range v {
				v[k] = NotEvaluated
			}
			stack = append(stack, v)
		}
		top := stack[len(stack)-1]
		if st.Outcome == 0 {
			top[r.i] = True
		} else {
			top[r.i] = False
		}
		if o, done := r.dec.shape.done(string(top)); done {
			out[r.dec] = append(out[r.dec], Vector{Conds: string(top), Outcome: o})
			stack = stack[:len(stack)-1]
		}
		open[r.dec] = stack
	}
	return out
}

// instrument adds to p, for every decision of two conditions or more, a
// synthetic decision per evaluation path whose true outcome is reached
// exactly when an evaluation takes that path: a variable per condition
// (0 not evaluated, 1 true, 2 false) is cleared before the first
// condition is tested (every evaluation starts there) and set in each
// branch of each condition's test; in the branch where a path ends (its
// last condition, the one that decides the outcome), `if (s1 == v1 & ...
// & si == vi) [path goal]` tests the conditions evaluated so far. The
// conditions after it are not evaluated yet. The variables are locals of
// the decision's function, so that every inlined copy, a recursive one
// included, has its own.
func instrument(p *ir.Program, decs []*decision, refs map[*ir.Decision]leafRef) {
	in := &instrumenter{p: p, refs: refs, vars: map[*decision][]*ir.Var{}}
	touched := map[*ir.Func]bool{}
	for _, d := range decs {
		if len(d.leaves) < 2 {
			continue
		}
		f := d.d.Func
		touched[f] = true
		for i := range d.leaves {
			in.vars[d] = append(in.vars[d], in.newVar(f, "__mcdc_s"+strconv.Itoa(d.d.Index)+"_"+strconv.Itoa(i)))
		}
		for _, pth := range d.paths {
			g := &ir.Decision{Kind: ir.DecIf, Pos: d.d.Pos, End: d.d.End, Text: d.d.Text,
				Outcomes: []string{"evaluation " + pth.String(), "other"}, Func: f}
			d.goals = append(d.goals, g)
			f.Decisions = append(f.Decisions, g)
		}
	}
	for _, f := range p.Funcs {
		if !touched[f] {
			continue
		}
		// the variables start at 0: a path check reads only conditions
		// its evaluation set, but the model wants every read defined
		var init []ir.Stmt
		for _, d := range decs {
			if d.d.Func == f {
				for _, v := range in.vars[d] {
					init = append(init, &ir.Copy{At: ir.At{Pos: f.Pos}, Dst: v, Src: ir.NewConst(ir.IntType, 0)})
				}
			}
		}
		f.Body = append(init, in.block(f.Body)...)
		ir.SortDecisions(f.Decisions)
	}
}

// instrumenter holds what instrument adds: the condition variables of each
// decision, and which condition of which decision each if tests.
type instrumenter struct {
	p    *ir.Program
	refs map[*ir.Decision]leafRef
	vars map[*decision][]*ir.Var
}

// newVar adds a temporary int local to f.
func (in *instrumenter) newVar(f *ir.Func, name string) *ir.Var {
	v := &ir.Var{ID: in.p.NumVars, Name: name, Typ: ir.IntType, Class: ir.Temp, Func: f, Pos: f.Pos}
	in.p.NumVars++
	f.Locals = append(f.Locals, v)
	return v
}

// block instruments the ifs of ss that test a condition of a decision of
// two conditions or more: the first condition's test clears the decision's
// variables; each branch starts by recording its outcome and checking the
// paths that end there.
func (in *instrumenter) block(ss []ir.Stmt) []ir.Stmt {
	var out []ir.Stmt
	for _, s := range ss {
		switch s := s.(type) {
		case *ir.If:
			s.Then, s.Else = in.block(s.Then), in.block(s.Else)
			r, ok := in.refs[decOf(s.Dec)]
			if !ok || len(r.dec.leaves) < 2 {
				break
			}
			if r.i == 0 {
				for _, v := range in.vars[r.dec] {
					out = append(out, &ir.Copy{At: s.At, Dst: v, Src: ir.NewConst(ir.IntType, 0)})
				}
			}
			s.Then = append(in.branch(r.dec, r.i, True, s.At), s.Then...)
			s.Else = append(in.branch(r.dec, r.i, False, s.At), s.Else...)
		case *ir.While:
			s.Pre, s.Body = in.block(s.Pre), in.block(s.Body)
		}
		out = append(out, s)
	}
	return out
}

// branch gives the statements a branch of condition i of d starts with:
// the condition's variable set to val's code, then the check of each path
// ending there.
func (in *instrumenter) branch(d *decision, i int, val byte, at ir.At) []ir.Stmt {
	code := int64(1)
	if val == False {
		code = 2
	}
	out := []ir.Stmt{&ir.Copy{At: at, Dst: in.vars[d][i], Src: ir.NewConst(ir.IntType, uint64(code))}}
	for k, pth := range d.paths {
		if last(pth.Conds) != i || pth.Conds[i] != val {
			continue
		}
		out = append(out, in.pathCheck(d, pth.Conds[:i+1], at, d.goals[k])...)
	}
	return out
}

// pathCheck gives `if (s0 == c0 & ... & si == ci) [goal]`: the conditions
// evaluated so far took the path's outcomes conds.
func (in *instrumenter) pathCheck(d *decision, conds string, at ir.At, goal *ir.Decision) []ir.Stmt {
	f := d.d.Func
	vs := in.vars[d]
	var out []ir.Stmt
	var m ir.Value
	for j := 0; j < len(conds); j++ {
		want := uint64(0)
		switch conds[j] {
		case True:
			want = 1
		case False:
			want = 2
		}
		t := in.newVar(f, "__mcdc_t")
		out = append(out, &ir.Binary{At: at, Dst: t, Op: ir.Eq, X: vs[j], Y: ir.NewConst(ir.IntType, want)})
		if m == nil {
			m = t
			continue
		}
		a := in.newVar(f, "__mcdc_m")
		out = append(out, &ir.Binary{At: at, Dst: a, Op: ir.And, X: m, Y: t})
		m = a
	}
	return append(out, &ir.If{At: at, Cond: m, Dec: &ir.DecRef{D: goal, True: 0, False: 1}})
}

func decOf(r *ir.DecRef) *ir.Decision {
	if r == nil {
		return nil
	}
	return r.D
}

// last returns the index of the last condition a vector evaluated.
func last(conds string) int {
	for i := len(conds) - 1; i >= 0; i-- {
		if conds[i] != NotEvaluated {
			return i
		}
	}
	return -1
}
