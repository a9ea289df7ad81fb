package frontend

import (
	"reflect"

	"modernc.org/cc/v4"
	"modernc.org/token"

	"github.com/inka-tool/inka/ir"
)

// Qualifiers, level by level.
//
// cc/v4 keeps the qualifiers of a type as attributes of its type values,
// and they are not reliable below the top level: its Pointer.check drops
// the qualifiers of every '*', and Declarator.check then moves those of
// the first '*' to the declared object itself. `T *const ***g` comes out
// as a const object g of type T****, `const T **p` as T *const *p, `T
// *const *p` as T **p; a member's `const T *m` loses its const. The front
// end therefore reads the qualifiers from the syntax: for a declarator,
// those of its declaration specifiers (and, through a typedef name, of the
// typedef's own declaration) for the base type, then those of each '*' of
// the declarator, innermost level first, and of the parameter
// declarations of a function declarator. cc's types still give the
// structure, sizes and layouts; a qtype runs beside one level for level.

// qual is a set of type qualifiers.
type qual uint8

const (
	qConst qual = 1 << iota
	qVolatile
)

// qkind is the kind of one level of a declared type.
type qkind uint8

const (
	qBase  qkind = iota // not derived: a basic, struct, union or enum type
	qPtr                // pointer to elem
	qArray              // array of elem
	qFunc               // function returning elem
)

// qtype is the qualifiers of a declared type, level by level. A nil
// *qtype means that they are unknown (a typeof specifier, a declarator
// the front end did not see declared): the reader of a nil qtype falls
// back to cc's attributes, or to no qualifier.
type qtype struct {
	kind qkind
	// q is the level's qualifiers. For an array level it holds the
	// qualifiers written inside the brackets of a parameter (`int
	// a[const 3]`), which become the pointer's on decay; the qualifiers
	// of an array type itself are its elements' (C11 6.7.3p9).
	q      qual
	elem   *qtype   // qPtr: pointee; qArray: element; qFunc: result
	params []*qtype // qFunc: the parameters, decayed, as cc's FunctionType.Parameters
}

// at returns the qualifiers of the level of q (none when q is unknown).
func (q *qtype) at() qual {
	if q == nil || q.kind == qArray || q.kind == qFunc {
		return 0
	}
	return q.q
}

// next returns the qtype of the level below q: the pointee, element or
// result (nil when unknown).
func (q *qtype) next() *qtype {
	if q == nil {
		return nil
	}
	return q.elem
}

// param returns the qtype of parameter i of a function qtype.
func (q *qtype) param(i int) *qtype {
	if q == nil || q.kind != qFunc || i >= len(q.params) {
		return nil
	}
	return q.params[i]
}

// qualify returns t with the qualifiers q added at its top level; on an
// array, to its elements.
func qualify(t *qtype, q qual) *qtype {
	if q == 0 || t == nil {
		return t
	}
	c := *t
	if c.kind == qArray {
		c.elem = qualify(c.elem, q)
	} else {
		c.q |= q
	}
	return &c
}

// decay returns the type a parameter declared with type t has: an array
// becomes a pointer to its element (with the qualifiers of its brackets),
// a function a pointer to it.
func decay(t *qtype) *qtype {
	switch {
	case t == nil:
		return nil
	case t.kind == qArray:
		return &qtype{kind: qPtr, q: t.q, elem: t.elem}
	case t.kind == qFunc:
		return &qtype{kind: qPtr, elem: t}
	}
	return t
}

// qualReader reads the qualifiers of the declarations of a translation
// unit. It is built once per Unit and read-only afterwards.
type qualReader struct {
	// specs maps every declarator of the unit to the specifiers of its
	// declaration: a *cc.DeclarationSpecifiers or a
	// *cc.SpecifierQualifierList (members).
	specs map[*cc.Declarator]cc.Node
	// of holds the qtypes of the declarators, computed at load time (the
	// reader is shared by concurrent readers of the unit afterwards).
	of map[*cc.Declarator]*qtype
}

// newQualReader reads the qualifiers of every declarator of ast; also is
// called on every node of the tree, for the other readers of the whole
// unit (one walk of the tree).
func newQualReader(ast *cc.AST, also func(any)) *qualReader {
	r := &qualReader{specs: map[*cc.Declarator]cc.Node{}, of: map[*cc.Declarator]*qtype{}}
	w := &astWalker{fields: map[reflect.Type][]int{}, visit: func(n any) {
		r.record(n)
		also(n)
	}}
	w.walk(reflect.ValueOf(ast.TranslationUnit))
	for d := range r.specs {
		r.declared(d, 0)
	}
	return r
}

// record notes the specifiers of the declarators a node declares.
func (r *qualReader) record(n any) {
	switch x := n.(type) {
	case *cc.Declaration:
		for l := x.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
			if l.InitDeclarator != nil && l.InitDeclarator.Declarator != nil {
				r.specs[l.InitDeclarator.Declarator] = x.DeclarationSpecifiers
			}
		}
	case *cc.FunctionDefinition:
		if x.Declarator != nil {
			r.specs[x.Declarator] = x.DeclarationSpecifiers
		}
	case *cc.ParameterDeclaration:
		if x.Declarator != nil {
			r.specs[x.Declarator] = x.DeclarationSpecifiers
		}
	case *cc.StructDeclaration:
		for l := x.StructDeclaratorList; l != nil; l = l.StructDeclaratorList {
			if l.StructDeclarator != nil && l.StructDeclarator.Declarator != nil {
				r.specs[l.StructDeclarator.Declarator] = x.SpecifierQualifierList
			}
		}
	}
}

// typeOf returns the qtype of a declarator (nil when unknown).
func (r *qualReader) typeOf(d *cc.Declarator) *qtype {
	if r == nil || d == nil {
		return nil
	}
	return r.of[d]
}

// maxTypedefDepth bounds the chain of typedefs followed (a typedef is
// declared before its uses, so the chain is finite; the bound only guards
// against a malformed tree).
const maxTypedefDepth = 64

// declared computes (and keeps) the qtype of declarator d, of typedef
// depth depth.
func (r *qualReader) declared(d *cc.Declarator, depth int) *qtype {
	if t, ok := r.of[d]; ok {
		return t
	}
	sp, ok := r.specs[d]
	if !ok || depth > maxTypedefDepth {
		return nil
	}
	t := r.declarator(r.base(sp, depth), d)
	r.of[d] = t
	return t
}

// base returns the qtype of the type the specifiers sp denote.
func (r *qualReader) base(sp cc.Node, depth int) *qtype {
	var q qual
	var tss []*cc.TypeSpecifier
	switch x := sp.(type) {
	case *cc.DeclarationSpecifiers:
		for ; x != nil; x = x.DeclarationSpecifiers {
			switch x.Case {
			case cc.DeclarationSpecifiersTypeQual:
				q |= qualOf(x.TypeQualifier)
			case cc.DeclarationSpecifiersTypeSpec:
				tss = append(tss, x.TypeSpecifier)
			}
		}
	case *cc.SpecifierQualifierList:
		for ; x != nil; x = x.SpecifierQualifierList {
			switch x.Case {
			case cc.SpecifierQualifierListTypeQual:
				q |= qualOf(x.TypeQualifier)
			case cc.SpecifierQualifierListTypeSpec:
				tss = append(tss, x.TypeSpecifier)
			}
		}
	}
	t := &qtype{kind: qBase}
	for _, ts := range tss {
		if ts == nil {
			continue
		}
		switch ts.Case {
		case cc.TypeSpecifierTypeName:
			t = r.declared(typedefOf(ts), depth+1)
		case cc.TypeSpecifierTypeofType:
			t = r.typeName(ts.TypeName, depth)
		case cc.TypeSpecifierAtomic:
			if ts.AtomicTypeSpecifier != nil {
				t = r.typeName(ts.AtomicTypeSpecifier.TypeName, depth)
			}
		case cc.TypeSpecifierTypeofExpr:
			t = nil // the type of an expression: its qualifiers are not read
		}
	}
	return qualify(t, q)
}

// typeName returns the qtype of a type name (`const int *` in a cast, an
// _Atomic or a typeof specifier).
func (r *qualReader) typeName(tn *cc.TypeName, depth int) *qtype {
	if tn == nil {
		return nil
	}
	return r.abstract(r.base(tn.SpecifierQualifierList, depth), tn.AbstractDeclarator)
}

// typedefOf returns the typedef declarator a type-name specifier names:
// the innermost one in scope.
func typedefOf(ts *cc.TypeSpecifier) *cc.Declarator {
	name := ts.Token.SrcStr()
	for s := ts.LexicalScope(); s != nil; s = s.Parent {
		for _, n := range s.Nodes[name] {
			if d, ok := n.(*cc.Declarator); ok && d.IsTypename() {
				return d
			}
		}
	}
	return nil
}

func qualOf(tq *cc.TypeQualifier) qual {
	if tq == nil {
		return 0
	}
	switch tq.Case {
	case cc.TypeQualifierConst:
		return qConst
	case cc.TypeQualifierVolatile:
		return qVolatile
	}
	return 0
}

func qualsOf(l *cc.TypeQualifiers) qual {
	var q qual
	for ; l != nil; l = l.TypeQualifiers {
		q |= qualOf(l.TypeQualifier)
	}
	return q
}

// pointer wraps t in the pointer levels of p: the first '*' written is
// the innermost level (`T *const *p`: p points to a const pointer to T).
func pointer(t *qtype, p *cc.Pointer) *qtype {
	if t == nil {
		return nil
	}
	for ; p != nil; p = p.Pointer {
		t = &qtype{kind: qPtr, q: qualsOf(p.TypeQualifiers), elem: t}
	}
	return t
}

// declarator returns the type declarator d gives to an object whose
// declaration specifiers denote t.
func (r *qualReader) declarator(t *qtype, d *cc.Declarator) *qtype {
	if d == nil {
		return t
	}
	return r.direct(pointer(t, d.Pointer), d.DirectDeclarator)
}

// direct applies a direct declarator to t: `D[N]` declares D an array of
// t, `D(params)` a function returning t, `(D)` is D.
func (r *qualReader) direct(t *qtype, dd *cc.DirectDeclarator) *qtype {
	if t == nil || dd == nil {
		return t
	}
	switch dd.Case {
	case cc.DirectDeclaratorDecl:
		return r.declarator(t, dd.Declarator)
	case cc.DirectDeclaratorArr, cc.DirectDeclaratorStaticArr, cc.DirectDeclaratorArrStatic, cc.DirectDeclaratorStar:
		return r.direct(&qtype{kind: qArray, q: qualsOf(dd.TypeQualifiers), elem: t}, dd.DirectDeclarator)
	case cc.DirectDeclaratorFuncParam:
		return r.direct(&qtype{kind: qFunc, elem: t, params: r.params(dd.ParameterTypeList)}, dd.DirectDeclarator)
	case cc.DirectDeclaratorFuncIdent:
		// K&R parameters: their types are in the declaration list
		return r.direct(&qtype{kind: qFunc, elem: t}, dd.DirectDeclarator)
	}
	return t
}

// abstract applies an abstract declarator (a type name's) to t.
func (r *qualReader) abstract(t *qtype, ad *cc.AbstractDeclarator) *qtype {
	if ad == nil {
		return t
	}
	return r.directAbstract(pointer(t, ad.Pointer), ad.DirectAbstractDeclarator)
}

func (r *qualReader) directAbstract(t *qtype, dad *cc.DirectAbstractDeclarator) *qtype {
	if t == nil || dad == nil {
		return t
	}
	switch dad.Case {
	case cc.DirectAbstractDeclaratorDecl:
		return r.abstract(t, dad.AbstractDeclarator)
	case cc.DirectAbstractDeclaratorArr, cc.DirectAbstractDeclaratorStaticArr,
		cc.DirectAbstractDeclaratorArrStatic, cc.DirectAbstractDeclaratorArrStar:
		return r.directAbstract(&qtype{kind: qArray, q: qualsOf(dad.TypeQualifiers), elem: t}, dad.DirectAbstractDeclarator)
	case cc.DirectAbstractDeclaratorFunc:
		return r.directAbstract(&qtype{kind: qFunc, elem: t, params: r.params(dad.ParameterTypeList)}, dad.DirectAbstractDeclarator)
	}
	return t
}

// params returns the qtypes of the parameters of a prototype, decayed,
// one per parameter declaration (`(void)` has one, as in cc).
func (r *qualReader) params(ptl *cc.ParameterTypeList) []*qtype {
	if ptl == nil {
		return nil
	}
	var out []*qtype
	for l := ptl.ParameterList; l != nil; l = l.ParameterList {
		pd := l.ParameterDeclaration
		if pd == nil {
			out = append(out, nil)
			continue
		}
		var t *qtype
		if pd.Declarator != nil {
			t = r.declared(pd.Declarator, 0)
		} else {
			t = r.abstract(r.base(pd.DeclarationSpecifiers, 0), pd.AbstractDeclarator)
		}
		out = append(out, decay(t))
	}
	return out
}

// astWalker visits every node of a cc syntax tree: the exported fields of
// its node structs, pointers and interfaces (the tree has no other edges
// through exported fields).
type astWalker struct {
	fields map[reflect.Type][]int // the indices of the fields to follow, by struct type
	visit  func(any)
}

var nodeInterface = reflect.TypeOf((*cc.Node)(nil)).Elem()

func (w *astWalker) walk(v reflect.Value) {
	for {
		switch v.Kind() {
		case reflect.Interface:
			if v.IsNil() {
				return
			}
			v = v.Elem()
			continue
		case reflect.Pointer:
			if v.IsNil() || v.Elem().Kind() != reflect.Struct {
				return
			}
		default:
			return
		}
		break
	}
	w.visit(v.Interface())
	s := v.Elem()
	for _, i := range w.fieldsOf(s.Type()) {
		w.walk(s.Field(i))
	}
}

// fieldsOf returns the fields of a node struct type that lead to nodes:
// exported pointers to structs of package cc, and interfaces.
func (w *astWalker) fieldsOf(t reflect.Type) []int {
	if f, ok := w.fields[t]; ok {
		return f
	}
	var out []int
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() || f.Anonymous {
			continue
		}
		switch f.Type.Kind() {
		case reflect.Pointer:
			if e := f.Type.Elem(); e.Kind() == reflect.Struct && e.PkgPath() == nodeInterface.PkgPath() && f.Type.Implements(nodeInterface) {
				out = append(out, i)
			}
		case reflect.Interface:
			if f.Type.Implements(nodeInterface) {
				out = append(out, i)
			}
		}
	}
	w.fields[t] = out
	return out
}

// declType converts the declared type t of an object, a member or a
// parameter to the IR with the qualifiers of q at every level
// (ir.Type.Const, Volatile).
func (u *Unit) declType(t cc.Type, q *qtype, pos token.Position) *ir.Type {
	return withQuals(u.irType(t, pos), q)
}

// withQuals returns t with the qualifiers of q, level by level: t itself
// when q adds none, else a copy of the levels that change.
func withQuals(t *ir.Type, q *qtype) *ir.Type {
	if q == nil {
		return t
	}
	switch {
	case t.Kind == ir.Pointer && q.kind == qPtr, t.Kind == ir.Array && q.kind == qArray:
		elem := withQuals(t.Elem, q.elem)
		qc, qv := q.at()&qConst != 0, q.at()&qVolatile != 0
		if elem == t.Elem && qc == t.Const && qv == t.Volatile {
			return t
		}
		c := *t
		c.Elem, c.Const, c.Volatile = elem, qc, qv
		return &c
	case t.Kind == ir.Function && q.kind == qFunc:
		c := *t
		c.Elem = withQuals(t.Elem, q.elem)
		c.Params = make([]*ir.Type, len(t.Params))
		for i, p := range t.Params {
			c.Params[i] = withQuals(p, q.param(i))
		}
		return &c
	case q.kind == qBase && t.Kind != ir.Pointer && t.Kind != ir.Array && t.Kind != ir.Function:
		qc, qv := q.q&qConst != 0, q.q&qVolatile != 0
		if qc == t.Const && qv == t.Volatile {
			return t
		}
		c := *t
		c.Const, c.Volatile = qc, qv
		return &c
	}
	return t
}
