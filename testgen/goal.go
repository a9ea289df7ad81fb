package testgen

import (
	"fmt"
	"strings"

	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/model"
)

// GoalKind says what a goal asks to reach.
type GoalKind int

const (
	// DecisionGoal: a decision takes an outcome.
	DecisionGoal GoalKind = iota
	// StatementGoal: the first statement that starts on a line runs.
	StatementGoal
)

// Goal is something a test should reach.
type Goal struct {
	Kind    GoalKind
	Dec     *ir.Decision // DecisionGoal
	Outcome int          // DecisionGoal: index in Dec.Outcomes
	File    string       // StatementGoal
	Line    int          // StatementGoal
}

// ID is the goal's stable identifier: "file:line:col:outcome" for a
// decision outcome, "file:line" for a statement.
func (g Goal) ID() string {
	if g.Kind == DecisionGoal {
		return g.Dec.ID(g.Outcome)
	}
	return fmt.Sprintf("%s:%d", g.File, g.Line)
}

// instrument returns a copy of f in which a flag variable (the goal flag)
// is set to 1 where the goal is reached: at the start of the branch of a
// test that takes the goal's outcome, or before the goal statement. The
// flag starts at 0. With cut set, the run stops once the flag is set:
// every statement after a place that may set it is guarded by the flag
// being 0, so that what happens after the goal (undefined behaviour, a
// failing assertion) does not constrain the inputs. found reports whether
// the goal occurs in f at all.
//
// With cut set, a place past which the model does not know what the run
// does (a cut point: a call left un-inlined by the recursion bound, a
// construct inka does not model that the goal can follow: cutreach.go)
// sets the flag too, to 2+k where k indexes cuts, which says why: a run
// through it may reach the goal (inside the call, or after it), so a proof
// must show that no run reaches a cut point either before it reaches the
// goal.
//
// With cut set, every read of a volatile object (ir.Load.Volatile) gives a
// fresh value: it becomes a call of a synthetic extern (listed in
// volatiles), so that a proof holds whatever the object holds at each
// read. The tests come from the model without cut, where a volatile
// object keeps its value between reads, as the harness can arrange.
func instrument(p *ir.Program, f *ir.Func, g Goal, cut bool) (out *instrumented, found bool) {
	flag := &ir.Var{ID: p.NumVars, Name: "__goal", Typ: ir.IntType, Class: ir.Flag, Func: f}
	p.NumVars++
	in := &instrumenter{p: p, g: g, flag: flag, cut: cut, f: f}
	if cut {
		in.reach = precedeGoal(f.Body, g, isCut)
		in.inside = map[*ir.Func]bool{}
		for _, fn := range p.Funcs {
			if reachesGoal(fn, g, map[*ir.Func]bool{}) {
				in.inside[fn] = true
			}
		}
	}
	nf := *f
	nf.Locals = append(append([]*ir.Var(nil), f.Locals...), flag)
	in.nf = &nf
	body, _ := in.block(f.Body)
	init := &ir.Copy{At: ir.At{Pos: f.Pos}, Dst: flag, Src: ir.NewConst(ir.IntType, 0)}
	nf.Body = append([]ir.Stmt{init}, body...)
	return &instrumented{f: &nf, flag: flag, cuts: in.cuts, volatiles: in.volatiles}, in.found
}

// instrumented is a function instrumented for one goal.
type instrumented struct {
	f    *ir.Func
	flag *ir.Var
	// cuts[k] says why the model stops at the cut point whose flag value
	// is 2+k.
	cuts []string
	// volatiles are the synthetic externs of the volatile reads, with
	// what each reads ("v at f.c:3:9").
	volatiles map[*ir.Extern]string
}

// volatileReason says why a run of the cut model that the interpreter does
// not confirm proves nothing: the volatile reads it makes (calls, the stub
// calls the run makes), whose values the model chose freely; "" if none.
func (in *instrumented) volatileReason(calls []*model.StubCall) string {
	var what []string
	seen := map[string]bool{}
	for _, c := range calls {
		if w, ok := in.volatiles[c.Stub.Extern]; ok && !seen[w] {
			seen[w] = true
			what = append(what, w)
		}
	}
	if len(what) == 0 {
		return ""
	}
	return fmt.Sprintf("a run may reach it if a volatile object changes between reads (%s): inka's tests cannot set that up",
		strings.Join(what, ", "))
}

// cutReason returns why the run the flag's final value v describes proves
// nothing (v ≥ 2: it reached a cut point), or "".
func (in *instrumented) cutReason(v int64) string {
	if k := v - 2; k >= 0 && k < int64(len(in.cuts)) {
		return in.cuts[k]
	}
	return ""
}

type instrumenter struct {
	p     *ir.Program
	f     *ir.Func
	nf    *ir.Func
	g     Goal
	flag  *ir.Var
	cut   bool
	found bool
	// stmtDone is set once the statement goal has been placed: only the
	// first statement on the line counts.
	stmtDone  bool
	cuts      []string
	volatiles map[*ir.Extern]string
	// reach lists, with cut, the Unsupported statements the goal can come
	// after: each is a cut point (cutreach.go).
	reach map[ir.Stmt]bool
	// inside lists, with cut, the functions whose runs may reach the goal
	// (a call of one left un-inlined is a cut point).
	inside map[*ir.Func]bool
}

// volatileRead returns the statements of a read of a volatile object in
// the cut model: dst gets a fresh value (see instrument). A whole struct
// read so is a cut point.
func (in *instrumenter) volatileRead(s ir.Stmt, dst *ir.Var, what string) ([]ir.Stmt, bool) {
	pos := s.Position()
	what = fmt.Sprintf("%s at %s", what, pos)
	if !dst.Typ.IsScalar() {
		return []ir.Stmt{in.cutPoint(pos, "a run may reach it if the volatile object read "+what+" changes")}, true
	}
	if in.volatiles == nil {
		in.volatiles = map[*ir.Extern]string{}
	}
	e := &ir.Extern{Name: fmt.Sprintf("volatile#%d", len(in.volatiles)), Result: dst.Typ, Pos: pos}
	in.volatiles[e] = what
	// The read itself stays (into a temporary), so that an invalid
	// pointer is still undefined behaviour.
	t := in.temp(dst.Typ)
	var read ir.Stmt
	switch s := s.(type) {
	case *ir.Copy:
		read = &ir.Copy{At: s.At, Dst: t, Src: s.Src}
	case *ir.Load:
		read = &ir.Load{At: s.At, Dst: t, Ptr: s.Ptr}
	}
	return []ir.Stmt{read, &ir.Call{At: ir.At{Pos: pos}, Dst: dst, Extern: e}}, false
}

// isCut reports whether the model of the runs cut at a goal cannot follow
// a run past s: a construct inka does not model, a call of the C library
// it does not model, a math call on arguments of another type than its own (ir.FloatCut), a call
// left un-inlined by the recursion bound. Those
// the goal can follow are cut points (see instrument); the others end the
// runs that reach them exactly.
func isCut(s ir.Stmt) bool {
	switch s := s.(type) {
	case *ir.Unsupported:
		return true
	case *ir.Call:
		if s.Func != nil {
			return true
		}
	}
	return ir.UnmodelledStmt(s) != "" || ir.FloatCut(s) != ""
}

// isPlain reports whether s is an elementary statement (not an If or a
// While, which hold other statements).
func isPlain(s ir.Stmt) bool {
	switch s.(type) {
	case *ir.If, *ir.While:
		return false
	}
	return true
}

// exactEnd returns the statement that ends the runs reaching s, a cut no
// run goes on from to the goal (model.Options.ExactCuts).
func exactEnd(s ir.Stmt, why string) ir.Stmt {
	return &ir.Unsupported{At: ir.At{Pos: s.Position()}, What: why, Dst: ir.StmtDef(s)}
}

// reachesGoal reports whether a run of f may reach the goal: the goal is
// in f or in a function f calls.
func reachesGoal(f *ir.Func, g Goal, seen map[*ir.Func]bool) bool {
	if seen[f] {
		return false
	}
	seen[f] = true
	found := false
	ir.Walk(f.Body, func(s ir.Stmt) {
		if found {
			return
		}
		if g.decidedBy(s) {
			found = true
		} else if c, ok := s.(*ir.Call); ok && c.Func != nil && reachesGoal(c.Func, g, seen) {
			found = true
		}
	})
	return found
}

// cutPoint returns the statement that marks a cut point (see instrument).
func (in *instrumenter) cutPoint(pos ir.Pos, why string) ir.Stmt {
	in.cuts = append(in.cuts, why)
	return &ir.Copy{At: ir.At{Pos: pos}, Dst: in.flag, Src: ir.NewConst(ir.IntType, uint64(len(in.cuts)+1))}
}

// decidedBy reports whether s is where the goal is decided: a test of the
// goal's decision, or a statement on the goal's line.
func (g Goal) decidedBy(s ir.Stmt) bool {
	if g.Kind == StatementGoal {
		p := s.Position()
		return p.Line == g.Line && p.File == g.File
	}
	var r *ir.DecRef
	switch s := s.(type) {
	case *ir.If:
		r = s.Dec
	case *ir.While:
		r = s.Dec
	case *ir.Assert:
		r = s.Dec
	}
	return r != nil && r.D == g.Dec
}

func (in *instrumenter) set(pos ir.Pos) ir.Stmt {
	in.found = true
	return &ir.Copy{At: ir.At{Pos: pos}, Dst: in.flag, Src: ir.NewConst(ir.IntType, 1)}
}

func (in *instrumenter) temp(t *ir.Type) *ir.Var {
	v := &ir.Var{ID: in.p.NumVars, Name: fmt.Sprintf("__g%d", in.p.NumVars), Typ: t, Class: ir.Temp, Func: in.nf}
	in.p.NumVars++
	in.nf.Locals = append(in.nf.Locals, v)
	return v
}

func (in *instrumenter) matches(r *ir.DecRef, outcome int) bool {
	return in.g.Kind == DecisionGoal && r != nil && r.D == in.g.Dec && outcome >= 0 && outcome == in.g.Outcome
}

// block rewrites a statement list; sets reports whether the result may set
// the flag.
func (in *instrumenter) block(ss []ir.Stmt) (out []ir.Stmt, sets bool) {
	for i, s := range ss {
		if in.g.Kind == StatementGoal && !in.stmtDone && s.Position().Line == in.g.Line && s.Position().File == in.g.File {
			in.stmtDone = true
			out = append(out, in.set(s.Position()))
			sets = true
			if in.cut {
				// The goal is reached when the statement starts: the
				// statement itself (its undefined behaviour, a failing
				// assertion) is after the goal.
				rest, _ := in.block(ss[i:])
				return append(out, in.guard(s.Position(), rest)...), true
			}
		}
		r, rs := in.stmt(s)
		out = append(out, r...)
		if rs {
			sets = true
			if in.cut && i+1 < len(ss) {
				rest, _ := in.block(ss[i+1:])
				return append(out, in.guard(s.Position(), rest)...), true
			}
		}
	}
	return out, sets
}

// atStart returns the branch ss (already rewritten) with the flag set at
// its start; with cut, the rest of the branch runs only while the flag is
// 0, that is, never: what the branch does after the goal does not
// constrain the inputs.
func (in *instrumenter) atStart(pos ir.Pos, ss []ir.Stmt) []ir.Stmt {
	if in.cut {
		ss = in.guard(pos, ss)
	}
	return append([]ir.Stmt{in.set(pos)}, ss...)
}

// guard returns `if (flag == 0) { ss }`.
func (in *instrumenter) guard(pos ir.Pos, ss []ir.Stmt) []ir.Stmt {
	if len(ss) == 0 {
		return nil
	}
	t := in.temp(ir.IntType)
	return []ir.Stmt{
		&ir.Unary{At: ir.At{Pos: pos}, Dst: t, Op: ir.LNot, X: in.flag},
		&ir.If{At: ir.At{Pos: pos}, Cond: t, Then: ss},
	}
}

func (in *instrumenter) stmt(s ir.Stmt) ([]ir.Stmt, bool) {
	if why := ir.FloatCut(s); in.cut && why != "" {
		// A math call, which the model does not follow yet: as an
		// Unsupported statement (ir.FloatCut).
		if !in.reach[s] {
			return []ir.Stmt{exactEnd(s, why)}, false
		}
		return []ir.Stmt{in.cutPoint(s.Position(), fmt.Sprintf("a run may reach it after %s: unsupported: %s", s.Position(), why))}, true
	}
	if why := ir.UnmodelledStmt(s); in.cut && why != "" {
		if !in.reach[s] && isPlain(s) {
			// No run goes on from here to the goal: an exact end.
			return []ir.Stmt{exactEnd(s, why)}, false
		}
		return []ir.Stmt{in.cutPoint(s.Position(), fmt.Sprintf("%s: it %s", s.Position(), why))}, true
	}
	switch s := s.(type) {
	case *ir.Copy:
		if in.cut && s.Volatile {
			return in.volatileRead(s, s.Dst, s.Src.String())
		}
	case *ir.Load:
		if in.cut && s.Volatile {
			what := "read"
			if v, ok := s.Ptr.(*ir.Var); ok && v.Class != ir.Temp {
				what = "*" + v.Name
			}
			return in.volatileRead(s, s.Dst, what)
		}
	case *ir.Call:
		if in.cut && s.Func != nil {
			// Left in place by ir.Inline's recursion bound: the callee
			// may reach the goal, or change what decides it afterwards.
			why := fmt.Sprintf("a run may reach it through the call of %s at %s, nested deeper than the inlining bound (--max-inline)", s.Func.Name, s.Pos)
			if !in.reach[s] && !in.inside[s.Func] {
				return []ir.Stmt{exactEnd(s, why)}, false
			}
			return []ir.Stmt{in.cutPoint(s.Pos, why)}, true
		}
	case *ir.If:
		return in.ifStmt(s)
	case *ir.While:
		return in.while(s)
	case *ir.Unsupported:
		if in.reach[s] {
			// A run that gets here goes on in C, and may go on to the goal.
			return []ir.Stmt{in.cutPoint(s.Pos, fmt.Sprintf("a run may reach it after %s: unsupported: %s", s.Pos, s.What))}, true
		}
	case *ir.Assert:
		return in.assert(s)
	}
	return []ir.Stmt{s}, false
}

// ifStmt sets the flag at the start of the branch the goal names and
// rewrites both branches.
func (in *instrumenter) ifStmt(s *ir.If) ([]ir.Stmt, bool) {
	then, ts := in.block(s.Then)
	els, es := in.block(s.Else)
	if s.Dec != nil {
		if in.matches(s.Dec, s.Dec.True) {
			then = in.atStart(s.Pos, then)
			ts = true
		}
		if in.matches(s.Dec, s.Dec.False) {
			els = in.atStart(s.Pos, els)
			es = true
		}
	}
	// The branches as rewritten, even where they cannot set the flag:
	// the cut model rewrites more than the goal (volatile reads, cuts).
	return []ir.Stmt{&ir.If{At: s.At, Cond: s.Cond, Then: then, Else: els, Dec: s.Dec}}, ts || es
}

// while sets the flag at the start of the body (the goal's true
// outcome) or after the loop (false), and rewrites Pre and the body; in a
// cut model a loop that may set the flag stops as soon as it is set.
func (in *instrumenter) while(s *ir.While) ([]ir.Stmt, bool) {
	pre, ps := in.block(s.Pre)
	body, bs := in.block(s.Body)
	var after []ir.Stmt
	if s.Dec != nil {
		if in.matches(s.Dec, s.Dec.True) {
			body = in.atStart(s.Pos, body)
			bs = true
		}
		if in.matches(s.Dec, s.Dec.False) {
			after = []ir.Stmt{in.set(s.Pos)}
		}
	}
	if !ps && !bs {
		w := ir.Stmt(&ir.While{At: s.At, Pre: pre, Cond: s.Cond, Body: body, Dec: s.Dec})
		if len(after) > 0 {
			return append([]ir.Stmt{w}, after...), true
		}
		return []ir.Stmt{w}, false
	}
	cond := s.Cond
	if in.cut {
		// The loop stops as soon as the flag is set: Pre and the test
		// only run while the flag is 0.
		c := in.temp(ir.IntType)
		nz := in.nonZero(s.Pos, s.Cond, c)
		t := in.temp(ir.IntType)
		pre = []ir.Stmt{
			&ir.Unary{At: ir.At{Pos: s.Pos}, Dst: t, Op: ir.LNot, X: in.flag},
			&ir.If{At: ir.At{Pos: s.Pos}, Cond: t,
				Then: append(pre, nz...),
				Else: []ir.Stmt{&ir.Copy{At: ir.At{Pos: s.Pos}, Dst: c, Src: ir.NewConst(ir.IntType, 0)}}},
		}
		cond = c
	}
	w := &ir.While{At: s.At, Pre: pre, Cond: cond, Body: body, Dec: s.Dec}
	return append([]ir.Stmt{w}, after...), true
}

// assert sets the flag where the goal names an assertion's outcome: on
// its failure the run ends there.
func (in *instrumenter) assert(s *ir.Assert) ([]ir.Stmt, bool) {
	if s.Dec != nil && in.matches(s.Dec, s.Dec.False) {
		// The goal is the failure of the assertion: the run ends there.
		t := in.temp(ir.IntType)
		nz := in.nonZero(s.Pos, s.Cond, t)
		return append(nz, &ir.If{At: s.At, Cond: t, Else: []ir.Stmt{in.set(s.Pos)}}), true
	}
	if s.Dec != nil && in.matches(s.Dec, s.Dec.True) {
		return []ir.Stmt{s, in.set(s.Pos)}, true
	}
	return []ir.Stmt{s}, false
}

// nonZero computes dst = (x != 0) as an int.
func (in *instrumenter) nonZero(pos ir.Pos, x ir.Value, dst *ir.Var) []ir.Stmt {
	zero := ir.Value(ir.NewConst(x.Type(), 0))
	if x.Type().IsPointer() {
		zero = &ir.Const{Typ: x.Type(), Bits: 0}
	}
	return []ir.Stmt{&ir.Binary{At: ir.At{Pos: pos}, Dst: dst, Op: ir.Ne, X: x, Y: zero}}
}

// stmtLines returns the positions of the statements of ss in tree order
// (an If or While counts at its own position, before its parts).
func stmtLines(ss []ir.Stmt) []ir.Pos {
	var out []ir.Pos
	for _, s := range ss {
		if p := s.Position(); p.Line > 0 {
			out = append(out, p)
		}
		switch s := s.(type) {
		case *ir.If:
			out = append(out, stmtLines(s.Then)...)
			out = append(out, stmtLines(s.Else)...)
		case *ir.While:
			out = append(out, stmtLines(s.Pre)...)
			out = append(out, stmtLines(s.Body)...)
		}
	}
	return out
}
