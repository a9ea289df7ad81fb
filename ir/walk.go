package ir

// Walk calls fn for every statement of ss in order, depth first: an If
// before its Then and Else blocks, a While before its Pre and Body blocks.
func Walk(ss []Stmt, fn func(Stmt)) {
	for _, s := range ss {
		fn(s)
		switch s := s.(type) {
		case *If:
			Walk(s.Then, fn)
			Walk(s.Else, fn)
		case *While:
			Walk(s.Pre, fn)
			Walk(s.Body, fn)
		}
	}
}

// Expand returns ss rewritten statement by statement: every statement but
// an If or a While is replaced by what fn returns for it (itself, with
// statements before or after it, or nothing); an If or a While is copied
// with its blocks expanded in turn. ss and its blocks are left as they are.
func Expand(ss []Stmt, fn func(Stmt) []Stmt) []Stmt {
	var out []Stmt
	for _, s := range ss {
		switch s := s.(type) {
		case *If:
			n := *s
			n.Then, n.Else = Expand(s.Then, fn), Expand(s.Else, fn)
			out = append(out, &n)
		case *While:
			n := *s
			n.Pre, n.Body = Expand(s.Pre, fn), Expand(s.Body, fn)
			out = append(out, &n)
		default:
			out = append(out, fn(s)...)
		}
	}
	return out
}

// StmtDef returns the variable a statement writes by name (nil for Store,
// Assert, Return, If, While and calls without a destination).
func StmtDef(s Stmt) *Var {
	switch s := s.(type) {
	case *Copy:
		return s.Dst
	case *Unary:
		return s.Dst
	case *Binary:
		return s.Dst
	case *Conv:
		return s.Dst
	case *AddrOf:
		return s.Dst
	case *FieldAddr:
		return s.Dst
	case *PtrAdd:
		return s.Dst
	case *Load:
		return s.Dst
	case *Call:
		return s.Dst
	case *Unsupported:
		return s.Dst
	}
	return nil
}

// StmtOperands returns the operands a statement reads (for If and While,
// only the condition; the statements of their blocks are not included).
// AddrOf's variable is not an operand: its address is taken, it is not read.
func StmtOperands(s Stmt) []Value {
	switch s := s.(type) {
	case *Copy:
		return []Value{s.Src}
	case *Unary:
		return []Value{s.X}
	case *Binary:
		return []Value{s.X, s.Y}
	case *Conv:
		return []Value{s.X}
	case *FieldAddr:
		return []Value{s.Ptr}
	case *PtrAdd:
		return []Value{s.Ptr, s.Index}
	case *Load:
		return []Value{s.Ptr}
	case *Store:
		return []Value{s.Ptr, s.Src}
	case *Call:
		if s.Ptr != nil {
			return append([]Value{s.Ptr}, s.Args...)
		}
		return append([]Value(nil), s.Args...)
	case *Assert:
		return []Value{s.Cond}
	case *If:
		return []Value{s.Cond}
	case *While:
		return []Value{s.Cond}
	case *Return:
		if s.Val != nil {
			return []Value{s.Val}
		}
	}
	return nil
}

// StmtUses returns the variables a statement reads by name (see
// StmtOperands).
func StmtUses(s Stmt) []*Var {
	var r []*Var
	for _, v := range StmtOperands(s) {
		if x, ok := v.(*Var); ok {
			r = append(r, x)
		}
	}
	return r
}

// StmtVars returns every variable a statement names: the one it defines,
// those it reads, and the variable whose address AddrOf takes.
func StmtVars(s Stmt) []*Var {
	r := StmtUses(s)
	if d := StmtDef(s); d != nil {
		r = append(r, d)
	}
	if a, ok := s.(*AddrOf); ok {
		r = append(r, a.Var)
	}
	return r
}

// EntryUnsupported returns an Unsupported statement of f when every run of
// f reaches one (its entry path needs a construct inka does not model),
// looking into the functions f calls: the first one met, or nil. A run
// that may stop earlier without one (an assertion, exit) is a run that
// does not need it.
func EntryUnsupported(f *Func) *Unsupported {
	r := mustReach(f.Body, map[*Func]bool{f: true})
	if r.all {
		return r.first
	}
	return nil
}

// reach says how the runs of a block meet Unsupported statements: all
// reach one (first is the first met on some run), or some may stop before
// the end without one (stops), or the others go on past the block.
type reach struct {
	first      *Unsupported
	all, stops bool
}

func mustReach(ss []Stmt, active map[*Func]bool) reach {
	var r reach
	// met records the Unsupported statements some runs reach, the others
	// going on.
	met := func(u *Unsupported) {
		if r.first == nil {
			r.first = u
		}
	}
	for _, s := range ss {
		var sub reach
		switch s := s.(type) {
		case *Unsupported:
			sub = reach{first: s, all: true}
		case *Assert:
			sub = reach{stops: true}
		case *If:
			t := mustReach(s.Then, active)
			e := mustReach(s.Else, active)
			sub = reach{first: t.first, all: t.all && e.all, stops: t.stops || e.stops}
			if sub.first == nil {
				sub.first = e.first
			}
		case *While:
			sub = mustReach(s.Pre, active)
			if !sub.all && !sub.stops {
				// the body may not run: what it needs, only some runs need
				b := mustReach(s.Body, active)
				if sub.first == nil {
					sub.first = b.first
				}
				sub.stops = b.stops
			}
		case *Call:
			if s.Extern != nil && s.Extern.NoReturn() {
				sub = reach{stops: true}
			} else if s.Func != nil && !active[s.Func] {
				active[s.Func] = true
				sub = mustReach(s.Func.Body, active)
				delete(active, s.Func)
			}
		}
		if sub.first != nil {
			met(sub.first)
		}
		if sub.stops {
			r.stops = true
			return r
		}
		if sub.all {
			r.all = true
			return r
		}
	}
	return r
}
