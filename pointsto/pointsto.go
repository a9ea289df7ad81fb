// Package pointsto is Emami's flow-sensitive points-to analysis (Emami,
// Ghiya, Hendren, PLDI'94) as used by Gotlieb, Denmat and Botella, section
// 4.3 and Figures 6-7: relations pto(p, a, definite|possible) computed on
// every statement of a structured function, with kill and gen sets for the
// elementary pointer statements, a merge at the join of if/else (a relation
// definite on one side only becomes possible) and a fixpoint for loops.
//
// It works on one function whose calls to functions of the file have been
// inlined (ir.Inline). A location is an object and a byte offset in it,
// field-sensitive and array-insensitive: the offset is canonical, every
// array index along the object's type set to 0, so `a[i].f` and `a[j].f`
// are one location (a summary), as in Emami's analysis (offsets.go).
// Summaries are never strongly updated and never hold definite relations.
// Pointer arithmetic is followed on the concrete offsets a location stands
// for: `p + c` shifts them, `p + i` steps them by the element size, and the
// results inside the object (one past its end included) are canonicalized
// again; more than a few distinct results give the location AnyOff
// (anywhere in the object). So walks over arrays and strings, a char *
// over the bytes of an int or a struct, a struct pointer converted to its
// first member and back, stay precise; a location has no type: pointer
// conversions keep the targets. Pointer inputs point to the fresh objects
// of ir.InputShape, and possibly to NULL. NULL + 0 is NULL; NULL + i
// (i != 0) and &NULL->f are undefined, so NULL drops out of their targets.
//
// Code the analysis does not see — an extern (answered by a stub) or a
// call the inlining bound left in place — may store through the pointers
// it is given, and keep them. The objects they reach escape: the
// pseudo-location Loc{Unknown, ""} lists them (escaped(x) in listings),
// every pointer stored in an object reachable from them gains the target
// Unknown, and a pointer returned by such code points to Unknown — except
// the pointer an undefined callee returns that Config.Returns names: an
// input, it points to NULL or to the fresh object of its call
// (ir.StubReturns), as a pointer input does. A pointer to Unknown stands
// for NULL or any location reachable from the escaped objects; a store
// through it makes the stored targets escape in turn. (The Pointer-SSA
// cuts the paths that dereference such a pointer.)
//
// The analysis follows pointers only whole: an access that may read or
// write the bytes of a pointer as something else (a pointer copied byte by
// byte, an integer read over a pointer in a union), or a pointer over
// bytes that hold none, and a pointer read out of a union (its members
// overlap: it may have been written as another member), are the Result's
// Cuts: the Pointer-SSA cuts the paths that run them. Nothing is refused.
//
// The analysis is sound for the programs it accepts: if at run time p
// points into object a at a statement, then pto(p, a, possible) or
// pto(p, a, definite) holds there, at the canonical offset of its byte; definite means on
// every path. soundness_test.go checks this against the interpreter on
// random inputs over every program of testdata.
package pointsto

import (
	"fmt"
	"sort"
	"strings"

	"github.com/inka-tool/inka/ir"
)

// ObjKind classifies objects.
type ObjKind int

const (
	VarObj     ObjKind = iota // a variable of the program (local, param, global, string)
	InputObj                  // a fresh object behind a pointer input
	NullObj                   // the NULL pointer (address 0)
	UnknownObj                // a pointer from code the analysis does not see: NULL or any escaped location (see escape)
)

// Object is an abstract memory object.
type Object struct {
	ID    int
	Name  string
	Kind  ObjKind
	Var   *ir.Var         // VarObj
	Input *ir.InputObject // InputObj
	Typ   *ir.Type        // nil for NullObj and UnknownObj
}

func (o *Object) String() string { return o.Name }

// Loc is a location: an object and a canonical byte offset in it (array
// indices collapsed: see offsets.go), or AnyOff. As a pointer target it is
// where the pointer points; as a pointer holder it is where a pointer
// value is stored (the offset of a pointer leaf).
type Loc struct {
	Obj *Object
	Off int64
}

// String names the location as a target: the object and the member path
// of the outermost sub-object at its offset ("s", "s.b", "*p+2", "a+?").
func (l Loc) String() string { return l.Obj.Name + pathOf(l.Obj.Typ, l.Off, false) }

// Holder names the location as the holder of a pointer: the path of the
// innermost sub-object at its offset, the pointer leaf ("s.next" even at
// offset 0).
func (l Loc) Holder() string { return l.Obj.Name + pathOf(l.Obj.Typ, l.Off, true) }

// Type returns the scalar type declared at the location (the first member
// of a union), or nil when no scalar starts there.
func (l Loc) Type() *ir.Type {
	if l.Obj.Typ == nil || l.Off == AnyOff {
		return nil
	}
	return leafAt(l.Obj.Typ, l.Off)
}

// ReadOnly reports whether a write into l may write a read-only byte of a
// variable: a string literal, a const object, or a byte of a const member
// or element (ir.Leaf.Const) at l's offset (anywhere, for AnyOff).
func (l Loc) ReadOnly() bool {
	o := l.Obj
	if o.Kind != VarObj || o.Typ == nil {
		return false
	}
	if o.Var.ReadOnly || o.Var.Class == ir.String {
		return true
	}
	if l.Off == AnyOff {
		return o.Typ.HasConst()
	}
	return o.Typ.ConstAt(l.Off)
}

// Summary reports whether l stands for several run-time bytes (it lies in
// an array, or is AnyOff): such a location is only weakly updated.
func (l Loc) Summary() bool {
	if l.Obj.Typ == nil {
		return false
	}
	return summary(l.Obj.Typ, l.Off)
}

// Canon returns the location of byte off of object o.
func Canon(o *Object, off int64) Loc {
	if o.Typ == nil {
		return Loc{o, 0}
	}
	return Loc{o, canon(o.Typ, off)}
}

// Rel is the kind of a points-to relation.
type Rel uint8

const (
	Possible Rel = 1
	Definite Rel = 2
)

func (r Rel) String() string {
	if r == Definite {
		return "definite"
	}
	return "possible"
}

// Targets is the points-to set of one pointer location.
type Targets map[Loc]Rel

// Sorted returns the locations of ts by object and offset: the order in
// which clients walk them when what they find depends on it (the first
// reason to cut an access).
func (ts Targets) Sorted() []Loc {
	out := make([]Loc, 0, len(ts))
	for l := range ts {
		out = append(out, l)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Obj.ID != out[j].Obj.ID {
			return out[i].Obj.ID < out[j].Obj.ID
		}
		return out[i].Off < out[j].Off
	})
	return out
}

// Graph is the points-to graph at a program point: for every location that
// holds a pointer, its targets. A location absent from the graph points to
// nothing known (uninitialized).
type Graph map[Loc]Targets

// clone returns a copy of g that shares its Targets. The analysis never
// modifies a Targets once it is in a graph (every update puts a new one in
// place), so a shallow copy is a copy: the graph recorded before each
// statement then costs one map of locations, not every relation again.
func (g Graph) clone() Graph {
	h := make(Graph, len(g))
	for k, ts := range g {
		h[k] = ts
	}
	return h
}

func (g Graph) equal(h Graph) bool {
	if len(g) != len(h) {
		return false
	}
	for k, ts := range g {
		us, ok := h[k]
		if !ok || !sameTargets(ts, us) {
			return false
		}
	}
	return true
}

// sameTargets reports whether two target sets hold the same relations.
func sameTargets(ts, us Targets) bool {
	if len(ts) != len(us) {
		return false
	}
	for t, r := range ts {
		if u, ok := us[t]; !ok || u != r {
			return false
		}
	}
	return true
}

// merge joins two graphs at a control-flow join (Figure 7): a relation
// definite on both sides stays definite, any other becomes possible.
func merge(a, b Graph) Graph {
	out := make(Graph, len(a))
	for k, ts := range a {
		us, ok := b[k]
		if ok && sameTargets(ts, us) {
			// The same relations on both sides (most locations, often
			// the very same set, graphs sharing their Targets): keep them.
			out[k] = ts
			continue
		}
		c := make(Targets, len(ts)+len(us))
		for t, r := range ts {
			if us[t] == Definite && r == Definite {
				c[t] = Definite
			} else {
				c[t] = Possible
			}
		}
		for t := range us {
			if _, ok := c[t]; !ok {
				c[t] = Possible
			}
		}
		out[k] = c
	}
	for k, us := range b {
		if _, ok := a[k]; ok {
			continue
		}
		c := make(Targets, len(us))
		for t := range us {
			c[t] = Possible
		}
		out[k] = c
	}
	return out
}

// Relation is one pto(p, a, rel) triple, for listings.
type Relation struct {
	From, To Loc
	Rel      Rel
}

// Relations lists the relations of g in a stable order.
func (g Graph) Relations() []Relation {
	var out []Relation
	for k, ts := range g {
		for t, r := range ts {
			out = append(out, Relation{k, t, r})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.From.Holder() != b.From.Holder() {
			return a.From.Holder() < b.From.Holder()
		}
		return a.To.String() < b.To.String()
	})
	return out
}

// String prints g as pto(p, a, rel) triples.
func (g Graph) String() string {
	var parts []string
	for _, r := range g.Relations() {
		if r.From.Obj.Kind == UnknownObj {
			// The escaped objects (see escape), not a pointer.
			parts = append(parts, fmt.Sprintf("escaped(%s)", r.To))
			continue
		}
		parts = append(parts, fmt.Sprintf("pto(%s, %s, %s)", r.From.Holder(), r.To, r.Rel))
	}
	return strings.Join(parts, " ")
}
