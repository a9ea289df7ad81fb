package frontend

import (
	"fmt"
	"strings"

	"modernc.org/cc/v4"

	"github.com/inka-tool/inka/ir"
)

// Constructs inka does not model are not refused where they appear: the
// lowering of the expression or statement that holds one stops, and an
// ir.Unsupported statement takes its place, where a run would execute the
// construct (a cut). A run that reaches it stops there; the paths that do
// not go through it are answered as usual. The lowering panics with an
// *Error "unsupported: ..." as before, and the innermost expression,
// lvalue or statement being lowered recovers: it emits the cut and gives
// a placeholder for its value (a temporary the cut defines), so that the
// code around it, and after it, is lowered as usual. The function itself
// is refused only when its entry path needs a cut (Lower, with
// ir.EntryUnsupported).

// asUnsupported returns the *Error of a recovered panic that reports an
// unsupported construct.
func asUnsupported(r any) (*Error, bool) {
	e, ok := r.(*Error)
	if !ok || !strings.HasPrefix(e.Msg, "unsupported: ") {
		return nil, false
	}
	return e, true
}

// cut emits an Unsupported statement for e and returns the temporary of
// type t that stands for the construct's value (nil for none).
func (b *funcBuilder) cut(e *Error, t *ir.Type) *ir.Var {
	var dst *ir.Var
	if t != nil && t.Kind != ir.Void && t.Kind != ir.Array {
		dst = b.newTemp(t)
	}
	b.emit(&ir.Unsupported{At: ir.At{Pos: e.Pos}, What: strings.TrimPrefix(e.Msg, "unsupported: "), Dst: dst})
	return dst
}

// unsupportedHere returns the *Error of an unsupported construct at the
// position of the statements being emitted.
func (b *funcBuilder) unsupportedHere(what string) *Error {
	return &Error{Pos: b.pos, Msg: "unsupported: " + what}
}

// valueType is the IR type of the value of e for a placeholder: int when
// e has no type inka can name.
func (b *funcBuilder) valueType(e cc.ExpressionNode) (t *ir.Type) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := asUnsupported(r); !ok {
				panic(r)
			}
			t = ir.IntType
		}
	}()
	if e.Type() == nil || e.Type().Kind() == cc.Void || e.Type().Kind() == cc.Function {
		return ir.IntType
	}
	t = b.exprType(e)
	if t.Kind == ir.Array {
		t = b.u.dm.PointerTo(t.Elem)
	}
	return t
}

// catchCut returns the function to defer around the lowering of an
// expression or statement: on the panic of a construct inka does not
// model it restores the block where statements go and calls cut with the
// error, which emits the cut.
func (b *funcBuilder) catchCut(cut func(*Error)) func() {
	cur := b.cur
	return func() {
		if r := recover(); r != nil {
			ue, ok := asUnsupported(r)
			if !ok {
				panic(r)
			}
			b.cur = cur
			cut(ue)
		}
	}
}

// rvalue lowers e and returns its value (see rvalueExpr). A construct inka
// does not model inside e is cut where it would run, and so is the use of
// a value of an Opaque type (a floating-point number, a function
// pointer): the placeholder of the cut is the value.
func (b *funcBuilder) rvalue(e cc.ExpressionNode) (v ir.Value) {
	defer b.catchCut(func(ue *Error) { v = b.cut(ue, b.valueType(e)) })()
	if t := e.Type(); t != nil && isDesignator(e) && t.Kind() != cc.Array && t.Kind() != cc.Function {
		// the value of an object inka does not model: cut before the
		// object's address is computed, with the object's name
		if it := b.exprType(e); it.Kind == ir.Opaque {
			panic(unsupported(e.Position(), fmt.Sprintf("%s value %s (%s)", opaqueWhat(it), cc.NodeSource(e), it)))
		}
	}
	v = b.rvalueExpr(e)
	if v != nil && v.Type().Kind == ir.Opaque {
		panic(unsupported(e.Position(), fmt.Sprintf("%s value %s (%s)", opaqueWhat(v.Type()), cc.NodeSource(e), v.Type())))
	}
	return v
}

// scalar returns v, a value tested as a condition, or when v stands for
// an Opaque value (the placeholder of a cut), an int placeholder.
func (b *funcBuilder) scalar(v ir.Value, e cc.ExpressionNode) ir.Value {
	if v == nil || v.Type().Kind != ir.Opaque {
		return v
	}
	return b.cut(unsupported(e.Position(), fmt.Sprintf("%s condition %s", opaqueWhat(v.Type()), cc.NodeSource(e))), ir.IntType)
}

// discard lowers e for its side effects (see discardExpr), cutting what
// inka does not model.
func (b *funcBuilder) discard(e cc.ExpressionNode) {
	defer b.catchCut(func(ue *Error) { b.cut(ue, nil) })()
	b.discardExpr(e)
}

// lvalue lowers an lvalue expression (see lvalueExpr), cutting what inka
// does not model: the placeholder is the object's address.
func (b *funcBuilder) lvalue(e cc.ExpressionNode) (l lval) {
	defer b.catchCut(func(ue *Error) {
		t := b.valueType(e)
		if ot := b.objTypeOrNil(e); ot != nil {
			t = ot
		}
		l = lval{ptr: b.cut(ue, b.u.dm.PointerTo(t)), typ: t}
	})()
	return b.lvalueExpr(e)
}

// objTypeOrNil is objType, or nil when e's object has no IR type.
func (b *funcBuilder) objTypeOrNil(e cc.ExpressionNode) (t *ir.Type) {
	defer b.catchCut(func(*Error) { t = nil })()
	return b.objType(e)
}

// stmt lowers s at the end of out, entered as en says (see stmtOf). A
// statement inka cannot lower (inline assembly, a declaration of a
// array of variable-length arrays, ...) is cut: what was emitted for it stays,
// followed by the cut, and the code that follows goes after the cut.
func (b *funcBuilder) stmt(s *cc.Statement, out *[]ir.Stmt, en entry) (next *[]ir.Stmt, ex exits) {
	defer b.cutStmt(out, &next, &ex)()
	return b.stmtOf(s, out, en)
}

// item lowers a block item (see itemOf), cut as stmt does.
func (b *funcBuilder) item(it *cc.BlockItem, out *[]ir.Stmt, en entry) (next *[]ir.Stmt, ex exits) {
	defer b.cutStmt(out, &next, &ex)()
	return b.itemOf(it, out, en)
}

// cutStmt returns the function to defer around the lowering of a
// statement into out: on a cut, out is the block where the cut and the
// code that follows go.
func (b *funcBuilder) cutStmt(out *[]ir.Stmt, next **[]ir.Stmt, ex *exits) func() {
	ntargets, pos := len(b.targets), b.pos
	return b.catchCut(func(ue *Error) {
		b.targets, b.pos = b.targets[:ntargets], pos
		b.cur = out
		b.cut(ue, nil)
		*next, *ex = out, exits{normal: true}
	})
}
