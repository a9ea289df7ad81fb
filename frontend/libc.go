package frontend

import (
	"fmt"
	"strings"

	"modernc.org/cc/v4"
	"modernc.org/token"

	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/libc"
)

// The C library's models (package libc) are C sources read with the
// file: every translation unit defines __inka_libc_strlen and its kin. A
// call of a C library function (declared by a system header, not defined
// by the file) that has a model is a call of the model, lowered and
// inlined like the file's own functions; in the IR the model carries the
// library's name (strlen), its decisions are no goals, and its globals
// (errno) are named as C names them.

// model returns the definition of the model of the function name called
// with args (nil when its address is taken), or nil: nil when the file
// defines name itself, when no system header declares it (the file's own
// declaration makes it the file's callee), or when inka does not model it
// or not on those arguments (without byte-addressed memory, memcpy of an
// int array: libc.Library.Version). __builtin_strlen is strlen.
func (u *Unit) model(name string, args []cc.ExpressionNode) *cc.FunctionDefinition {
	if u.defs[name] != nil || !u.declaredBySystem(name) {
		return nil
	}
	m, ok := library.Model(strings.TrimPrefix(name, "__builtin_"))
	if !ok {
		return nil
	}
	if library.Bytes {
		// Memory is bytes: one version for objects of any type (memset
		// of a struct, memcpy of an array of structs).
		return u.defs[library.Version(m, "")]
	}
	var chars []byte
	for _, i := range m.Chars {
		if i >= len(args) {
			return nil
		}
		c := charKind(args[i].Type())
		if c == 0 {
			return nil
		}
		chars = append(chars, c)
	}
	return u.defs[library.Version(m, string(chars))]
}

// charKind returns the letter of the character type an argument of type t
// points to, for libc.Library.Version ('c', 's', 'u'), or 0.
func charKind(t cc.Type) byte {
	switch x := t.(type) {
	case *cc.PointerType:
		t = x.Elem()
	case *cc.ArrayType:
		t = x.Elem()
	default:
		return 0
	}
	switch t.Kind() {
	case cc.Char:
		return 'c'
	case cc.SChar:
		return 's'
	case cc.UChar:
		return 'u'
	}
	return 0
}

// irName returns the name in the IR of a function or global defined at
// pos named name: a model's is the library's name (__inka_libc_strlen is
// strlen) unless the file defines that name itself.
func (u *Unit) irName(name string, pos string) string {
	if !libc.IsModelFile(pos) {
		return name
	}
	lib, ok := strings.CutPrefix(name, libc.Prefix)
	if !ok || u.defs[lib] != nil || u.objs[lib] != nil {
		return name
	}
	return lib
}

// forgetDecisions makes the decisions of a model's body no decisions:
// the goals are the file's, and a model's tests are of no interest to
// the user (its branches are still the model's, for the analysis).
func forgetDecisions(f *ir.Func) {
	f.Decisions = nil
	ir.Walk(f.Body, func(s ir.Stmt) {
		switch s := s.(type) {
		case *ir.If:
			s.Dec = nil
		case *ir.While:
			s.Dec = nil
		case *ir.Assert:
			s.Dec = nil
		}
	})
}

// require lowers a model's __inka_require(cond, "why"): an Assert whose
// failure is undefined behaviour (ir.Assert.UB), no decision.
func (b *funcBuilder) require(args []cc.ExpressionNode, pos token.Position) {
	var why string
	if len(args) == 2 {
		if lit, ok := unparen(args[1]).(*cc.PrimaryExpression); ok && lit.Case == cc.PrimaryExpressionString {
			s, _ := lit.Value().(cc.StringValue)
			why = strings.TrimSuffix(string(s), "\x00")
		}
	}
	if why == "" {
		panic(fmt.Sprintf("libc: %v: __inka_require needs a condition and a string literal", pos))
	}
	c := b.condValue(args[0])
	b.emit(&ir.Assert{At: b.at(), Cond: c, UB: why})
}
