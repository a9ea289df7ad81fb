package ssa

import "github.com/inka-tool/inka/ir"

// Slicing: the cone of influence of the decisions. A test generator needs
// of a function only what decides its paths: the conditions of its ifs,
// loops and assertions, the memory accesses and calls (whose operands
// must be valid), and everything these read. A computation that feeds
// none of them, such as a checksum returned at the end, matters to a
// search for inputs only if it can go wrong: a statement whose every
// operand value gives a defined result (an unsigned addition, a
// comparison, a bitwise operator) constrains no input, and dropping it
// leaves the same runs that return normally, projected on the inputs.
// Dropped from the model of a function, it costs no propagation on any
// path; the interpreter, which replays every test, still runs it.

// Slice returns f without the statements that define a value no decision,
// check, memory access or call depends on, and that have a defined result
// for every value of their operands (defined), with the φ of such values.
// The returned function shares f's cells, versions and statements; its
// Return keeps no value when the value returned was dropped. f is
// returned itself when nothing is dropped, or when it holds a statement
// the slicer does not know.
func (f *Func) Slice() *Func {
	s := &slicer{live: map[*Version]bool{}, defs: map[*Version][]Value{}}
	if !s.collect(f.Body) {
		return f
	}
	for len(s.work) > 0 {
		v := s.work[len(s.work)-1]
		s.work = s.work[:len(s.work)-1]
		for _, a := range s.defs[v] {
			s.use(a)
		}
	}
	dropped := false
	for v := range s.defs {
		if !s.live[v] {
			dropped = true
			break
		}
	}
	if !dropped {
		return f
	}
	g := *f
	g.Body = s.block(f.Body)
	return &g
}

type slicer struct {
	live map[*Version]bool
	// defs maps the result of each droppable statement or φ to the
	// values it reads.
	defs map[*Version][]Value
	work []*Version
}

func (s *slicer) use(v Value) {
	if x, ok := v.(*Version); ok && !s.live[x] {
		s.live[x] = true
		s.work = append(s.work, x)
	}
}

func (s *slicer) uses(vs ...Value) {
	for _, v := range vs {
		s.use(v)
	}
}

// collect records the droppable definitions and marks live what the
// others read; false on a statement it does not know.
func (s *slicer) collect(ss []Stmt) bool {
	for _, st := range ss {
		switch st := st.(type) {
		case *Op:
			if defined(st) {
				s.defs[st.Dst] = st.Args
			} else {
				s.uses(st.Args...)
			}
		case *Addr, *Truncated, *Cut:
		case *Offset:
			s.use(st.Base)
		case *Index:
			s.uses(st.Base, st.I)
		case *PhiU:
			s.use(st.Ptr)
			s.uses(st.Vals...)
		case *PhiD:
			s.uses(st.Ptr, st.Val)
			s.uses(st.Olds...)
		case *Stub:
			s.uses(st.Args...)
		case *Check:
			s.use(st.Cond)
		case *Return:
			// The model does not constrain the returned value.
		case *If:
			s.use(st.Cond)
			s.phis(st.Phis)
			if !s.collect(st.Then) || !s.collect(st.Else) {
				return false
			}
		case *While:
			s.use(st.Cond)
			s.phis(st.Phis)
			if !s.collect(st.Pre) || !s.collect(st.Body) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func (s *slicer) phis(ps []*Phi) {
	for _, p := range ps {
		s.defs[p.Dst] = p.Args[:]
	}
}

// block returns ss without the dead droppable statements, with the
// statements of its ifs and loops sliced alike.
func (s *slicer) block(ss []Stmt) []Stmt {
	out := make([]Stmt, 0, len(ss))
	for _, st := range ss {
		switch st := st.(type) {
		case *Op:
			if _, ok := s.defs[st.Dst]; ok && !s.live[st.Dst] {
				continue
			}
		case *Return:
			if s.dropsAny(st.Val) {
				r := *st
				r.Val = nil
				out = append(out, &r)
				continue
			}
		case *If:
			c := *st
			c.Then, c.Else, c.Phis = s.block(st.Then), s.block(st.Else), s.livePhis(st.Phis)
			out = append(out, &c)
			continue
		case *While:
			c := *st
			c.Pre, c.Body, c.Phis = s.block(st.Pre), s.block(st.Body), s.livePhis(st.Phis)
			out = append(out, &c)
			continue
		}
		out = append(out, st)
	}
	return out
}

// dropsAny reports whether one of vs is dropped.
func (s *slicer) dropsAny(vs []Value) bool {
	for _, v := range vs {
		if x, ok := v.(*Version); ok && !s.live[x] {
			if _, droppable := s.defs[x]; droppable {
				return true
			}
		}
	}
	return false
}

func (s *slicer) livePhis(ps []*Phi) []*Phi {
	var out []*Phi
	for _, p := range ps {
		if s.live[p.Dst] {
			out = append(out, p)
		}
	}
	return out
}

// defined reports whether an operator has a defined result of its type
// for every value of its integer operands (C11 6.5p5: no overflow of a
// signed type, no division, no shift by a count out of range, no
// conversion that can fail; pointers only copied or compared for
// equality).
func defined(s *Op) bool {
	t := s.Dst.Cell.Typ
	for _, a := range s.Args {
		at := a.Type()
		if at.IsPointer() {
			if s.Kind == OpCopy || s.Kind == OpBinary && (s.Op == ir.Eq || s.Op == ir.Ne) {
				continue
			}
			return false
		}
		if !at.IsInteger() {
			return false
		}
	}
	if !t.IsInteger() && !(t.IsPointer() && s.Kind == OpCopy) {
		return false
	}
	switch s.Kind {
	case OpCopy, OpConv:
		return true
	case OpUnary:
		return s.Op != ir.Neg || !t.IsSigned()
	case OpBinary:
		switch s.Op {
		case ir.And, ir.Or, ir.Xor:
			return true
		case ir.Add, ir.Sub, ir.Mul:
			return !t.IsSigned()
		case ir.Shl, ir.Shr:
			k, ok := s.Args[1].(Const)
			return ok && !t.IsSigned() && k.Int64() >= 0 && k.Int64() < int64(t.Bits())
		}
		return s.Op.IsComparison()
	}
	return false
}
