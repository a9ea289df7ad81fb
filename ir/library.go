package ir

import "fmt"

// The C library. A function a system header declares (Extern.System) has
// a behaviour the C standard specifies: its results are no free input of a
// test, as an undefined callee's are. inka models a few of them (the ones
// that end the run: NoReturn); HasModel is the one place that says which.
// A call of any other is unmodelled: when the run depends on what it does
// (its result is used, or it may write memory the program can read),
// the run is unknown from there on — the model cuts the path, the
// interpreter stops — and the answers that depend on it are unknown,
// naming the function. A call whose only effect is output (printf,
// fputs to a stream) changes nothing the program reads: it runs as a
// no-op in inka and as itself in the harness.

// HasModel reports whether inka models the C library function e (the
// interpreter and the constraint model know what a call does; for the
// exact functions of <math.h>, MathFunc, the interpreter computes them and
// the constraint model cuts them as floating-point computation, FloatStmt).
func (e *Extern) HasModel() bool {
	return e.NoReturn() || MathFunc(e.Name)
}

// UnmodelledStmt returns why the run cannot go on past s: a call of the C
// library (Call.Unmodelled), or a statement that reads or takes the
// address of one of the library's objects (Var.System: the program may
// only pass them to library calls, as fprintf(stderr, ...) does); "" for
// every other statement.
func UnmodelledStmt(s Stmt) string {
	if c, ok := s.(*Call); ok {
		if why := c.Unmodelled(); why != "" || (c.Extern != nil && c.Extern.System) {
			return why
		}
	}
	for _, v := range StmtVars(s) {
		if v.System {
			return fmt.Sprintf("depends on %s, an object of the C library inka does not model", v.Name)
		}
	}
	return ""
}

// Unmodelled returns why the run cannot go on past c, a call of a C
// library function inka does not model whose effect the program may
// observe, or of an allocation function (heap.go: the interpreter runs it,
// the constraint model cuts the path there); "" for every other call.
func (c *Call) Unmodelled() string {
	e := c.Extern
	if e == nil || !e.System || e.HasModel() {
		return ""
	}
	switch e.Heap() {
	case NotHeap:
	case VLAEnd:
		return "" // the model keeps the object alive (heap.go)
	default:
		return heapCut(e) // the interpreter runs it (heap.go)
	}
	if c.Dst != nil {
		return fmt.Sprintf("depends on %s, which inka does not model: the run uses its result", e.Name)
	}
	format := PrintfFormat(e.Name)
	for i, a := range c.Args {
		t := a.Type()
		if !t.IsPointer() || (i < len(e.ConstPointee) && e.ConstPointee[i]) {
			continue // the library honours const
		}
		if format >= 0 && i > format {
			continue // printf reads its arguments (the front end refuses %n)
		}
		if k, ok := a.(*Const); ok && k.Bits == 0 {
			continue // NULL
		}
		if isStream(t.Elem) {
			continue // a FILE: the program reads it only through the library
		}
		return fmt.Sprintf("depends on %s, which inka does not model: it may write through its argument %d", e.Name, i+1)
	}
	return ""
}

// PrintfFormat returns the index of the format argument of a function of
// the printf family, or -1. Such a function reads the pointers it receives
// after the format, except with a %n conversion, which the front end
// refuses.
func PrintfFormat(name string) int {
	switch name {
	case "printf":
		return 0
	case "fprintf", "dprintf", "sprintf":
		return 1
	case "snprintf":
		return 2
	}
	return -1
}

// isStream reports whether t is the C library's FILE (glibc and musl name
// its struct _IO_FILE).
func isStream(t *Type) bool {
	return t != nil && t.Kind == Struct && (t.Tag == "_IO_FILE" || t.Tag == "__sFILE")
}

// The flags of printf's integer conversions, above the conversion's letter
// (the low 8 bits) in the spec of the output intrinsics
// __inka_output_int and __inka_printf_int (libc/src/stdio.c).
const (
	OutputMinus = 1 << (8 + iota) // '-': left-justified
	OutputPlus                    // '+': a sign always
	OutputSpace                   // ' ': a space for no sign
	OutputHash                    // '#': the alternative form
	OutputZero                    // '0': padded with zeros
)
