package abi

import "strings"

// Class is a System V AMD64 argument class (psABI §3.2.3).
type Class int

// The classes. NoClass marks an eightbyte that holds only padding.
const (
	NoClass Class = iota
	Integer
	SSE
	SSEUp
	X87
	X87Up
	ComplexX87
	Memory
)

var classNames = [...]string{"NO_CLASS", "INTEGER", "SSE", "SSEUP", "X87", "X87UP", "COMPLEX_X87", "MEMORY"}

func (c Class) String() string { return classNames[c] }

// ClassOf parses a class name.
func ClassOf(name string) (Class, bool) {
	for i, n := range classNames {
		if n == name {
			return Class(i), true
		}
	}
	return 0, false
}

// Classes is the classification of a type: one class per eightbyte, or
// the single class MEMORY.
type Classes []Class

func (cs Classes) String() string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = c.String()
	}
	return strings.Join(s, ",")
}

// Classify classifies t as the psABI does for a parameter or a return
// value: each eightbyte gets the merge of the classes of the fields that
// overlap it (integers and pointers INTEGER, float and double SSE, long
// double X87+X87UP, __float128 SSE+SSEUP, bit-fields INTEGER, named or
// not), then the post-merger cleans up.
// Aggregates over 16 bytes and aggregates with a misaligned field are
// MEMORY.
func Classify(t *Type) Classes {
	size := t.Size()
	if size > 16 {
		return Classes{Memory}
	}
	cs := make(Classes, (size+7)/8)
	if !classifyInto(t, 0, cs) {
		return Classes{Memory}
	}
	return postMerge(cs)
}

// classifyInto merges the classes of the type t at bit offset off into
// cs; false when a field is misaligned.
func classifyInto(t *Type, off int, cs Classes) bool {
	switch t.Kind {
	case Array:
		es := t.Elem.Size()
		for i := 0; i < t.Len; i++ {
			if !classifyMember(t.Elem, off+8*i*es, cs) {
				return false
			}
		}
		return true
	case Struct, Union:
		l := t.Layout()
		for i, f := range t.Fields {
			o := off + l.Offsets[i]
			if f.Bits >= 0 {
				// An unnamed bit-field of non-zero width is storage and
				// classifies as INTEGER (gcc; clang ignored it until
				// LLVM PR 216777); a zero-width one is not storage.
				if f.Bits > 0 {
					for eb := o / 64; eb <= (o+f.Bits-1)/64; eb++ {
						cs[eb] = merge(cs[eb], Integer)
					}
				}
				continue
			}
			if !classifyMember(f.Type, o, cs) {
				return false
			}
		}
		return true
	}
	if off%(8*t.Align()) != 0 {
		return false
	}
	eb := off / 64
	switch t.Kind {
	case Float, Double:
		cs[eb] = merge(cs[eb], SSE)
	case LongDouble:
		cs[eb] = merge(cs[eb], X87)
		cs[eb+1] = merge(cs[eb+1], X87Up)
	case Float128:
		cs[eb] = merge(cs[eb], SSE)
		cs[eb+1] = merge(cs[eb+1], SSEUp)
	case Int128, UInt128:
		cs[eb] = merge(cs[eb], Integer)
		cs[eb+1] = merge(cs[eb+1], Integer)
	default:
		cs[eb] = merge(cs[eb], Integer)
	}
	return true
}

// classifyMember merges the classes of a member t at bit offset off into
// cs. A scalar's class meets the others directly; an aggregate member is
// classified on its own first (with its own post-merger cleanup), and only
// its result meets the classes of its siblings — as gcc's and clang's
// recursive classifiers do. The merge is not associative: in
// union{long double, struct{float,int}[2]}, X87 meets the struct's
// INTEGER (INTEGER), where meeting its float first would give MEMORY.
func classifyMember(t *Type, off int, cs Classes) bool {
	if t.Kind != Struct && t.Kind != Union && t.Kind != Array {
		return classifyInto(t, off, cs)
	}
	sub := make(Classes, len(cs))
	if !classifyInto(t, off, sub) {
		return false
	}
	if t.Size() == 0 {
		return true
	}
	first, last := off/64, (off+8*t.Size()-1)/64
	for i := first; i <= last; i++ {
		switch {
		case sub[i] == Memory:
			return false
		case sub[i] == X87Up && (i == first || sub[i-1] != X87):
			return false
		case sub[i] == SSEUp && (i == first || sub[i-1] != SSE && sub[i-1] != SSEUp):
			sub[i] = SSE
		}
		cs[i] = merge(cs[i], sub[i])
	}
	return true
}

// merge is the psABI's rule for two classes meeting in one eightbyte.
func merge(a, b Class) Class {
	switch {
	case a == b:
		return a
	case a == NoClass:
		return b
	case b == NoClass:
		return a
	case a == Memory || b == Memory:
		return Memory
	case a == Integer || b == Integer:
		return Integer
	case a == X87 || a == X87Up || a == ComplexX87 || b == X87 || b == X87Up || b == ComplexX87:
		return Memory
	}
	return SSE
}

// postMerge applies the psABI's post-merger cleanup.
func postMerge(cs Classes) Classes {
	for i, c := range cs {
		switch {
		case c == Memory:
			return Classes{Memory}
		case c == X87Up && (i == 0 || cs[i-1] != X87):
			return Classes{Memory}
		case c == SSEUp && (i == 0 || cs[i-1] != SSE && cs[i-1] != SSEUp):
			cs[i] = SSE
		}
	}
	return cs
}
