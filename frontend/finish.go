package frontend

import (
	"fmt"
	"sort"
	"strings"

	"github.com/inka-tool/inka/ir"
)

// finish completes a lowered function: the single final Return, the
// initialization of the return and goto flags, the removal of the flags no test reads
// (and of the guards left empty), the numbering of decisions.
func (b *funcBuilder) finish() {
	f := b.f
	var init []ir.Stmt
	for _, g := range append([]*ir.Var{b.retFlag}, b.gotoFlags...) {
		if g != nil {
			init = append(init, &ir.Copy{At: ir.At{Pos: f.Pos}, Dst: g, Src: ir.NewConst(ir.IntType, 0)})
		}
	}
	f.Body = append(init, f.Body...)
	var rv ir.Value
	if f.Result != nil {
		rv = f.Result
	}
	f.Body = append(f.Body, &ir.Return{At: ir.At{Pos: b.endPos}, Val: rv})
	for {
		deadFlagStores(f)
		if !cleanup(f) {
			break
		}
	}
	used := map[*ir.Var]bool{}
	ir.Walk(f.Body, func(s ir.Stmt) {
		for _, v := range ir.StmtVars(s) {
			used[v] = true
		}
	})
	locals := f.Locals[:0]
	for _, v := range f.Locals {
		if (v.Class == ir.Temp || v.Class == ir.Flag) && !used[v] {
			continue
		}
		locals = append(locals, v)
	}
	f.Locals = locals
	sortDecisions(f.Decisions)
}

// cleanup removes the writes of flags never read, the | of flags into temps
// never read, and the ifs without branches nor decision. It reports whether
// it changed something.
func cleanup(f *ir.Func) bool {
	read := map[*ir.Var]bool{}
	ir.Walk(f.Body, func(s ir.Stmt) {
		for _, v := range ir.StmtUses(s) {
			read[v] = true
		}
	})
	changed := false
	var clean func(ss []ir.Stmt) []ir.Stmt
	clean = func(ss []ir.Stmt) []ir.Stmt {
		out := ss[:0]
		for _, s := range ss {
			switch s := s.(type) {
			case *ir.Copy:
				if s.Dst.Class == ir.Flag && !read[s.Dst] {
					changed = true
					continue
				}
			case *ir.Binary:
				if s.Op == ir.Or && s.Dst.Class == ir.Temp && !read[s.Dst] && isFlagOrTemp(s.X) && isFlagOrTemp(s.Y) {
					changed = true
					continue
				}
			case *ir.If:
				s.Then = clean(s.Then)
				s.Else = clean(s.Else)
				if len(s.Then) == 0 && len(s.Else) == 0 && s.Dec == nil {
					if v, ok := s.Cond.(*ir.Var); !ok || v.Class == ir.Flag || v.Class == ir.Temp {
						changed = true
						continue
					}
				}
			case *ir.While:
				s.Pre = clean(s.Pre)
				s.Body = clean(s.Body)
			}
			out = append(out, s)
		}
		return out
	}
	f.Body = clean(f.Body)
	return changed
}

func isFlagOrTemp(v ir.Value) bool {
	x, ok := v.(*ir.Var)
	return ok && (x.Class == ir.Flag || x.Class == ir.Temp)
}

// nameVars gives the temps (t1, t2, ... in order of appearance), the flags
// and the result of each function names distinct from the variables of the
// source.
func (pb *progBuilder) nameVars() {
	globals := map[string]bool{}
	for _, g := range pb.p.Globals {
		globals[g.Name] = true
	}
	for _, f := range pb.p.Funcs {
		reserved := map[string]bool{}
		for n := range globals {
			reserved[n] = true
		}
		for _, v := range f.Params {
			reserved[v.Name] = true
		}
		for _, v := range f.Locals {
			if v.Class != ir.Temp && v.Class != ir.Flag {
				reserved[v.Name] = true
			}
		}
		fresh := func(base string) string {
			n := base
			for reserved[n] {
				n = "_" + n
			}
			reserved[n] = true
			return n
		}
		if f.Result != nil {
			f.Result.Name = fresh("result")
		}
		// flags: by kind, numbered when a kind has several
		count := map[string]int{}
		for _, v := range f.Locals {
			if v.Class == ir.Flag {
				count[v.Name]++
			}
		}
		seen := map[string]int{}
		var order []*ir.Var
		done := map[*ir.Var]bool{}
		ir.Walk(f.Body, func(s ir.Stmt) {
			for _, v := range ir.StmtVars(s) {
				if (v.Class == ir.Temp || v.Class == ir.Flag) && !done[v] {
					done[v] = true
					order = append(order, v)
				}
			}
		})
		defer sortLocals(f)
		nt := 0
		for _, v := range order {
			if v.Class == ir.Flag {
				kind := v.Name
				if count[kind] > 1 {
					seen[kind]++
					v.Name = fresh(fmt.Sprintf("%s%d", kind, seen[kind]))
				} else {
					v.Name = fresh(kind)
				}
				continue
			}
			for {
				nt++
				n := fmt.Sprintf("t%d", nt)
				if !reserved[n] {
					v.Name = n
					reserved[n] = true
					break
				}
			}
		}
	}
}

// sortLocals orders the locals: the variables of the source in declaration
// order, then the temps (t1, t2, ...), then the flags.
func sortLocals(f *ir.Func) {
	rank := func(v *ir.Var) int {
		switch v.Class {
		case ir.Temp:
			return 1
		case ir.Flag:
			return 2
		}
		return 0
	}
	num := func(v *ir.Var) int {
		n := 0
		fmt.Sscanf(strings.TrimLeft(v.Name, "_t"), "%d", &n)
		return n
	}
	sort.SliceStable(f.Locals, func(i, j int) bool {
		a, b := f.Locals[i], f.Locals[j]
		if rank(a) != rank(b) {
			return rank(a) < rank(b)
		}
		if rank(a) == 1 {
			return num(a) < num(b)
		}
		return false
	})
}

// varSet is a set of flags.
type varSet map[*ir.Var]bool

func (s varSet) clone() varSet {
	r := make(varSet, len(s))
	for v := range s {
		r[v] = true
	}
	return r
}

func (s varSet) equal(t varSet) bool {
	if len(s) != len(t) {
		return false
	}
	for v := range s {
		if !t[v] {
			return false
		}
	}
	return true
}

// deadFlagStores removes the writes of flags that no later test can read
// (a liveness analysis restricted to the flags), e.g. the return flag set
// by the last return of a function.
func deadFlagStores(f *ir.Func) {
	f.Body = flagLive(f.Body, varSet{}, true, new(varSet))
}

// flagLive computes the flags live before ss given those live after
// (into *in); when remove is set, it also drops the dead flag writes and
// returns the new statements.
func flagLive(ss []ir.Stmt, out varSet, remove bool, in *varSet) []ir.Stmt {
	live := out.clone()
	keep := make([]bool, len(ss))
	for i := len(ss) - 1; i >= 0; i-- {
		keep[i] = true
		switch s := ss[i].(type) {
		case *ir.If:
			var lt, le varSet
			t := flagLive(s.Then, live, remove, &lt)
			e := flagLive(s.Else, live, remove, &le)
			if remove {
				s.Then, s.Else = t, e
			}
			live = lt
			for v := range le {
				live[v] = true
			}
			addFlagUses(live, s)
		case *ir.While:
			// head = live before Pre; iterate to a fixpoint
			head := varSet{}
			var beforeTest varSet
			for {
				var lb varSet
				flagLive(s.Body, head, false, &lb)
				beforeTest = live.clone()
				for v := range lb {
					beforeTest[v] = true
				}
				addFlagUses(beforeTest, s)
				var h varSet
				flagLive(s.Pre, beforeTest, false, &h)
				if h.equal(head) {
					break
				}
				head = h
			}
			if remove {
				var x varSet
				s.Body = flagLive(s.Body, head, true, &x)
				s.Pre = flagLive(s.Pre, beforeTest, true, &x)
			}
			live = head
		default:
			d := ir.StmtDef(s)
			if d != nil && d.Class == ir.Flag {
				if !live[d] {
					switch s.(type) {
					case *ir.Copy, *ir.Unary:
						keep[i] = false
						continue
					}
				}
				delete(live, d)
			}
			addFlagUses(live, s)
		}
	}
	*in = live
	if !remove {
		return ss
	}
	r := ss[:0]
	for i, s := range ss {
		if keep[i] {
			r = append(r, s)
		}
	}
	return r
}

// addFlagUses adds the flags a statement reads (a flag read into a temp,
// as in `t = ret | brk`, counts as read whether the temp is used or not).
func addFlagUses(live varSet, s ir.Stmt) {
	for _, v := range ir.StmtUses(s) {
		if v.Class == ir.Flag {
			live[v] = true
		}
	}
}
