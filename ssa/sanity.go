package ssa

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/pointsto"
)

// SanityCheck verifies the invariants of a Pointer-SSA function that the
// constraint model relies on, and returns an error listing the
// violations, each naming the function, the statement and the broken
// rule:
//
//   - cells: the cells are numbered in order; each object of the analysis
//     has one cell per leaf of its type, in leaf order, each at Base plus
//     the leaf's byte offset, and maybe gap cells, unsigned chars on the
//     bytes no leaf covers; every address in [1, MaxAddr), no two cells
//     overlapping; a cell's type, path and read-only flag are its leaf's;
//   - single definition: every version is defined once, by the statement
//     its Def names (nil for a φ and for version 0); a version 0 is listed
//     in Entry;
//   - dominance: every version a statement uses is defined before it on
//     every path (in the same block or an enclosing one, or at the entry);
//     a φ of an if takes its operands from the ends of the two branches, a
//     φ of a loop from before the loop and from the end of its body;
//   - φ: the operands and the result of a φ, φu and φd are versions of the
//     cells they say: a φ joins versions of its own cell, the i-th operand
//     of a φu is a version of the cell at its i-th address, a φd defines
//     and keeps versions of the cells at its addresses; with Bytes, the
//     operands are versions of integer cells in address order, which
//     hold every byte of every candidate address and no other;
//   - points-to: every cell a φu reads or a φd writes is a cell of an
//     object the points-to analysis says the pointer may point to there.
//
// The tests run it on every function of testdata (sanity_test.go), and
// testgen after every build when its Options.Check is set.
func SanityCheck(f *Func) error {
	c := &ssaChecker{f: f, defined: map[*Version]bool{}, numbers: map[cellVersion]*Version{}, entry: map[*Version]bool{}}
	c.byAddr = map[int64]*Cell{}
	c.cells()
	for _, v := range f.Entry {
		c.entry[v] = true
		c.define(v, nil)
	}
	c.block(f.Body, c.entrySet())
	if len(c.errs) == 0 {
		return nil
	}
	if len(c.errs) > 20 {
		c.errs = append(c.errs[:20], fmt.Sprintf("... and %d more", len(c.errs)-20))
	}
	return errors.New(strings.Join(c.errs, "\n"))
}

type cellVersion struct {
	c *Cell
	n int
}

// avail is the set of versions defined on every path to a point, with
// the order of their definitions: a block's own are dropped when the
// checker leaves it (undo), which is what dominance is in structured code.
type avail struct {
	in  map[*Version]bool
	log []*Version
}

func (a *avail) add(v *Version) {
	if !a.in[v] {
		a.in[v] = true
		a.log = append(a.log, v)
	}
}

// mark and undo bracket a block: undo drops what was added after mark.
func (a *avail) mark() int { return len(a.log) }

func (a *avail) undo(m int) {
	for _, v := range a.log[m:] {
		delete(a.in, v)
	}
	a.log = a.log[:m]
}

type ssaChecker struct {
	f       *Func
	defined map[*Version]bool
	numbers map[cellVersion]*Version
	entry   map[*Version]bool
	byAddr  map[int64]*Cell
	// cellsByAddr lists every cell by address.
	cellsByAddr []*Cell
	cur         Stmt   // the statement checked (nil: the layout)
	where       string // "the join of", "the head of": a φ of cur
	errs        []string
}

func (c *ssaChecker) errorf(rule, format string, args ...any) {
	at := "layout"
	if c.cur != nil {
		at = describe(c.cur)
		if c.where != "" {
			at = c.where + " " + at
		}
	}
	c.errs = append(c.errs, fmt.Sprintf("%s: %s: %s: %s", c.f.IR.Name, at, rule, fmt.Sprintf(format, args...)))
}

// describe names a statement by the IR statement it comes from.
func describe(s Stmt) string {
	src := s.Source()
	if src == nil {
		return fmt.Sprintf("%T", s)
	}
	return fmt.Sprintf("%q (%s)", ir.StmtString(src), src.Position())
}

func (c *ssaChecker) entrySet() *avail {
	a := &avail{in: map[*Version]bool{}}
	for v := range c.entry {
		a.add(v)
	}
	return a
}

// cells checks the memory layout.
func (c *ssaChecker) cells() {
	f := c.f
	for i, cl := range f.Cells {
		if cl.ID != i {
			c.errorf("cells", "cell %s has ID %d at index %d", cl, cl.ID, i)
		}
	}
	var prevEnd int64
	for _, o := range f.PT.Objects {
		cs := f.CellsOf(o)
		if o.Typ == nil {
			if len(cs) > 0 {
				c.errorf("cells", "object %s without a type has cells", o)
			}
			continue
		}
		leaves := o.Typ.Leaves()
		if len(cs) != len(leaves) {
			c.errorf("cells", "object %s has %d cells for %d leaves", o, len(cs), len(leaves))
			continue
		}
		base := f.Base(o)
		if base < prevEnd+1 {
			c.errorf("cells", "object %s at address %d, not past the end of the previous one (%d)", o, base, prevEnd)
		}
		prevEnd = base + o.Typ.Size()
		for i, cl := range cs {
			l := leaves[i]
			switch {
			case cl.Obj != o || cl.Leaf != i || cl.Path != l.Path || !ir.Identical(cl.Typ, l.Type):
				c.errorf("cells", "cell %s is not leaf %d (%s %s) of %s", cl, i, l.Type, l.Path, o)
			case cl.Addr != base+l.Offset || cl.Off != l.Offset:
				c.errorf("cells", "cell %s at address %d, not %d", cl, cl.Addr, base+l.Offset)
			}
			ro := o.Kind == pointsto.VarObj && (o.Var.ReadOnly || o.Var.Class == ir.String || l.Const)
			if cl.ReadOnly != ro {
				c.errorf("cells", "cell %s read-only %v, its leaf %v", cl, cl.ReadOnly, ro)
			}
		}
		for _, g := range f.GapsOf(o) {
			if g.Obj != o || g.Leaf != -1 || g.Typ.Kind != ir.UChar || g.Addr != base+g.Off {
				c.errorf("cells", "gap cell %s of %s is no unsigned char at its offset", g, o)
			}
		}
		var last *Cell
		for _, cl := range f.byAddr[o] {
			switch {
			case cl.Addr < 1 || cl.Addr+cl.Typ.Size() > f.MaxAddr:
				c.errorf("cells", "cell %s at address %d outside [1, %d)", cl, cl.Addr, f.MaxAddr)
			case last != nil && last.Addr+last.Typ.Size() > cl.Addr:
				c.errorf("cells", "cells %s and %s overlap", last, cl)
			}
			last = cl
			c.byAddr[cl.Addr] = cl
			c.cellsByAddr = append(c.cellsByAddr, cl)
		}
	}
}

// cellHolding returns the cell that holds byte address a, or nil.
func (c *ssaChecker) cellHolding(a int64) *Cell {
	cs := c.cellsByAddr
	i := sort.Search(len(cs), func(i int) bool { return cs[i].Addr+cs[i].Typ.Size() > a })
	if i < len(cs) && cs[i].Addr <= a {
		return cs[i]
	}
	return nil
}

// bytesOperands checks the operands of a φu or φd with Bytes: integer
// (or floating-point: bit patterns) cells in address order, which hold every byte of each n-byte access at
// one of addrs, and no cell that none of them touches.
func (c *ssaChecker) bytesOperands(what string, addrs []int64, n int64, vs []*Cell) {
	used := map[*Cell]bool{}
	in := map[*Cell]bool{}
	for i, cl := range vs {
		in[cl] = true
		if !cl.Typ.IsInteger() && !cl.Typ.IsFloat() { // a float's bytes are its bit pattern's
			c.errorf("φ", "%s operand %s is not an integer or floating-point cell", what, cl)
		}
		if i > 0 && vs[i-1].Addr >= cl.Addr {
			c.errorf("φ", "%s operands %s and %s out of address order", what, vs[i-1], cl)
		}
	}
	for _, a := range addrs {
		for k := a; k < a+n; k++ {
			cl := c.cellHolding(k)
			if cl == nil || !in[cl] {
				c.errorf("φ", "%s: byte %d of the access at %d is no operand's", what, k-a, a)
				break
			}
			used[cl] = true
		}
	}
	for _, cl := range vs {
		if !used[cl] {
			c.errorf("φ", "%s operand %s holds no byte the access reads or writes", what, cl)
		}
	}
}

// define records the definition of v by s (nil: a φ or the entry).
func (c *ssaChecker) define(v *Version, s Stmt) {
	if v == nil || v.Cell == nil {
		c.errorf("single definition", "a definition without a version or cell")
		return
	}
	if c.defined[v] {
		c.errorf("single definition", "%s defined twice", v)
	}
	c.defined[v] = true
	k := cellVersion{v.Cell, v.N}
	if o := c.numbers[k]; o != nil && o != v {
		c.errorf("single definition", "two versions %s", v)
	}
	c.numbers[k] = v
	if v.Def != s {
		c.errorf("single definition", "%s says it is defined by %T, not here", v, v.Def)
	}
	if v.N == 0 && !c.entry[v] {
		c.errorf("single definition", "version 0 %s is not an entry version", v)
	}
}

// use checks that the value x is available in a.
func (c *ssaChecker) use(a *avail, x Value, what string) {
	switch v := x.(type) {
	case *Version:
		switch {
		case v.N == 0 && !c.entry[v]:
			c.errorf("single definition", "%s: version 0 %s is not an entry version", what, v)
		case !a.in[v]:
			c.errorf("dominance", "%s %s is not defined on every path to its use", what, v)
		}
	case Const:
	case nil:
		c.errorf("dominance", "%s: no value", what)
	default:
		c.errorf("dominance", "%s: operand %T", what, x)
	}
}

func (c *ssaChecker) def(a *avail, v *Version, s Stmt) {
	c.define(v, s)
	a.add(v)
}

func (c *ssaChecker) block(ss []Stmt, a *avail) {
	for _, s := range ss {
		c.stmt(s, a)
	}
}

// stmt checks one statement: its operands available, its results defined
// once; the statements with more to check have their method.
func (c *ssaChecker) stmt(s Stmt, a *avail) {
	c.cur, c.where = s, ""
	switch s := s.(type) {
	case *Op:
		for i, x := range s.Args {
			c.use(a, x, fmt.Sprintf("operand %d", i))
		}
		c.def(a, s.Dst, s)
	case *Addr:
		c.addr(s, a)
	case *Offset:
		c.use(a, s.Base, "base")
		c.def(a, s.Dst, s)
	case *Index:
		c.use(a, s.Base, "base")
		c.use(a, s.I, "index")
		c.def(a, s.Dst, s)
	case *PhiU:
		c.phiU(s, a)
	case *PhiD:
		c.phiD(s, a)
	case *Stub:
		for i, x := range s.Args {
			c.use(a, x, fmt.Sprintf("argument %d", i))
		}
		for _, d := range s.Dsts {
			c.def(a, d, s)
		}
	case *Truncated:
		for _, d := range s.Dsts {
			c.def(a, d, s)
		}
	case *Cut:
		for _, d := range s.Dsts {
			c.def(a, d, s)
		}
	case *Check:
		c.use(a, s.Cond, "condition")
	case *Return:
		for i, x := range s.Val {
			c.use(a, x, "returned value")
			if v, ok := x.(*Version); ok && i < len(c.f.Result) && v.Cell != c.f.Result[i] {
				c.errorf("φ", "returns %s for the result cell %s", v, c.f.Result[i])
			}
		}
	case *If:
		c.ifStmt(s, a)
	case *While:
		c.while(s, a)
	default:
		c.errorf("statements", "unexpected statement %T", s)
	}
}

// addr checks an address: the one of its object's first cell (or of the
// object's base when it has no cells, a function).
func (c *ssaChecker) addr(s *Addr, a *avail) {
	if src, ok := s.Source().(*ir.AddrOf); ok {
		// the object's first cell, or its base when it has none (a function)
		o := c.f.PT.ObjectOf(src.Var)
		cs := c.f.CellsOf(o)
		if s.Addr != c.f.Base(o) || (len(cs) > 0 && s.Of != cs[0]) || (len(cs) == 0 && s.Of != nil) {
			c.errorf("cells", "&%s is address %d (cell %v), not %s's", src.Var, s.Addr, s.Of, o)
		}
	} else if s.Of != nil && s.Of.Addr != s.Addr {
		c.errorf("cells", "&%s is not address %d", s.Of, s.Addr)
	}
	c.def(a, s.Dst, s)
}

// phiU checks a Φu: one operand per target address, each a version of the
// cell at that address (of the cells covering its bytes, in byte mode).
func (c *ssaChecker) phiU(s *PhiU, a *avail) {
	c.use(a, s.Ptr, "pointer")
	if s.Bytes {
		var cs []*Cell
		for _, x := range s.Vals {
			c.use(a, x, "φu operand")
			if v, ok := x.(*Version); ok {
				cs = append(cs, v.Cell)
			}
		}
		c.bytesOperands("φu", s.Addrs, s.Dst.Cell.Typ.Size(), cs)
		c.targets(s, s.Addrs)
		c.def(a, s.Dst, s)
		return
	}
	if len(s.Addrs) != len(s.Vals) {
		c.errorf("φ", "φu with %d addresses and %d values", len(s.Addrs), len(s.Vals))
	}
	for i, x := range s.Vals {
		c.use(a, x, "φu operand")
		if v, ok := x.(*Version); ok && i < len(s.Addrs) && v.Cell.Addr != s.Addrs[i] {
			c.errorf("φ", "φu operand %s is not a version of the cell at %d", v, s.Addrs[i])
		}
	}
	c.targets(s, s.Addrs)
	c.def(a, s.Dst, s)
}

// phiD checks a Φd: per target address, the old value and the result are
// versions of the cell at that address (of the cells covering its bytes,
// in byte mode).
func (c *ssaChecker) phiD(s *PhiD, a *avail) {
	c.use(a, s.Ptr, "pointer")
	c.use(a, s.Val, "stored value")
	if s.Bytes {
		var cs []*Cell
		for i, x := range s.Olds {
			c.use(a, x, "φd old value")
			if v, ok := x.(*Version); ok && i < len(s.Dsts) && v.Cell != s.Dsts[i].Cell {
				c.errorf("φ", "φd keeps %s as a version of %s", v, s.Dsts[i].Cell)
			}
		}
		for _, d := range s.Dsts {
			cs = append(cs, d.Cell)
		}
		c.bytesOperands("φd", s.Addrs, s.Val.Type().Size(), cs)
		c.targets(s, s.Addrs)
		for _, d := range s.Dsts {
			c.def(a, d, s)
		}
		return
	}
	if len(s.Addrs) != len(s.Olds) || len(s.Addrs) != len(s.Dsts) {
		c.errorf("φ", "φd with %d addresses, %d old values, %d results", len(s.Addrs), len(s.Olds), len(s.Dsts))
	}
	for i, x := range s.Olds {
		c.use(a, x, "φd old value")
		if i >= len(s.Dsts) || i >= len(s.Addrs) {
			continue
		}
		if v, ok := x.(*Version); ok && v.Cell != s.Dsts[i].Cell {
			c.errorf("φ", "φd keeps %s as a version of %s", v, s.Dsts[i].Cell)
		}
		if s.Dsts[i].Cell.Addr != s.Addrs[i] {
			c.errorf("φ", "φd result %s is not a version of the cell at %d", s.Dsts[i], s.Addrs[i])
		}
	}
	c.targets(s, s.Addrs)
	for _, d := range s.Dsts {
		c.def(a, d, s)
	}
}

// ifStmt checks both branches of an if, each from what is available before
// it, and the φs of its join.
func (c *ssaChecker) ifStmt(s *If, a *avail) {
	c.use(a, s.Cond, "condition")
	for k, branch := range [][]Stmt{s.Then, s.Else} {
		m := a.mark()
		c.block(branch, a)
		c.cur, c.where = s, "the join of"
		for _, p := range s.Phis {
			c.phi(p, k, a, []string{"the then branch", "the else branch"}[k])
		}
		a.undo(m)
	}
	for _, p := range s.Phis {
		c.def(a, p.Dst, nil)
	}
}

// while checks a loop: its head's φs from before the loop and from the end
// of the body, its condition block and its body.
func (c *ssaChecker) while(s *While, a *avail) {
	c.where = "the head of"
	for _, p := range s.Phis {
		c.phi(p, 0, a, "before the loop")
	}
	for _, p := range s.Phis {
		c.def(a, p.Dst, nil)
	}
	c.block(s.Pre, a)
	c.cur, c.where = s, ""
	c.use(a, s.Cond, "loop condition")
	m := a.mark()
	c.block(s.Body, a)
	c.cur, c.where = s, "the head of"
	for _, p := range s.Phis {
		c.phi(p, 1, a, "the end of the body")
	}
	a.undo(m)
}

// phi checks operand k of a φ: a version of its cell, available (in a)
// at the end of the path it comes from.
func (c *ssaChecker) phi(p *Phi, k int, a *avail, from string) {
	x := p.Args[k]
	c.use(a, x, "φ operand from "+from)
	if v, ok := x.(*Version); ok && v.Cell != p.Dst.Cell {
		c.errorf("φ", "φ of %s joins %s", p.Dst.Cell, v)
	}
}

// targets checks that the cells at addrs, which s reads or writes through
// a pointer, are cells of objects the pointer may point to.
func (c *ssaChecker) targets(s Stmt, addrs []int64) {
	var ptr ir.Value
	switch src := s.Source().(type) {
	case *ir.Load:
		ptr = src.Ptr
	case *ir.Store:
		ptr = src.Ptr
	default:
		return
	}
	objs := map[*pointsto.Object]bool{}
	for t := range c.f.PT.TargetsOf(s.Source(), ptr) {
		objs[t.Obj] = true
	}
	for _, ad := range addrs {
		cl := c.cellHolding(ad)
		switch {
		case cl == nil:
			c.errorf("points-to", "no cell at address %d", ad)
		case !objs[cl.Obj]:
			c.errorf("points-to", "cell %s, of an object %s may not point to there", cl, ptr)
		}
	}
}
