package model

import (
	"github.com/inka-tool/inka/combinators"
	"github.com/inka-tool/inka/fd"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/ssa"
)

// Byte accesses (ssa.PhiU and ssa.PhiD with Bytes): the value an access
// of n bytes at candidate address a reads is the little-endian join of the
// bytes [a, a+n) of the integer cells that hold them; a store replaces
// those bytes in each cell and keeps the others. Over fd, a cell's value
// is split into byte ranges by linear sums over fresh variables (u = lo +
// 2^(8i)·mid + 2^(8j)·hi, each part in its range), u being the cell's
// value as an unsigned number (Wrap); the candidate's value is then the
// sum of its pieces shifted into place, wrapped into the access type. A
// byte load is Φu over the candidates' values; a byte store is, for each
// cell, Φu over the candidates of the cell's new value (its old value for
// the candidates that leave it alone): the paper's combinators on
// compound values.

// byteRange is bytes [lo, lo+n) of the representation of a cell's value.
type byteRange struct {
	v     *fd.Var
	lo, n int64
}

// bytesBuilder splits and joins values for one statement, sharing the
// parts it makes.
type bytesBuilder struct {
	m     *Model
	out   []fd.Constraint
	uns   map[*fd.Var]*fd.Var
	parts map[byteRange]*fd.Var
}

func (m *Model) newBytes() *bytesBuilder {
	return &bytesBuilder{m: m, uns: map[*fd.Var]*fd.Var{}, parts: map[byteRange]*fd.Var{}}
}

// rangeVar returns a fresh variable in [0, 2^(8n)).
func (bb *bytesBuilder) rangeVar(n int64) *fd.Var {
	return bb.m.S.NewVarDom(fd.Range(fd.I64(0), fd.Pow2(uint(8*n)).Dec()))
}

// unsigned returns the value of x, of integer type t, as an unsigned
// number of t's width.
func (bb *bytesBuilder) unsigned(x *fd.Var, t *ir.Type) *fd.Var {
	if !t.IsSigned() {
		return x
	}
	if u, ok := bb.uns[x]; ok {
		return u
	}
	u := bb.rangeVar(t.Size())
	bb.out = append(bb.out, fd.Wrap(u, x, uint(8*t.Size()), false))
	bb.uns[x] = u
	return u
}

// split returns the bytes [lo, lo+n) of u, an unsigned value of size
// bytes, as a number in [0, 2^(8n)), and the parts below and above it.
func (bb *bytesBuilder) split(u *fd.Var, size, lo, n int64) (below, mid, above *fd.Var) {
	if lo == 0 && n == size {
		return nil, u, nil
	}
	mid = bb.rangeVar(n)
	a := []fd.Int{fd.I64(1), fd.Pow2(uint(8 * lo)).Neg()}
	x := []*fd.Var{u, mid}
	if lo > 0 {
		below = bb.rangeVar(lo)
		a, x = append(a, fd.I64(-1)), append(x, below)
	}
	if rest := size - lo - n; rest > 0 {
		above = bb.rangeVar(rest)
		a, x = append(a, fd.Pow2(uint(8*(lo+n))).Neg()), append(x, above)
	}
	bb.out = append(bb.out, fd.Linear(a, x, fd.Eq, fd.I64(0)))
	return below, mid, above
}

// extract returns bytes [lo, lo+n) of the value x of integer type t.
func (bb *bytesBuilder) extract(x *fd.Var, t *ir.Type, lo, n int64) *fd.Var {
	u := bb.unsigned(x, t)
	k := byteRange{u, lo, n}
	if p, ok := bb.parts[k]; ok {
		return p
	}
	_, mid, _ := bb.split(u, t.Size(), lo, n)
	bb.parts[k] = mid
	return mid
}

// piece is n bytes placed at byte at of a value being joined.
type piece struct {
	v     *fd.Var // in [0, 2^(8n))
	at, n int64
}

// join returns the value of type t whose bytes are the pieces (covering
// every byte of t once).
func (bb *bytesBuilder) join(ps []piece, t *ir.Type) *fd.Var {
	if len(ps) == 1 && !t.IsSigned() {
		return ps[0].v
	}
	var u *fd.Var
	if len(ps) == 1 {
		u = ps[0].v
	} else {
		u = bb.rangeVar(t.Size())
		a := []fd.Int{fd.I64(1)}
		x := []*fd.Var{u}
		for _, p := range ps {
			a, x = append(a, fd.Pow2(uint(8*p.at)).Neg()), append(x, p.v)
		}
		bb.out = append(bb.out, fd.Linear(a, x, fd.Eq, fd.I64(0)))
	}
	if !t.IsSigned() {
		return u
	}
	v := bb.m.S.NewVarDom(typeDomain(t, 0))
	bb.out = append(bb.out, fd.Wrap(v, u, uint(8*t.Size()), true))
	return v
}

// cellOf is a cell version of a byte access and its fd variable.
type cellOf struct {
	c *ssa.Cell
	v *fd.Var
}

// loadBytes returns the value, of type t, of the n bytes at address a,
// from the cells that hold them (sorted by address).
func (bb *bytesBuilder) loadBytes(a int64, t *ir.Type, cells []cellOf) *fd.Var {
	n := t.Size()
	var ps []piece
	for _, c := range cells {
		lo, hi := max(a, c.c.Addr), min(a+n, c.c.Addr+c.c.Typ.Size())
		if lo >= hi {
			continue
		}
		ps = append(ps, piece{bb.extract(c.v, c.c.Typ, lo-c.c.Addr, hi-lo), lo - a, hi - lo})
	}
	return bb.join(ps, t)
}

// storeBytes returns the new value of cell c (old value old) when the n
// bytes of v (of type t) are written at address a, or nil when the store
// leaves c alone.
func (bb *bytesBuilder) storeBytes(a int64, v *fd.Var, t *ir.Type, c *ssa.Cell, old *fd.Var) *fd.Var {
	n := t.Size()
	lo, hi := max(a, c.Addr), min(a+n, c.Addr+c.Typ.Size())
	if lo >= hi {
		return nil
	}
	mid := bb.extract(v, t, lo-a, hi-lo)
	size := c.Typ.Size()
	if hi-lo == size {
		return bb.join([]piece{{mid, 0, size}}, c.Typ)
	}
	below, _, above := bb.split(bb.unsigned(old, c.Typ), size, lo-c.Addr, hi-lo)
	ps := []piece{{mid, lo - c.Addr, hi - lo}}
	if below != nil {
		ps = append(ps, piece{below, 0, lo - c.Addr})
	}
	if above != nil {
		ps = append(ps, piece{above, hi - c.Addr, size - (hi - c.Addr)})
	}
	return bb.join(ps, c.Typ)
}

// deferred is a constraint built when it is posted, from the domains it
// finds then: a byte access makes the values of only the candidates its
// pointer may still hold (in an unrolled loop, usually one), not of every
// byte the pointer's targets stand for.
type deferred struct {
	name  string
	vars  []*fd.Var
	build func(s *fd.Store) bool
}

func (d *deferred) Post(s *fd.Store) bool       { return d.build(s) }
func (d *deferred) Entailed(*fd.Store) fd.Truth { return fd.Unknown }
func (d *deferred) Check(fd.Valuation) bool     { return true } // checked by what it posts
func (d *deferred) Vars() []*fd.Var             { return d.vars }
func (d *deferred) String() string              { return "bytes(" + d.name + ")" }

// alive returns the candidates of a byte access that p may still hold.
func alive(p *fd.Var, addrs []int64, off int64) []int64 {
	var out []int64
	for _, a := range addrs {
		if p.Contains(fd.I64(a - off)) {
			out = append(out, a)
		}
	}
	return out
}

// phiUBytes translates a byte load: Φu over the values of its candidates.
func (m *Model) phiUBytes(s *ssa.PhiU, e *env) []fd.Constraint {
	cells := make([]cellOf, len(s.Vals))
	vars := []*fd.Var{m.val(e, s.Ptr)}
	for i, v := range s.Vals {
		cells[i] = cellOf{v.(*ssa.Version).Cell, m.val(e, v)}
		vars = append(vars, cells[i].v)
	}
	p, x := m.val(e, s.Ptr), m.def(e, s.Dst)
	t := s.Dst.Cell.Typ
	return []fd.Constraint{&deferred{name: s.Dst.String(), vars: append(vars, x), build: func(st *fd.Store) bool {
		bb := m.newBytes()
		c := &combinators.PhiU{P: p, X: x}
		for _, a := range alive(p, s.Addrs, s.Off) {
			c.Addrs = append(c.Addrs, fd.I64(a-s.Off))
			c.Vals = append(c.Vals, bb.loadBytes(a, t, cells))
		}
		return st.Post(bb.out...) && st.Post(c)
	}}}
}

// phiDBytes translates a byte store: each cell's new value is Φu over the
// candidates (what the store writes there, or its old value).
func (m *Model) phiDBytes(s *ssa.PhiD, e *env) []fd.Constraint {
	p, v := m.val(e, s.Ptr), m.val(e, s.Val)
	t := s.Val.Type()
	init := false
	if st, ok := s.Source().(*ir.Store); ok {
		init = st.Init
	}
	vars := []*fd.Var{p, v}
	olds := make([]*fd.Var, len(s.Olds))
	for i, o := range s.Olds {
		olds[i] = m.val(e, o)
		vars = append(vars, olds[i])
	}
	xs := make([]*fd.Var, len(s.Dsts))
	for i, d := range s.Dsts {
		xs[i] = m.def(e, d)
		vars = append(vars, xs[i])
	}
	return []fd.Constraint{&deferred{name: versionsString(s.Dsts), vars: vars, build: func(st *fd.Store) bool {
		bb := m.newBytes()
		live := alive(p, s.Addrs, s.Off)
		if len(live) == 0 {
			return false
		}
		addrs := make([]fd.Int, len(live))
		for i, a := range live {
			addrs[i] = fd.I64(a - s.Off)
		}
		var out []fd.Constraint
		for i, d := range s.Dsts {
			c := &combinators.PhiU{P: p, Addrs: addrs, X: xs[i]}
			for _, a := range live {
				w := bb.storeBytes(a, v, t, d.Cell, olds[i])
				if w == nil {
					w = olds[i]
				} else if d.Cell.ReadOnly && !init {
					// a write to a read-only object is undefined: excluded
					out = append(out, fd.CmpC(p, fd.Ne, fd.I64(a-s.Off)))
				}
				c.Vals = append(c.Vals, w)
			}
			out = append(out, c)
		}
		return st.Post(bb.out...) && st.Post(out...)
	}}}
}

func versionsString(vs []*ssa.Version) string {
	s := ""
	for i, v := range vs {
		if i > 0 {
			s += ","
		}
		s += v.String()
	}
	return s
}
