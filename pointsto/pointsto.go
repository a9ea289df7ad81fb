// Package pointsto is Emami's flow-sensitive points-to analysis (Emami,
// Ghiya, Hendren, PLDI'94) as used by Gotlieb, Denmat and Botella, section
// 4.3 and Figures 6-7: relations pto(p, a, definite|possible) computed on
// every statement of a structured function, with kill and gen sets for the
// elementary pointer statements, a merge at the join of if/else (a relation
// definite on one side only becomes possible) and a fixpoint for loops.
//
// It works on one function whose calls to functions of the file have been
// inlined (ir.Inline). Locations are field-sensitive and array-insensitive:
// a location is an object and a path of struct member names, every array
// index being collapsed, so `a[i].f` and `a[j].f` are one location (a
// summary). Summaries are never strongly updated and never hold definite
// relations. Pointer inputs point to the fresh objects of ir.InputShape,
// and possibly to NULL.
//
// The analysis is sound for the programs the front end accepts: if at run
// time p points into object a at a statement, then pto(p, a, possible) or
// pto(p, a, definite) holds there; definite means on every path. The
// package test checks this against the interpreter on random inputs.
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
	UnknownObj                // anything: a pointer returned or written by a stub
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

// Loc is a location: an object and a path of member names (".f.g"), array
// indices collapsed. As a pointer target it is what the pointer points
// into; as a pointer holder it is where a pointer value is stored.
type Loc struct {
	Obj  *Object
	Path string
}

func (l Loc) String() string { return l.Obj.Name + l.Path }

// Type returns the type of the location, arrays stripped: the type of the
// elements it summarizes.
func (l Loc) Type() *ir.Type {
	t := l.Obj.Typ
	if t == nil {
		return nil
	}
	t = stripArrays(t)
	for _, name := range splitPath(l.Path) {
		found := false
		for _, f := range t.Fields {
			if f.Name == name {
				t = stripArrays(f.Type)
				found = true
				break
			}
		}
		if !found {
			return nil
		}
	}
	return t
}

// Summary reports whether l stands for several run-time cells (it lies in
// an array): such a location is only weakly updated.
func (l Loc) Summary() bool {
	t := l.Obj.Typ
	if t == nil {
		return false
	}
	if t.Kind == ir.Array {
		return true
	}
	for _, name := range splitPath(l.Path) {
		for _, f := range t.Fields {
			if f.Name == name {
				t = f.Type
				break
			}
		}
		if t.Kind == ir.Array {
			return true
		}
	}
	return false
}

func stripArrays(t *ir.Type) *ir.Type {
	for t.Kind == ir.Array {
		t = t.Elem
	}
	return t
}

func splitPath(p string) []string {
	if p == "" {
		return nil
	}
	return strings.Split(p[1:], ".")
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
		if !ok || len(us) != len(ts) {
			return false
		}
		for t, r := range ts {
			if us[t] != r {
				return false
			}
		}
	}
	return true
}

// merge joins two graphs at a control-flow join (Figure 7): a relation
// definite on both sides stays definite, any other becomes possible.
func merge(a, b Graph) Graph {
	out := make(Graph, len(a))
	for k, ts := range a {
		us := b[k]
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
		if a.From.String() != b.From.String() {
			return a.From.String() < b.From.String()
		}
		return a.To.String() < b.To.String()
	})
	return out
}

// String prints g as pto(p, a, rel) triples.
func (g Graph) String() string {
	var parts []string
	for _, r := range g.Relations() {
		parts = append(parts, fmt.Sprintf("pto(%s, %s, %s)", r.From, r.To, r.Rel))
	}
	return strings.Join(parts, " ")
}
