package frontend

import (
	"modernc.org/token"

	"modernc.org/cc/v4"

	"github.com/inka-tool/inka/ir"
)

// The Test-Comp environment (Options.TestComp). A verification task of
// the competition is a whole program: main reads its inputs by calling
// __VERIFIER_nondet_T() (externs without a definition, so each call
// returns a fresh input of its type, as every call of an undefined
// function does in inka), restricts them with __VERIFIER_assume(c), and
// signals the error the task asks about by calling reach_error().

// errorCallNames are the functions whose call is the task's error.
var errorCallNames = map[string]bool{"reach_error": true, "__VERIFIER_error": true}

// ErrorCallDecision reports whether d is the decision of an error call of
// the Test-Comp environment: an assertion that always fails, whose false
// outcome is the call reached (its text is the call, "reach_error()").
func ErrorCallDecision(d *ir.Decision) bool {
	if d.Kind != ir.DecAssert {
		return false
	}
	name, ok := cutCall(d.Text)
	return ok && errorCallNames[name]
}

// cutCall returns the callee of the text of a call without arguments.
func cutCall(text string) (string, bool) {
	n := len(text)
	if n < 3 || text[n-2:] != "()" {
		return "", false
	}
	return text[:n-2], true
}

// errorCall lowers a call of reach_error(): an assertion that fails, with
// a decision located at the call. The run stops there with an assertion
// failure, which is what a test of the error reaches; what the program's
// own reach_error does (usually __assert_fail) is not run.
func (b *funcBuilder) errorCall(x *cc.PostfixExpression, name string, args []cc.ExpressionNode) {
	for _, a := range args {
		b.discard(a)
	}
	b.setPos(x.Position())
	d := b.decision(ir.DecAssert, x, "true", "false")
	d.Text = name + "()"
	b.emit(&ir.Assert{At: b.at(), Cond: ir.NewConst(ir.IntType, 0), Dec: &ir.DecRef{D: d, True: 0, False: 1}})
}

// assume lowers __VERIFIER_assume(c) as `if (c) {} else abort();`: a run
// where c is false ends there, as the competition's harnesses end it
// (after writing the coverage counters: the branches the run took count).
// The condition is a decision, of kind if: both its outcomes are runs of
// the task, and a compiler branches on it when it is a chain of && or ||.
func (b *funcBuilder) assume(c cc.ExpressionNode, pos token.Position) {
	d := b.decision(ir.DecIf, c, "true", "false")
	v := b.condValue(c)
	b.setPos(pos)
	ifs := &ir.If{At: b.at(), Cond: v, Dec: &ir.DecRef{D: d, True: 0, False: 1}}
	ifs.Else = []ir.Stmt{&ir.Call{At: b.at(), Extern: b.pb.libraryExtern("abort")}}
	b.emit(ifs)
}

// libraryExtern returns the extern of a C library function the lowering
// calls on its own (abort), declared as the library declares it whether
// or not the file does.
func (pb *progBuilder) libraryExtern(name string) *ir.Extern {
	if e, ok := pb.externs[name]; ok {
		return e
	}
	e := &ir.Extern{Name: name, Result: ir.VoidType, System: true}
	pb.externs[name] = e
	pb.p.Externs = append(pb.p.Externs, e)
	return e
}
