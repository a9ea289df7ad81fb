package ssa

import (
	"fmt"

	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/pointsto"
)

// Cell is one scalar memory cell.
type Cell struct {
	ID   int
	Obj  *pointsto.Object
	Leaf int    // index in Obj.Typ.Leaves(); -1 for a gap byte (memory.go)
	Path string // leaf path in the object: "", "[2]", ".f"; "#k" for a gap byte
	Off  int64  // byte offset in the object
	Typ  *ir.Type
	Addr int64
	Name string // "j", "a[2]", "s.f", "*p[1]"
	// ReadOnly: a leaf of a variable that no store may write (a string
	// literal, a const object or member: ir.Leaf.Const), but the one of
	// its initialization (ir.Store.Init). The objects behind pointer
	// inputs are never read-only: the caller's are not const.
	ReadOnly bool
}

func (c *Cell) String() string { return c.Name }

// Value is an operand of a PSSA statement: a *Version or a *Const.
type Value interface {
	String() string
	Type() *ir.Type
}

// Version is one SSA version of a cell. Version 0 is the value at the
// function's entry: an input, an initializer, or undefined for locals.
type Version struct {
	Cell *Cell
	N    int
	// Def is the statement that defines the version (nil for version 0).
	Def Stmt
}

func (v *Version) String() string { return fmt.Sprintf("%s_%d", v.Cell.Name, v.N) }

// Type implements Value.
func (v *Version) Type() *ir.Type { return v.Cell.Typ }

// Const is a constant operand.
type Const struct{ *ir.Const }

// Stmt is a PSSA statement.
type Stmt interface {
	// Source is the IR statement it comes from (nil for φ).
	Source() ir.Stmt
}

type src struct{ S ir.Stmt }

func (s src) Source() ir.Stmt { return s.S }

// OpKind says which IR statement an Op comes from.
type OpKind int

const (
	OpCopy OpKind = iota
	OpUnary
	OpBinary
	OpConv
	// OpMath is a call of a math function that IEEE 754 defines exactly
	// (ir.MathCall): sqrt, fabs, floor, ceil, trunc, round, fmin, fmax,
	// fmod, in double or float (the type of Dst).
	OpMath
)

// Op is x = op(args): a copy, a unary or binary operator, a conversion, a
// math function.
type Op struct {
	src
	Kind OpKind
	Op   ir.Op  // for OpUnary, OpBinary
	Func string // for OpMath: the function without its f suffix
	Dst  *Version
	Args []Value
}

// Addr is p = &cell: the constant address of a cell (the first cell of
// the object or member whose address is taken).
type Addr struct {
	src
	Dst  *Version
	Of   *Cell
	Addr int64
}

// Offset is p = q + K (a constant number of cells): a member address.
type Offset struct {
	src
	Dst  *Version
	Base Value
	K    int64
}

// Index is p = q + i*Scale: pointer arithmetic.
type Index struct {
	src
	Dst   *Version
	Base  Value
	I     Value
	Scale int64
}

// PhiU is x = φu(p, [&a1…&an], [a1…an]): x takes the value of the cell
// whose address p holds. n = 0 means no valid target: the statement can
// only be reached with an invalid pointer, so that path is infeasible.
//
// With Bytes, the access reads the sizeof(x) bytes at p: Addrs are the
// addresses p may hold and Vals the versions of the integer cells that
// hold their bytes (sorted by address); x is the little-endian join of
// those bytes.
type PhiU struct {
	src
	Dst   *Version
	Ptr   Value
	Off   int64 // the address read is Ptr + Off (a part of an aggregate load)
	Addrs []int64
	Vals  []Value
	Bytes bool
}

// PhiD is [a1'…an'] = φd(p, [&a1…&an], v, [a1…an]): the cell whose
// address p holds takes v, the others keep their value.
//
// With Bytes, the access writes the bytes of v at p: Addrs are the
// addresses p may hold, Olds and Dsts the versions of the integer cells
// that hold their bytes (sorted by address); each cell takes the bytes of
// v that the address p holds puts on it, and keeps its others.
type PhiD struct {
	src
	Dsts  []*Version
	Ptr   Value
	Off   int64 // the address written is Ptr + Off
	Addrs []int64
	Val   Value
	Olds  []Value
	Bytes bool
}

// Stub is x = f(args) for an extern f: x is an input of the test (a fresh
// one for every execution of the call).
type Stub struct {
	src
	Dsts   []*Version // the result's cells; empty when unused or void
	Extern *ir.Extern
	Args   []Value
	// Site numbers the call sites of the function (for naming the inputs).
	Site int
}

// Check is assert(c).
type Check struct {
	src
	Cond Value
	Dec  *ir.DecRef
}

// Phi is x = φ(a, b): at an if join, a from the then branch and b from
// the else branch; at a loop head, a from the entry and b from the end of
// the body.
type Phi struct {
	Dst  *Version
	Args [2]Value
}

// If is the ite of the paper: Phis join the versions of the two branches.
type If struct {
	src
	Cond       Value
	Then, Else []Stmt
	Phis       []*Phi
	Dec        *ir.DecRef
}

// While is the w of the paper: Phis at the loop head join the entry
// versions and those at the end of the body; Pre computes the condition.
// After the loop, the head versions (Phi.Dst) and those defined in Pre are
// the current ones.
type While struct {
	src
	Phis []*Phi
	Pre  []Stmt
	Cond Value
	Body []Stmt
	Dec  *ir.DecRef
}

// Return is the last statement.
type Return struct {
	src
	Val []Value // the cells of the result (one for a scalar, the leaves of an aggregate), nil for void
}

// Truncated is a call to a defined function that was not inlined (the
// recursion bound was reached): reaching it makes an answer unknown.
type Truncated struct {
	src
	Call *ir.Call
	Dsts []*Version // the result's cells, left unconstrained
}

// Cut is a point the model does not go past: an ir.Unsupported statement
// (a construct inka does not model), or an access the Pointer-SSA cannot
// name (a location read as another type than the one stored there). A run
// that reaches it is cut there; What says why.
type Cut struct {
	src
	What string
	Dsts []*Version // the cells of the value it stands for, left unconstrained
}

// Func is the PSSA form of a function.
type Func struct {
	IR     *ir.Func
	PT     *pointsto.Result
	Cells  []*Cell
	Body   []Stmt
	Params [][]*Cell // the cells of each parameter
	Result []*Cell   // the cells of the result variable
	// Entry lists the version 0 of every cell that is read before being
	// written on some path: inputs, initial values of globals, undefined
	// locals.
	Entry []*Version
	// Stubs lists the extern call sites.
	Stubs []*Stub
	// MaxAddr is the largest address of a cell plus one (one past the end
	// of the last object).
	MaxAddr int64

	cellsOf   map[*pointsto.Object][]*Cell // leaf cells, in leaf order
	gapsOf    map[*pointsto.Object][]*Cell // gap byte cells, by offset
	byAddr    map[*pointsto.Object][]*Cell // all cells, by offset
	objBase   map[*pointsto.Object]int64
	versions  map[*Cell]int
	entryUsed map[*Cell]*Version
	final     state
}

// CellsOf returns the leaf cells of an object in leaf order.
func (f *Func) CellsOf(o *pointsto.Object) []*Cell { return f.cellsOf[o] }

// GapsOf returns the gap byte cells of an object (memory.go), by offset.
func (f *Func) GapsOf(o *pointsto.Object) []*Cell { return f.gapsOf[o] }

// Base returns the address of an object (one past its end is Base +
// Size).
func (f *Func) Base(o *pointsto.Object) int64 { return f.objBase[o] }

// Size returns the size in bytes of an object (0 for NULL and Unknown).
func (f *Func) Size(o *pointsto.Object) int64 {
	if o.Typ == nil {
		return 0
	}
	return o.Typ.Size()
}

// Objects lists the objects that have an address: every object of the
// points-to analysis but NULL and Unknown.
func (f *Func) Objects() []*pointsto.Object {
	var out []*pointsto.Object
	for _, o := range f.PT.Objects {
		if _, ok := f.objBase[o]; ok {
			out = append(out, o)
		}
	}
	return out
}
