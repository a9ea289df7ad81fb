package frontend

import (
	"fmt"

	"modernc.org/cc/v4"
	"modernc.org/token"

	"github.com/inka-tool/inka/ir"
)

// Variable-length arrays. `T a[n]` in a block is an object made at run
// time (ir/heap.go, ir.VLA): the declaration evaluates n, which must be
// positive (else undefined behaviour: an ir.Assert with UB) and give at
// most ir.MaxVLA bytes (else a cut: gcc would make it, inka's objects
// hold less), then calls the extern __inka_vla with the size in bytes;
// the array's name is a pointer variable to its first element, as a
// parameter declared as an array is, so that indexing, decay and pointer
// arithmetic lower as for any array. `sizeof a` is the size computed at
// the declaration. A typedef of a VLA type in the function evaluates its
// size where it stands (C11 6.7.8p3): the arrays declared with it and
// `sizeof(T)` take that size, whatever the variables of the size
// expression become. What is cut: arrays of variable-length arrays
// (`int m[n][k]`: the rows' size is not a constant), `&a`, `sizeof(int[n])`
// and any other use of a's array type (they need VLA types in the IR).

// vla lowers the declaration of variable-length array dd of type at.
func (b *funcBuilder) vla(dd *cc.Declarator, at *cc.ArrayType, init *cc.Initializer, pos token.Position) {
	defer func(old ir.Pos) { b.pos = old }(b.pos)
	if init != nil {
		panic(unsupported(pos, "initializer of a variable-length array"))
	}
	if ea, ok := at.Elem().(*cc.ArrayType); ok && ea.IsVLA() {
		panic(unsupported(pos, "array of variable-length arrays"))
	}
	count := b.vlaTypes[at]
	if count == nil {
		se := at.SizeExpression()
		if se == nil {
			panic(unsupported(pos, "variable-length array of unspecified size"))
		}
		if sp := se.Position(); sp.Filename != pos.Filename || sp.Line < pos.Line || sp.Line == pos.Line && sp.Column < pos.Column {
			// a type declared before the array, not by a typedef of
			// the function (a typeof, a parameter's type)
			panic(unsupported(pos, "variable-length array type declared before the array, not by a typedef"))
		}
		count = b.vlaCount(dd.Name(), se)
	}
	et := b.u.irType(at.Elem(), pos)
	if et.Size() <= 0 {
		panic(unsupported(pos, "variable-length array of "+et.String()))
	}
	st := count.Typ
	b.setPos(pos)
	big := b.newTemp(ir.IntType)
	b.emit(&ir.Binary{At: b.at(), Dst: big, Op: ir.Gt, X: count, Y: ir.NewConst(st, uint64(ir.MaxVLA/et.Size()))})
	b.emit(&ir.If{At: b.at(), Cond: big, Then: []ir.Stmt{&ir.Unsupported{At: b.at(),
		What: fmt.Sprintf("variable-length array %s of more than %d bytes (inka's objects hold at most that)", dd.Name(), ir.MaxVLA)}}})
	bytes := b.newTemp(st)
	b.emit(&ir.Binary{At: b.at(), Dst: bytes, Op: ir.Mul, X: count, Y: ir.NewConst(st, uint64(et.Size()))})
	obj := b.newTemp(b.u.dm.PointerTo(ir.VoidType))
	b.emit(&ir.Call{At: b.at(), Dst: obj, Extern: b.pb.vlaExtern(st), Args: []ir.Value{bytes}})
	v := b.pb.newVar(b.localName(dd.Name()), b.u.dm.PointerTo(et), ir.Local, irPos(pos), b.f)
	b.f.Locals = append(b.f.Locals, v)
	b.emit(&ir.Conv{At: b.at(), Dst: v, X: obj})
	b.vars[dd] = v
	b.decls[v] = dd
	if k := len(b.blockVLAs); k > 0 {
		b.blockVLAs[k-1] = append(b.blockVLAs[k-1], v)
	}
	if b.vlaSizes == nil {
		b.vlaSizes = map[*cc.Declarator]*ir.Var{}
	}
	b.vlaSizes[dd] = bytes
}

// vlaSizeof returns the size of the variable-length array e names (nil
// when e names none).
func (b *funcBuilder) vlaSizeof(e cc.ExpressionNode) *ir.Var {
	x, ok := unparen(e).(*cc.PrimaryExpression)
	if !ok || x.Case != cc.PrimaryExpressionIdent {
		return nil
	}
	d, ok := x.ResolvedTo().(*cc.Declarator)
	if !ok {
		return nil
	}
	return b.vlaSizes[d]
}

// vlaExtern returns the extern of the objects of variable-length arrays
// (ir.VLA), size the type of its argument.
func (pb *progBuilder) vlaExtern(size *ir.Type) *ir.Extern {
	if e, ok := pb.externs[ir.VLAExternName]; ok {
		return e
	}
	e := &ir.Extern{Name: ir.VLAExternName, Result: pb.u.dm.PointerTo(ir.VoidType), Params: []*ir.Type{size},
		ConstPointee: []bool{false}, System: true}
	pb.externs[ir.VLAExternName] = e
	pb.p.Externs = append(pb.p.Externs, e)
	return e
}

// vlaCount evaluates the size expression se of a variable-length array
// type (of the array, or the typedef, named name): positive, else
// undefined behaviour (C11 6.7.6.2p5). It returns the number of elements
// as an unsigned long.
func (b *funcBuilder) vlaCount(name string, se cc.ExpressionNode) *ir.Var {
	n := b.rvalue(se)
	nt := n.Type()
	if !nt.IsInteger() {
		panic(unsupported(se.Position(), "variable-length array whose size is not an integer"))
	}
	b.setPos(se.Position())
	positive := b.newTemp(ir.IntType)
	op := ir.Gt
	if !nt.IsSigned() {
		op = ir.Ne
	}
	b.emit(&ir.Binary{At: b.at(), Dst: positive, Op: op, X: n, Y: ir.NewConst(nt, 0)})
	b.emit(&ir.Assert{At: b.at(), Cond: positive, UB: fmt.Sprintf("variable-length array %s of size %s <= 0", name, cc.NodeSource(se))})
	count := b.newTemp(b.u.dm.IntType(ir.ULong))
	b.emit(&ir.Copy{At: b.at(), Dst: count, Src: b.convert(n, count.Typ)})
	return count
}

// vlaTypedef evaluates the size of the variable-length array type a
// typedef in the function declares, where C evaluates it: the arrays
// declared with the typedef name and its sizeof take that size.
func (b *funcBuilder) vlaTypedef(dd *cc.Declarator, at *cc.ArrayType) {
	defer func(old ir.Pos) { b.pos = old }(b.pos)
	if ea, ok := at.Elem().(*cc.ArrayType); ok && ea.IsVLA() {
		panic(unsupported(dd.Position(), "array of variable-length arrays"))
	}
	se := at.SizeExpression()
	if se == nil {
		panic(unsupported(dd.Position(), "variable-length array of unspecified size"))
	}
	if b.vlaTypes == nil {
		b.vlaTypes = map[*cc.ArrayType]*ir.Var{}
	}
	b.vlaTypes[at] = b.vlaCount(dd.Name(), se)
}

// vlaTypeSize returns the size in bytes of t when it is the
// variable-length array type of a typedef of the function (nil
// otherwise).
func (b *funcBuilder) vlaTypeSize(t cc.Type, pos token.Position) ir.Value {
	at, ok := t.(*cc.ArrayType)
	if !ok || b.vlaTypes[at] == nil {
		return nil
	}
	et := b.u.irType(at.Elem(), pos)
	if et.Size() <= 0 {
		return nil
	}
	count := b.vlaTypes[at]
	bytes := b.newTemp(count.Typ)
	b.emit(&ir.Binary{At: b.at(), Dst: bytes, Op: ir.Mul, X: count, Y: ir.NewConst(count.Typ, uint64(et.Size()))})
	return bytes
}

// vlaEnd ends the lifetime of the variable-length arrays vs where their
// block ends (at pos, its closing brace) on its normal exit: the last
// declared first.
func (b *funcBuilder) vlaEnd(vs []*ir.Var, pos ir.Pos) {
	voidp := b.u.dm.PointerTo(ir.VoidType)
	at := ir.At{Pos: pos}
	for i := len(vs) - 1; i >= 0; i-- {
		p := b.newTemp(voidp)
		b.emit(&ir.Conv{At: at, Dst: p, X: vs[i]})
		b.emit(&ir.Call{At: at, Extern: b.pb.vlaEndExtern(voidp), Args: []ir.Value{p}})
	}
}

// vlaEndExtern returns the extern that ends a variable-length array's
// lifetime (ir.VLAEnd).
func (pb *progBuilder) vlaEndExtern(voidp *ir.Type) *ir.Extern {
	if e, ok := pb.externs[ir.VLAEndExternName]; ok {
		return e
	}
	e := &ir.Extern{Name: ir.VLAEndExternName, Params: []*ir.Type{voidp}, ConstPointee: []bool{true}, System: true}
	pb.externs[ir.VLAEndExternName] = e
	pb.p.Externs = append(pb.p.Externs, e)
	return e
}
