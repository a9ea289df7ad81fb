package frontend

import (
	"fmt"
	"math"

	"modernc.org/cc/v4"

	"github.com/inka-tool/inka/ir"
)

// declaration lowers a block-scope declaration: locals (with their
// initializers as statements), block-scope statics (created when first
// used), extern declarations, typedefs.
func (b *funcBuilder) declaration(d *cc.Declaration) {
	switch d.Case {
	case cc.DeclarationAssert:
		return
	case cc.DeclarationAuto:
		panic(unsupported(d.Position(), "__auto_type"))
	}
	for l := d.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
		id := l.InitDeclarator
		dd := id.Declarator
		if dd != nil && dd.IsTypename() {
			if at, ok := dd.Type().(*cc.ArrayType); ok && at.IsVLA() {
				b.vlaTypedef(dd, at)
			}
			continue
		}
		if dd == nil {
			continue
		}
		t := dd.Type()
		if t == nil || t.Kind() == cc.Function || dd.IsExtern() {
			continue
		}
		if dd.IsStatic() {
			b.pb.inits[dd] = id.Initializer
			continue
		}
		if dd.IsThreadLocal() {
			panic(unsupported(dd.Position(), "thread-local variable"))
		}
		pos := dd.Position()
		if at, ok := t.(*cc.ArrayType); ok && at.IsVLA() {
			b.vla(dd, at, id.Initializer, pos)
			continue
		}
		it := b.u.declType(t, b.u.quals.typeOf(dd), pos)
		if it.Kind == ir.Void {
			panic(unsupported(pos, "object of type void"))
		}
		v := b.pb.newVar(b.localName(dd.Name()), it, ir.Local, irPos(pos), b.f)
		v.ReadOnly = it.AllConst()
		b.f.Locals = append(b.f.Locals, v)
		b.vars[dd] = v
		b.decls[v] = dd
		if id.Initializer != nil {
			old := b.setPos(id.Initializer.Position())
			b.localInit(v, id.Initializer)
			b.pos = old
		} else if hasBitBytes(it) {
			b.zeroBitBytes(v)
		}
	}
}

// localName returns a name for a local distinct from the other variables
// of the function and from the file-scope objects.
func (b *funcBuilder) localName(name string) string {
	n := b.names[name]
	b.names[name] = n + 1
	if n == 0 && !b.u.names[name] {
		return name
	}
	for k := n + 1; ; k++ {
		s := fmt.Sprintf("%s.%d", name, k)
		if b.names[s] == 0 {
			b.names[s] = 1
			return s
		}
	}
}

// leafInit is the initial value of one leaf of an object.
type leafInit struct {
	leaf int
	e    cc.ExpressionNode // the initializer expression, or
	c    *ir.Const         // a constant (a character of a string literal)
	// unmodelled names the member initialized when it has no leaf (a
	// bit-field, a member of an Opaque type): leaf is -1, and a local's
	// initializer is a cut unless e is constant.
	unmodelled string
	// bit: a bit-field (leaf -1), at bit pos from the object's start (base
	// unset)
	bit *bitRef
	// overPointer: bit is the first member of a union modelled as a
	// pointer member, leaf (Csmith's `union { signed f0 : 26; int8_t *f1;
	// } g = {0x5687C417}`): its bits are the low bits of the pointer's
	// bytes, a static one's given as an integer constant of the leaf's
	// size (ir.InitItem), a local's stored byte by byte.
	overPointer bool
}

// initLeaves maps the scalar initializers of an object of type t to the
// leaves of t (Type.Leaves).
func (u *Unit) initLeaves(t *ir.Type, init *cc.Initializer) []leafInit {
	leaves := t.Leaves()
	// cc places the initializers at its own offsets, which differ from
	// gcc's (ir's) after a bit-field it lays out otherwise: leaves are
	// found by cc's offsets.
	offs, bitPos := ccOffsets(t, init.Type())
	byOff := map[int64]int{}
	for i := range leaves {
		if _, dup := byOff[offs[i]]; !dup {
			byOff[offs[i]] = i
		}
	}
	var r []leafInit
	var walk func(n *cc.Initializer)
	walk = func(n *cc.Initializer) {
		switch n.Case {
		case cc.InitializerInitList:
			for l := n.InitializerList; l != nil; l = l.InitializerList {
				if l.Initializer != nil {
					walk(l.Initializer)
				}
			}
			return
		case cc.InitializerExpr:
		default:
			panic(unsupported(n.Position(), "initializer"))
		}
		pos := n.Position()
		nt := n.Type()
		e := n.AssignmentExpression
		// A member inka does not model; in a union modelled as another
		// member (ir.Type.UnionMember), its bytes are that member's too:
		// they cannot be left out.
		overlaps := func(size int64) {
			if zeroBytes(e) {
				return // all bytes zero: so are the other member's
			}
			for _, off := range offs {
				if off >= n.Offset() && off < n.Offset()+size {
					panic(unsupported(pos, "initializer of a member inka does not model, in a union modelled as another member"))
				}
			}
		}
		if f := n.Field(); f != nil && f.IsBitfield() && f.Name() != "" && f.ValueBits() > 0 {
			// its bits are in bit-field bytes, where gcc places them
			if gpos, ok := bitPos[n.Offset()*8+int64(f.OffsetBits())]; ok {
				bt := u.irType(f.Type(), pos)
				r = append(r, leafInit{leaf: -1, e: e, bit: &bitRef{pos: gpos, bits: f.ValueBits(), typ: bt}})
				return
			}
			if i, ok := byOff[n.Offset()]; ok && f.OffsetBits() == 0 && leaves[i].Type.IsInteger() &&
				leaves[i].Type.Size()*8 >= f.ValueBits() && offs[i] == n.Offset() && isIntegerKind(e.Type().Kind()) {
				// the first member of a union modelled as an integer
				// member that holds its bytes: the bit-field is its low
				// bits, the others zero
				if c, ok := u.intValue(e); ok {
					r = append(r, leafInit{leaf: i, c: ir.NewConst(leaves[i].Type, uint64(c)&mask(f.ValueBits()))})
					return
				}
			}
			if i, ok := byOff[n.Offset()]; ok && f.OffsetBits() == 0 && leaves[i].Type.IsPointer() &&
				leaves[i].Type.Size()*8 >= f.ValueBits() && offs[i] == n.Offset() && isIntegerKind(e.Type().Kind()) {
				bt := u.irType(f.Type(), pos)
				r = append(r, leafInit{leaf: i, e: e, bit: &bitRef{pos: leaves[i].Offset * 8, bits: f.ValueBits(), typ: bt}, overPointer: true})
				return
			}
			if !zeroBytes(e) {
				if i, ok := byOff[n.Offset()]; ok && leaves[i].Type.Size()*8 < f.ValueBits() {
					// Csmith's `union { signed f0 : 29; const uint8_t f1; ... }`
					panic(unsupported(pos, fmt.Sprintf("initializer of bit-field %s (%d bits) of a union modelled as a narrower member (%s)",
						f.Name(), f.ValueBits(), leaves[i].Type)))
				}
				panic(unsupported(pos, "initializer of bit-field "+f.Name()+" (not found in gcc's layout)"))
			}
		}
		if f := n.Field(); f != nil && (f.IsBitfield() || f.IsFlexibleArrayMember()) {
			overlaps((f.ValueBits() + 7) / 8)
			r = append(r, leafInit{leaf: -1, e: e, unmodelled: "bit-field " + f.Name()})
			return
		}
		if nt.Kind() != cc.Array {
			if st := u.irType(nt, pos); st.Kind == ir.Opaque {
				overlaps(st.Size())
				r = append(r, leafInit{leaf: -1, e: e, unmodelled: fmt.Sprintf("%s member (%s)", opaqueWhat(st), st)})
				return
			}
		}
		if nt.Kind() == cc.Array {
			// a character array initialized by a string literal
			s, ok := unparen(e).(*cc.PrimaryExpression)
			if !ok || s.Case != cc.PrimaryExpressionString {
				panic(unsupported(pos, "array initializer "+cc.NodeSource(e)))
			}
			sv, _ := s.Value().(cc.StringValue)
			at := u.irType(nt, pos)
			for i := int64(0); i < at.Len && i < int64(len(sv)); i++ {
				li, ok := byOff[n.Offset()+i]
				if !ok {
					panic(unsupported(pos, "initializer layout"))
				}
				r = append(r, leafInit{leaf: li, c: ir.NewConst(at.Elem, uint64(sv[i]))})
			}
			return
		}
		st := u.irType(nt, pos)
		if st.IsAggregate() {
			panic(unsupported(pos, "initialization of a struct or union member by a struct value"))
		}
		size := st.Size()
		for k := int64(0); k < n.Len(); k++ {
			off := n.Offset() + k*size
			li, ok := byOff[off]
			if ok && !ir.Identical(leaves[li].Type, st) && st.IsInteger() && leaves[li].Type.IsInteger() &&
				st.Size() < leaves[li].Type.Size() && isIntegerKind(e.Type().Kind()) {
				// a narrower integer member of a union modelled as an
				// integer member that holds its bytes (`.op = '+'` in a
				// union of long num and char op): its low bytes, the
				// others zero, as gcc stores them (x86 is little-endian)
				if c, isConst := u.intValue(e); isConst {
					r = append(r, leafInit{leaf: li, c: ir.NewConst(leaves[li].Type, uint64(c)&(1<<(8*st.Size())-1))})
					continue
				}
			}
			if !ok || !ir.Identical(leaves[li].Type, st) {
				panic(unsupported(pos, "initializer of a union member other than the first"))
			}
			r = append(r, leafInit{leaf: li, e: e})
		}
	}
	walk(init)
	return r
}

// zeroBytes reports whether the constant initializer e has all its bytes
// zero: an integer 0, or a floating-point +0.0.
func zeroBytes(e cc.ExpressionNode) bool {
	if !e.Pure() {
		return false
	}
	switch v := e.Value().(type) {
	case cc.Int64Value:
		return v == 0
	case cc.UInt64Value:
		return v == 0
	case cc.Float64Value:
		return v == 0 && !math.Signbit(float64(v))
	}
	return false
}

// ccOffsets returns the byte offset cc gives each leaf of t (in
// t.Leaves() order) in an object of its type ct: ir's offsets when cc's
// type does not have t's shape. bits maps the bit position cc gives each
// named bit-field to gcc's (ir's), nil when the shapes differ.
func ccOffsets(t *ir.Type, ct cc.Type) (out []int64, bits map[int64]int64) {
	ok := true
	bits = map[int64]int64{}
	var walk func(t *ir.Type, ct cc.Type, off, goff int64)
	walk = func(t *ir.Type, ct cc.Type, off, goff int64) {
		switch t.Kind {
		case ir.Array:
			at, isArray := ct.(*cc.ArrayType)
			if !isArray {
				ok = false
				return
			}
			for i := int64(0); i < t.Len; i++ {
				walk(t.Elem, at.Elem(), off+i*at.Elem().Size(), goff+i*t.Elem.Size())
			}
		case ir.Struct, ir.Union:
			var field func(int) *cc.Field
			var n int
			switch x := ct.(type) {
			case *cc.StructType:
				n, field = x.NumFields(), x.FieldByIndex
			case *cc.UnionType:
				n, field = x.NumFields(), x.FieldByIndex
			}
			if n != len(t.Fields) {
				ok = false
				return
			}
			for i, f := range t.Fields {
				if f.Modelled() && (t.Kind == ir.Struct || i == t.UnionMember()) {
					walk(f.Type, field(i).Type(), off+field(i).Offset(), goff+f.Offset)
				}
				if f.BitField && f.Name != "" && f.Bits > 0 && (t.Kind == ir.Struct || t.UnionMember() < 0) {
					cf := field(i)
					bits[(off+cf.Offset())*8+int64(cf.OffsetBits())] = (goff+f.Offset)*8 + f.BitOff
					_, nb := f.BitBytes()
					for k := int64(0); k < nb; k++ {
						out = append(out, -1) // no initializer is placed by a bit-field byte's offset
					}
				}
			}
		case ir.Void, ir.Opaque:
		default:
			out = append(out, off)
		}
	}
	walk(t, ct, 0, 0)
	leaves := t.Leaves()
	if !ok || len(out) != len(leaves) {
		out, bits = out[:0], nil
		for _, l := range leaves {
			out = append(out, l.Offset)
		}
	}
	return out, bits
}

// localInit lowers the initializer of a local as statements.
func (b *funcBuilder) localInit(v *ir.Var, init *cc.Initializer) {
	if init.Case == cc.InitializerExpr && !isStringInit(v.Typ, init) {
		e := init.AssignmentExpression
		val := b.convertAssign(b.rvalue(e), v.Typ, e, "initialization")
		b.assign(v, val)
		return
	}
	items := b.u.initLeaves(v.Typ, init)
	leaves := v.Typ.Leaves()
	// later items override earlier ones (designated initializers)
	last := map[int]leafInit{}
	order := []int{}
	var bits []leafInit
	for _, it := range items {
		if it.bit != nil {
			bits = append(bits, it)
			continue
		}
		if it.leaf < 0 {
			b.unmodelledInit(it)
			continue
		}
		if _, ok := last[it.leaf]; !ok {
			order = append(order, it.leaf)
		}
		last[it.leaf] = it
	}
	// Constant leaves (and the zeros) come from a read-only template copied
	// in one statement when there are more than two of them.
	var consts []ir.InitItem
	nconst := 0
	for i, l := range leaves {
		it, ok := last[i]
		switch {
		case !ok:
			nconst++
		case it.c != nil:
			nconst++
			if it.c.Bits != 0 {
				consts = append(consts, ir.InitItem{Leaf: i, Val: it.c})
			}
		default:
			if c, ok := b.constOf(it.e, l.Type); ok && l.Type.IsInteger() {
				nconst++
				if c.Bits != 0 {
					consts = append(consts, ir.InitItem{Leaf: i, Val: c})
				}
				last[i] = leafInit{leaf: i, c: c}
			}
		}
	}
	useTemplate := nconst > 2
	if useTemplate {
		tv := b.pb.newVar(b.pb.globalName(fmt.Sprintf("%s.%s.init", b.f.Name, v.Name)), v.Typ, ir.Static, v.Pos, nil)
		tv.ReadOnly = true
		tv.Init = consts
		b.pb.p.Globals = append(b.pb.p.Globals, tv)
		b.emit(&ir.Copy{At: b.at(), Dst: v, Src: tv})
	}
	// The other leaves, in the order of the initializers (then the zeros).
	done := map[int]bool{}
	emitLeaf := func(i int) {
		if done[i] {
			return
		}
		done[i] = true
		it, ok := last[i]
		var val ir.Value
		switch {
		case !ok || it.c != nil:
			if useTemplate {
				return
			}
			if ok {
				val = it.c
			} else {
				val = zeroOf(leaves[i].Type)
			}
		default:
			old := b.setPos(it.e.Position())
			defer func() { b.pos = old }()
			val = b.convertAssign(b.rvalue(it.e), leaves[i].Type, it.e, "initialization")
		}
		if l := b.leafLval(v, leaves[i]); l.ptr != nil {
			// may write a const leaf: this is its initialization
			b.emit(&ir.Store{At: b.at(), Ptr: l.ptr, Src: val, Init: v.Typ.HasConst()})
		} else {
			b.assign(l.v, val)
		}
	}
	for _, i := range order {
		emitLeaf(i)
	}
	for i := range leaves {
		emitLeaf(i)
	}
	// the bit-fields, into their bytes (zero unless initialized above)
	for _, it := range bits {
		old := b.setPos(it.e.Position())
		r := *it.bit
		r.base = b.bytePtr(b.addrOf(lval{v: v, typ: v.Typ}))
		r.init = true // the object's initialization: it may be const
		b.storeBits(&r, b.convertAssign(b.rvalue(it.e), r.typ, it.e, "initialization"))
		b.pos = old
	}
}

// unmodelledInit lowers the initializer of a member that has no leaf: a
// constant is left out (the member is never read: reading it is a cut),
// anything else is evaluated and cut.
func (b *funcBuilder) unmodelledInit(it leafInit) {
	if it.e.Pure() && it.e.Value() != nil && it.e.Value() != cc.Unknown {
		return
	}
	old := b.setPos(it.e.Position())
	defer func() { b.pos = old }()
	b.discard(it.e)
	b.cut(unsupported(it.e.Position(), "initialization of "+it.unmodelled), nil)
}

func isStringInit(t *ir.Type, init *cc.Initializer) bool {
	if t.Kind != ir.Array {
		return false
	}
	s, ok := unparen(init.AssignmentExpression).(*cc.PrimaryExpression)
	return ok && s.Case == cc.PrimaryExpressionString
}

// leafLval returns the lvalue of leaf l of v (at path ".f[2].g").
func (b *funcBuilder) leafLval(v *ir.Var, l ir.Leaf) lval {
	if l.BitBytes {
		// byte l.Byte of the struct at l.Base
		base := b.leafLval(v, ir.Leaf{Path: l.Base})
		var p ir.Value
		if base.v != nil {
			p = b.addrOf(base)
		} else {
			p = base.ptr
		}
		return lval{ptr: b.byteAt(&bitRef{base: b.bytePtr(p)}, l.Byte), typ: ir.UCharType}
	}
	path := l.Path
	if path == "" {
		return lval{v: v, typ: v.Typ}
	}
	var p ir.Value
	t := v.Typ
	addr := func() ir.Value {
		if p == nil {
			p = b.addrOf(lval{v: v, typ: v.Typ})
		}
		return p
	}
	for i := 0; i < len(path); {
		switch path[i] {
		case '.':
			j := i + 1
			for j < len(path) && path[j] != '.' && path[j] != '[' {
				j++
			}
			for _, fi := range t.MemberPath(path[i+1 : j]) {
				base := addr()
				d := b.newTemp(b.u.dm.PointerTo(t.Fields[fi].Type))
				b.emit(&ir.FieldAddr{At: b.at(), Dst: d, Ptr: base, Field: fi})
				p, t = d, t.Fields[fi].Type
			}
			i = j
		case '[':
			j := i + 1
			for path[j] != ']' {
				j++
			}
			var idx int64
			fmt.Sscan(path[i+1:j], &idx)
			base := addr()
			e := b.newTemp(b.u.dm.PointerTo(t.Elem))
			b.emit(&ir.Conv{At: b.at(), Dst: e, X: base})
			d := b.newTemp(b.u.dm.PointerTo(t.Elem))
			b.emit(&ir.PtrAdd{At: b.at(), Dst: d, Ptr: e, Index: ir.NewConst(b.u.dm.Index(), uint64(idx))})
			p, t = d, t.Elem
			i = j + 1
		default:
			panic("bad leaf path " + path)
		}
	}
	return lval{ptr: p, typ: t}
}

// staticInit computes the initializer of a static object, leaf by leaf.
func (pb *progBuilder) staticInit(v *ir.Var, init *cc.Initializer, fnName string) []ir.InitItem {
	leaves := v.Typ.Leaves()
	last := map[int]ir.Value{}
	var order []int
	var byOff map[int64]int // the bit-field bytes' leaves
	for _, it := range pb.u.initLeaves(v.Typ, init) {
		if it.overPointer {
			// the pointer's bytes: the field's bits, the others zero
			c := pb.staticValue(it.e, it.bit.typ, fnName).(*ir.Const)
			if _, ok := last[it.leaf]; !ok {
				order = append(order, it.leaf)
			}
			ut := ir.UIntType
			if leaves[it.leaf].Type.Size() == 8 {
				ut = ir.ULongLongType
			}
			last[it.leaf] = ir.NewConst(ut, c.Bits&mask(it.bit.bits))
			continue
		}
		if it.bit != nil {
			if byOff == nil {
				byOff = map[int64]int{}
				for i, l := range leaves {
					if l.BitBytes {
						byOff[l.Offset] = i
					}
				}
			}
			c := pb.staticValue(it.e, it.bit.typ, fnName).(*ir.Const)
			if it.bit.typ.Kind == ir.Bool && c.Bits != 0 {
				c = ir.NewConst(ir.BoolType, 1)
			}
			staticBits(it.bit, c.Bits, leaves, byOff, last, &order)
			continue
		}
		if it.leaf < 0 {
			continue // a member inka does not model: never read (reading it is a cut)
		}
		lt := leaves[it.leaf].Type
		var val ir.Value
		if it.c != nil {
			val = it.c
		} else {
			val = pb.staticValue(it.e, lt, fnName)
		}
		if _, ok := last[it.leaf]; !ok {
			order = append(order, it.leaf)
		}
		last[it.leaf] = val
	}
	var r []ir.InitItem
	sortInts(order)
	for _, i := range order {
		val := last[i]
		if c, ok := val.(*ir.Const); ok && c.Bits == 0 {
			continue
		}
		r = append(r, ir.InitItem{Leaf: i, Val: val})
	}
	return r
}

// staticBits writes the low r.bits bits of x into the constant values of
// the bit-field bytes of a static initializer.
func staticBits(r *bitRef, x uint64, leaves []ir.Leaf, byOff map[int64]int, last map[int]ir.Value, order *[]int) {
	x &= mask(r.bits)
	for k := r.pos / 8; k <= (r.pos+r.bits-1)/8; k++ {
		i, ok := byOff[k]
		if !ok {
			panic(fmt.Sprintf("no bit-field byte at %d", k))
		}
		lo := max(r.pos, 8*k) // the bits of byte k it holds: [lo, hi)
		hi := min(r.pos+r.bits, 8*k+8)
		m := mask(hi-lo) << (lo - 8*k)
		v := (x >> (lo - r.pos)) << (lo - 8*k) & m
		old := uint64(0)
		if c, ok := last[i].(*ir.Const); ok {
			old = c.Bits
		} else {
			*order = append(*order, i)
		}
		last[i] = ir.NewConst(ir.UCharType, old&^m|v)
	}
}

func sortInts(s []int) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// staticValue evaluates a constant initializer of a leaf of type t.
func (pb *progBuilder) staticValue(e cc.ExpressionNode, t *ir.Type, fnName string) ir.Value {
	pos := e.Position()
	if t.IsInteger() {
		if !isIntegerKind(e.Type().Kind()) {
			if c, ok := pb.u.floatConstExpr(e, t); ok {
				return c
			}
			panic(unsupported(pos, "non-integer initializer of an integer"))
		}
		switch e.Value().(type) {
		case cc.Int64Value, cc.UInt64Value:
			// cc's value, or gcc's where cc's layout differs (layoutconst.go)
			c, ok := pb.u.layoutConst(e)
			if !ok {
				pb.u.checkLayoutConst(e) // refused
			}
			return ir.NewConst(t, c)
		}
		panic(unsupported(pos, "non-constant initializer "+cc.NodeSource(e)))
	}
	if t.IsFloat() {
		if c, ok := pb.u.floatConstExpr(e, t); ok {
			return c
		}
		panic(unsupported(pos, "non-constant initializer "+cc.NodeSource(e)))
	}
	if isNullPointerConstant(e) {
		return &ir.Const{Typ: t}
	}
	if isIntegerKind(e.Type().Kind()) {
		panic(unsupported(pos, "integer to pointer conversion"))
	}
	v, off, ptrT := pb.pointerConst(e, fnName)
	if !ir.Identical(ptrT, t) {
		checkPtrConv(ptrT, t, pos, "conversion")
	}
	if v.Class == ir.FuncObj {
		return &ir.AddrConst{Typ: t, Var: v}
	}
	for i, l := range v.Typ.Leaves() {
		if l.Offset == off {
			return &ir.AddrConst{Typ: t, Var: v, Leaf: i}
		}
		if l.Offset > off {
			break
		}
	}
	panic(unsupported(pos, "address constant "+cc.NodeSource(e)))
}

// funcConst returns the function object a function designator of a static
// initializer names: `f`, `(f)`, `*f`, `&f` and the like.
func (pb *progBuilder) funcConst(e cc.ExpressionNode) *ir.Var {
	e = bare(e)
	switch x := unparen(e).(type) {
	case *cc.PrimaryExpression:
		if d, ok := x.ResolvedTo().(*cc.Declarator); ok && x.Case == cc.PrimaryExpressionIdent && d.Type().Kind() == cc.Function {
			v := pb.funcObj(d, x.Position())
			v.AddrTaken = true
			return v
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionDeref || x.Case == cc.UnaryExpressionAddrof {
			return pb.funcConst(x.CastExpression)
		}
	}
	panic(unsupported(e.Position(), "function address constant "+cc.NodeSource(e)))
}

// pointerConst evaluates an address constant: the object, the byte offset
// in it, and the pointer type.
func (pb *progBuilder) pointerConst(e cc.ExpressionNode, fnName string) (*ir.Var, int64, *ir.Type) {
	pos := e.Position()
	et := e.Type()
	if isFunction(e) {
		v := pb.funcConst(e)
		return v, 0, pb.u.dm.PointerTo(v.Typ)
	}
	if ut := et.Undecay(); ut != et && ut.Kind() == cc.Array {
		v, off, t := pb.objectConst(e, fnName)
		return v, off, pb.u.dm.PointerTo(t.Elem)
	}
	if et.Kind() == cc.Array {
		v, off, t := pb.objectConst(e, fnName)
		return v, off, pb.u.dm.PointerTo(t.Elem)
	}
	switch x := e.(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionExpr {
			return pb.pointerConst(x.ExpressionList, fnName)
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionAddrof {
			if isFunction(x.CastExpression) {
				v := pb.funcConst(x.CastExpression)
				return v, 0, pb.u.dm.PointerTo(v.Typ)
			}
			v, off, t := pb.objectConst(x.CastExpression, fnName)
			return v, off, pb.u.dm.PointerTo(t)
		}
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionCast {
			if isIntegerKind(x.CastExpression.Type().Kind()) {
				panic(unsupported(pos, "integer to pointer conversion"))
			}
			v, off, t := pb.pointerConst(x.CastExpression, fnName)
			to := pb.u.irType(x.Type(), pos)
			if !to.IsPointer() {
				panic(unsupported(pos, "address constant converted to an integer"))
			}
			checkPtrConv(t, to, pos, "cast")
			return v, off, to
		}
		return pb.pointerConst(x.UnaryExpression, fnName)
	case *cc.AdditiveExpression:
		if x.Case == cc.AdditiveExpressionAdd || x.Case == cc.AdditiveExpressionSub {
			p, n := x.AdditiveExpression, x.MultiplicativeExpression
			if p.Type().Kind() != cc.Ptr {
				p, n = n, p
			}
			v, off, t := pb.pointerConst(p, fnName)
			k, ok := pb.u.intValue(n)
			if !ok {
				panic(unsupported(pos, "non-constant address "+cc.NodeSource(e)))
			}
			if x.Case == cc.AdditiveExpressionSub {
				k = -k
			}
			return v, off + k*t.Elem.Size(), t
		}
	}
	panic(unsupported(pos, "non-constant initializer "+cc.NodeSource(e)))
}

// intValue returns the value of the integer constant expression e: cc's,
// or gcc's where cc's depends on a layout it computes otherwise
// (layoutConst: `&tab[sizeof(struct p)]`); false where it cannot be.
func (u *Unit) intValue(e cc.ExpressionNode) (int64, bool) {
	v, ok := u.layoutConst(e)
	return int64(v), ok
}

// objectConst evaluates an lvalue designating (part of) a static object.
func (pb *progBuilder) objectConst(e cc.ExpressionNode, fnName string) (*ir.Var, int64, *ir.Type) {
	pos := e.Position()
	switch x := e.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionExpr:
			return pb.objectConst(x.ExpressionList, fnName)
		case cc.PrimaryExpressionString:
			s, _ := x.Value().(cc.StringValue)
			str := string(s)
			if len(str) > 0 && str[len(str)-1] == 0 {
				str = str[:len(str)-1]
			}
			v := pb.stringVar(str, pos)
			return v, 0, v.Typ
		case cc.PrimaryExpressionIdent:
			d, ok := x.ResolvedTo().(*cc.Declarator)
			if !ok {
				break
			}
			var v *ir.Var
			switch {
			case d.IsStatic() && d.LexicalScope().Parent != nil:
				v = pb.global(d, fnName, pb.inits[d])
			case d.IsExtern() || d.LexicalScope().Parent == nil:
				v = pb.global(d, "", nil)
			default:
				panic(unsupported(pos, "address of a local variable in a static initializer"))
			}
			v.AddrTaken = true
			return v, 0, v.Typ
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPrimary:
			return pb.objectConst(x.PrimaryExpression, fnName)
		case cc.PostfixExpressionComplit:
			panic(unsupported(pos, "compound literal in a static initializer"))
		case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
			var v *ir.Var
			var off int64
			var st *ir.Type
			if x.Case == cc.PostfixExpressionSelect {
				v, off, st = pb.objectConst(x.PostfixExpression, fnName)
			} else {
				var pt *ir.Type
				v, off, pt = pb.pointerConst(x.PostfixExpression, fnName)
				st = pt.Elem
			}
			if path := st.MemberPath(x.Token2.SrcStr()); path != nil {
				for _, fi := range path {
					off, st = off+st.Fields[fi].Offset, st.Fields[fi].Type
				}
				return v, off, st
			}
		case cc.PostfixExpressionIndex:
			p, n := x.PostfixExpression, x.ExpressionList
			if p.Type().Kind() != cc.Ptr {
				p, n = n, p
			}
			v, off, t := pb.pointerConst(p, fnName)
			k, ok := pb.u.intValue(n)
			if !ok {
				panic(unsupported(pos, "non-constant index in "+cc.NodeSource(e)))
			}
			return v, off + k*t.Elem.Size(), t.Elem
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionDeref {
			v, off, t := pb.pointerConst(x.CastExpression, fnName)
			return v, off, t.Elem
		}
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			return pb.objectConst(x.UnaryExpression, fnName)
		}
	}
	panic(unsupported(pos, "non-constant initializer "+cc.NodeSource(e)))
}
