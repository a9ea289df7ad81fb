package ssa

import (
	"github.com/inka-tool/inka/ir"
)

// Liveness of cells over the structured IR, so that the PSSA form only
// has the φ the paper's figures have: a φ at an if join or a loop head
// for a cell whose value is read later. Without it every temporary
// defined in a loop body would get a loop φ and a variable per iteration.

type cellSet map[*Cell]bool

func (s cellSet) clone() cellSet {
	c := make(cellSet, len(s))
	for k := range s {
		c[k] = true
	}
	return c
}

func (s cellSet) addAll(t cellSet) bool {
	grew := false
	for k := range t {
		if !s[k] {
			s[k] = true
			grew = true
		}
	}
	return grew
}

// liveness records the cells live after each If and at the head of each
// While.
type liveness struct {
	b         *builder
	afterIf   map[*ir.If]cellSet
	whileHead map[*ir.While]cellSet
}

func (b *builder) liveness(body []ir.Stmt, exit cellSet) *liveness {
	l := &liveness{b: b, afterIf: map[*ir.If]cellSet{}, whileHead: map[*ir.While]cellSet{}}
	l.block(body, exit)
	return l
}

// block returns the cells live before ss, given those live after it.
func (l *liveness) block(ss []ir.Stmt, out cellSet) cellSet {
	live := out.clone()
	for i := len(ss) - 1; i >= 0; i-- {
		live = l.stmt(ss[i], live)
	}
	return live
}

func (l *liveness) useValue(live cellSet, v ir.Value) {
	if x, ok := v.(*ir.Var); ok {
		for _, c := range l.b.f.parts(l.b.f.PT.ObjectOf(x)) {
			live[c] = true
		}
	}
}

func (l *liveness) kill(live cellSet, v *ir.Var) {
	for _, c := range l.b.f.parts(l.b.f.PT.ObjectOf(v)) {
		delete(live, c)
	}
}

// useTargets marks live the cells a Load or Store may read (a φd reads
// the old values it keeps).
func (l *liveness) useTargets(live cellSet, s ir.Stmt) {
	for _, a := range l.b.access(s).acc {
		for _, c := range a.Cells {
			live[c] = true
		}
	}
}

// stmt transforms the live set after s into the live set before s (in
// place when it can).
func (l *liveness) stmt(s ir.Stmt, live cellSet) cellSet {
	switch s := s.(type) {
	case *ir.Copy:
		l.kill(live, s.Dst)
		l.useValue(live, s.Src)
	case *ir.Unary:
		l.kill(live, s.Dst)
		l.useValue(live, s.X)
	case *ir.Binary:
		l.kill(live, s.Dst)
		l.useValue(live, s.X)
		l.useValue(live, s.Y)
	case *ir.Conv:
		l.kill(live, s.Dst)
		l.useValue(live, s.X)
	case *ir.AddrOf:
		l.kill(live, s.Dst)
	case *ir.FieldAddr:
		l.kill(live, s.Dst)
		l.useValue(live, s.Ptr)
	case *ir.PtrAdd:
		l.kill(live, s.Dst)
		l.useValue(live, s.Ptr)
		l.useValue(live, s.Index)
	case *ir.Load:
		l.kill(live, s.Dst)
		l.useValue(live, s.Ptr)
		l.useTargets(live, s)
	case *ir.Store:
		// A store through a pointer may leave any target unchanged: its
		// old value is read (the φd keeps it), nothing is killed.
		l.useValue(live, s.Ptr)
		l.useValue(live, s.Src)
		l.useTargets(live, s)
	case *ir.Call:
		if s.Dst != nil {
			l.kill(live, s.Dst)
		}
		for _, a := range s.Args {
			l.useValue(live, a)
		}
	case *ir.Unsupported:
		if s.Dst != nil {
			l.kill(live, s.Dst)
		}
	case *ir.Assert:
		l.useValue(live, s.Cond)
	case *ir.Return:
		if s.Val != nil {
			l.useValue(live, s.Val)
		}
	case *ir.If:
		l.afterIf[s] = live.clone()
		t := l.block(s.Then, live)
		e := l.block(s.Else, live)
		t.addAll(e)
		l.useValue(t, s.Cond)
		return t
	case *ir.While:
		// head = liveIn(Pre, out ∪ liveIn(Body, head)), to a fixpoint.
		head := cellSet{}
		for {
			afterPre := live.clone()
			afterPre.addAll(l.block(s.Body, head))
			l.useValue(afterPre, s.Cond)
			in := l.block(s.Pre, afterPre)
			if !head.addAll(in) {
				break
			}
		}
		l.whileHead[s] = head
		return head.clone()
	}
	return live
}
