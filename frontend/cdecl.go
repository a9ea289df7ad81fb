package frontend

import (
	"fmt"
	"strconv"
	"strings"

	"modernc.org/cc/v4"

	"github.com/inka-tool/inka/libc"
)

// CType is a C type as the file declares it, with what ir.Type leaves out:
// qualifiers, tags, the distinction between char and signed char. Code
// generated around the file (the test harness) declares its objects and
// its stubs with it, so that they are compatible with the file's own
// declarations: a stub of `int count(const char *s)` spelled
// `int count(char *a0)` would not even compile beside the file.
type CType struct {
	t      cc.Type
	q      *qtype      // its qualifiers, level by level (nil: unknown, cc's attributes are read)
	r      *qualReader // the qualifiers of its members
	unqual bool        // top-level qualifiers dropped
}

// Spelling says where a declaration is to be read.
type Spelling int

const (
	// InUnit spells a type for a translation unit that includes the file:
	// enumerations by their tags, untagged structs and unions by their
	// typedef names.
	InUnit Spelling = iota
	// Portable spells a type for a translation unit that does not include
	// the file: typedefs expanded, enumerations as their underlying
	// integer type (compatible with them), structs and unions by their
	// tags only (declared beforehand with CType.Tags).
	Portable
)

// FuncType returns the type of the function name: defined in the file or
// only declared (a callee the file does not define).
func (u *Unit) FuncType(name string) (CType, error) {
	if fd := u.defs[name]; fd != nil {
		return u.declared(fd.Declarator), nil
	}
	for _, n := range u.ast.Scope.Nodes[name] {
		if d, ok := n.(*cc.Declarator); ok && !d.IsTypename() && d.Type() != nil && d.Type().Kind() == cc.Function {
			return u.declared(d), nil
		}
	}
	return CType{}, fmt.Errorf("no function %s declared in %s", name, u.path)
}

// ObjectType returns the declared type of the file-scope object name;
// errno is the model's (package libc), which C code sets as `errno = 0`.
func (u *Unit) ObjectType(name string) (CType, error) {
	d := u.objs[name]
	if d == nil && library.Has(name) {
		d = u.objs[libc.Prefix+name]
	}
	if d == nil {
		return CType{}, fmt.Errorf("no object %s declared at file scope in %s", name, u.path)
	}
	return u.declared(d), nil
}

// declared returns the type declarator d declares.
func (u *Unit) declared(d *cc.Declarator) CType {
	return CType{t: d.Type(), q: u.quals.typeOf(d), r: u.quals}
}

// sub returns the type t0 at a level below t (a pointee, an element, a
// member, a parameter), with its qualifiers q.
func (t CType) sub(t0 cc.Type, q *qtype) CType { return CType{t: t0, q: q, r: t.r} }

// Params returns the parameter types of a function type, as the function
// receives them (arrays and functions decayed to pointers).
func (t CType) Params() []CType {
	var out []CType
	for _, p := range t.params() {
		out = append(out, t.sub(p.p.Type().Decay(), t.q.param(p.i)))
	}
	return out
}

// param is a parameter of a function type and its index among the
// type's parameter declarations.
type param struct {
	p *cc.Parameter
	i int
}

// params are the parameters of a function type (none for `(void)`).
func (t CType) params() []param {
	ft, ok := t.t.(*cc.FunctionType)
	if !ok {
		return nil
	}
	var out []param
	for i, p := range ft.Parameters() {
		if p.Type().Kind() != cc.Void {
			out = append(out, param{p, i})
		}
	}
	return out
}

// ParamNames returns the names of the parameters of a function type as
// its declaration gives them ("" for an unnamed one).
func (t CType) ParamNames() []string {
	var out []string
	for _, p := range t.params() {
		out = append(out, p.p.Name())
	}
	return out
}

// Result returns the result type of a function type.
func (t CType) Result() CType {
	if ft, ok := t.t.(*cc.FunctionType); ok {
		q := t.q
		if q != nil && q.kind != qFunc {
			q = nil
		}
		return t.sub(ft.Result(), q.next())
	}
	return CType{}
}

// field returns the type of member f of t.
func (t CType) field(f *cc.Field) CType {
	var q *qtype
	if t.r != nil {
		q = t.r.typeOf(f.Declarator())
	}
	return t.sub(f.Type(), q)
}

// quals returns the qualifiers of t's own level: read from the declaration
// (see qualReader), or cc's when they are unknown.
func (t CType) quals() qual {
	if t.q != nil {
		return t.q.at()
	}
	var q qual
	if a := t.t.Attributes(); a != nil {
		if a.IsConst() {
			q |= qConst
		}
		if a.IsVolatile() {
			q |= qVolatile
		}
	}
	return q
}

// IsConst reports whether t itself is const-qualified (an object of type t
// can only be initialized, not assigned).
func (t CType) IsConst() bool { return t.t != nil && !t.unqual && t.quals()&qConst != 0 }

// HasConst reports whether t is const-qualified or has a const member or
// element (at any depth, not behind pointers): such an object cannot be
// assigned as a whole or member by member. When its qualifiers are
// unknown (see CType.q), the const of pointers themselves is not counted:
// cc/v4 puts the const of `const char *a[2]` on the array's pointers.
func (t CType) HasConst() bool {
	if t.IsConst() && (t.q != nil || t.t.Kind() != cc.Ptr) {
		return true
	}
	switch x := t.t.(type) {
	case *cc.ArrayType:
		return t.sub(x.Elem(), t.q.next()).HasConst()
	case *cc.StructType:
		for i := 0; i < x.NumFields(); i++ {
			if t.field(x.FieldByIndex(i)).HasConst() {
				return true
			}
		}
	case *cc.UnionType:
		for i := 0; i < x.NumFields(); i++ {
			if t.field(x.FieldByIndex(i)).HasConst() {
				return true
			}
		}
	}
	return false
}

// Walk follows an access path from t: ".f" selects member f, "[k]" an
// element of an array or, for a pointer, of the object it points to (the
// fresh objects of ir.InputShape are named so: "p[0].next[2]").
func (t CType) Walk(path string) (CType, error) {
	cur := t
	for rest := path; rest != ""; {
		switch rest[0] {
		case '.':
			end := strings.IndexAny(rest[1:], ".[")
			if end < 0 {
				end = len(rest) - 1
			}
			name := rest[1 : end+1]
			rest = rest[end+1:]
			var f *cc.Field
			switch x := cur.t.(type) {
			case *cc.StructType:
				f = x.FieldByName(name)
			case *cc.UnionType:
				f = x.FieldByName(name)
			}
			if f == nil {
				return CType{}, fmt.Errorf("no member %s in %s", name, cur.t)
			}
			cur = cur.field(f)
		case '[':
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				return CType{}, fmt.Errorf("bad access path %q", path)
			}
			if _, err := strconv.Atoi(rest[1:end]); err != nil {
				return CType{}, fmt.Errorf("bad index in access path %q", path)
			}
			rest = rest[end+1:]
			switch x := cur.t.(type) {
			case *cc.ArrayType:
				cur = cur.sub(x.Elem(), cur.q.next())
			case *cc.PointerType:
				cur = cur.sub(x.Elem(), cur.q.next())
			default:
				return CType{}, fmt.Errorf("%s cannot be indexed", cur.t)
			}
		default:
			return CType{}, fmt.Errorf("bad access path %q", path)
		}
	}
	return cur, nil
}

// Decl returns a declaration of name with type t: "const char *name",
// "struct node name[4]", "int (*name)[3]"; with name "" it is the type's
// own spelling (an abstract declarator: "const char *"). A function type
// gives a prototype whose parameters are named a0, a1, ... (see
// Prototype). Top-level qualifiers are kept (drop them with Unqualified).
//
// The qualifiers are read from the declarations, level by level (see
// qualReader: cc/v4's own are not reliable below the top level); where
// they are unknown (a typeof specifier), cc's are spelled. The harness
// declares its own objects unqualified at the top, so that only a stub's
// prototype could suffer: a conflicting prototype is then a compile
// error, never a silent difference.
func (t CType) Decl(name string, sp Spelling) (string, error) {
	return t.Prototype(name, "a", sp)
}

// Prototype is Decl with the parameters of a function type named
// prefix0, prefix1, ... (so that they cannot meet the file's macros).
func (t CType) Prototype(name, prefix string, sp Spelling) (string, error) {
	if t.t == nil {
		return "", fmt.Errorf("no type")
	}
	d := &declarer{sp: sp, prefix: prefix}
	s := d.decl(t, name, false, t.unqual)
	return strings.TrimSpace(s), d.err
}

// spell returns the abstract declarator of a C type as the file spells it
// ("void (*)(int)", "double"), for messages.
func spell(t cc.Type) string {
	d := &declarer{sp: InUnit, abstract: true}
	s := strings.TrimSpace(d.decl(CType{t: t}, "", false, false))
	if d.err != nil {
		return t.String()
	}
	return s
}

// Unqualified returns t without its top-level qualifiers (the type of a
// copy of a value of type t).
func (t CType) Unqualified() CType {
	t.unqual = true
	return t
}

// Tags returns the struct and union tags a Portable declaration of t names
// ("struct node"), to be declared before it ("struct node;"), so that they
// are not declared anew inside a prototype's parameter list.
func (t CType) Tags() []string {
	d := &declarer{sp: Portable, prefix: "a", tags: map[string]bool{}}
	d.decl(t, "", false, false)
	return d.order
}

// declarer spells declarations: the declarator is built inside out, the
// type specifier ends at the left.
type declarer struct {
	sp       Spelling
	prefix   string // of parameter names
	abstract bool   // no parameter names
	err      error
	tags     map[string]bool
	order    []string
}

func (d *declarer) fail(format string, args ...any) string {
	if d.err == nil {
		d.err = fmt.Errorf(format, args...)
	}
	return "int"
}

// decl spells type t around the declarator inner. ptrInner tells that
// inner starts with '*' (an array or function declarator must then be
// parenthesized around it); unqual drops t's own qualifiers.
func (d *declarer) decl(ct CType, inner string, ptrInner, unqual bool) string {
	if ct.q != nil && ct.q.kind != levelKind(ct.t) {
		ct.q = nil // a mismatch: spell cc's qualifiers
	}
	switch x := ct.t.(type) {
	case *cc.PointerType:
		q := spellQuals(ct.quals())
		if unqual {
			q = ""
		}
		in := "*" + q
		if inner != "" {
			if q != "" {
				in += " "
			}
			in += inner
		}
		return d.decl(ct.sub(x.Elem(), ct.q.next()), in, true, false)
	case *cc.ArrayType:
		if ptrInner {
			inner = "(" + inner + ")"
		}
		n := ""
		if x.Len() >= 0 {
			n = strconv.FormatInt(x.Len(), 10)
		}
		if e := x.SizeExpression(); e != nil && layoutDependent(e) {
			// cc's value may not be gcc's (Unit.arrayLen): the
			// expression itself, where the file's types are declared
			if d.sp != InUnit {
				return d.fail("array length %s depends on a layout", cc.NodeSource(e))
			}
			n = strings.TrimSpace(cc.NodeSource(e))
		}
		return d.decl(ct.sub(x.Elem(), ct.q.next()), inner+"["+n+"]", false, false)
	case *cc.FunctionType:
		if ptrInner {
			inner = "(" + inner + ")"
		}
		var ps []string
		for i, p := range x.Parameters() {
			if p.Type().Kind() == cc.Void {
				continue
			}
			name := fmt.Sprintf("%s%d", d.prefix, i)
			if d.abstract {
				name = ""
			}
			ps = append(ps, d.decl(ct.sub(p.Type().Decay(), ct.q.param(i)), name, false, true))
		}
		if x.IsVariadic() {
			ps = append(ps, "...")
		}
		if len(ps) == 0 {
			ps = []string{"void"}
		}
		return d.decl(ct.sub(x.Result(), ct.q.next()), inner+"("+strings.Join(ps, ", ")+")", false, true)
	}
	q := ""
	if !unqual {
		q = spellQuals(ct.quals())
	}
	return d.base(ct.t, q) + sep(inner)
}

// levelKind is the qkind of the level of type t.
func levelKind(t cc.Type) qkind {
	switch t.Kind() {
	case cc.Ptr:
		return qPtr
	case cc.Array:
		return qArray
	case cc.Function:
		return qFunc
	}
	return qBase
}

func sep(inner string) string {
	if inner == "" {
		return ""
	}
	return " " + inner
}

// base spells a type that is neither a pointer, an array nor a function,
// with the qualifiers q.
func (d *declarer) base(t cc.Type, q string) string {
	if q != "" {
		q += " "
	}
	switch x := t.(type) {
	case *cc.StructType, *cc.UnionType:
		kw := "struct"
		if t.Kind() == cc.Union {
			kw = "union"
		}
		if tag := tagOf(x); tag != "" {
			name := kw + " " + tag
			if d.tags != nil && !d.tags[name] {
				d.tags[name] = true
				d.order = append(d.order, name)
			}
			return q + name
		}
		if td := t.Typedef(); td != nil && d.sp == InUnit {
			return q + td.Name()
		}
		return d.fail("untagged %s %s cannot be named outside the file", kw, t)
	case *cc.EnumType:
		if tg := x.Tag(); tg.SrcStr() != "" && d.sp == InUnit {
			tag := tg.SrcStr()
			return q + "enum " + tag
		}
		return q + d.base(x.UnderlyingType(), "")
	}
	if s, ok := scalarNames[t.Kind()]; ok {
		return q + s
	}
	return d.fail("type %s cannot be spelled", t)
}

func spellQuals(q qual) string {
	switch q & (qConst | qVolatile) {
	case qConst:
		return "const"
	case qVolatile:
		return "volatile"
	case qConst | qVolatile:
		return "const volatile"
	}
	return ""
}

var scalarNames = map[cc.Kind]string{
	cc.Void: "void", cc.Bool: "_Bool", cc.Char: "char", cc.SChar: "signed char", cc.UChar: "unsigned char",
	cc.Short: "short", cc.UShort: "unsigned short", cc.Int: "int", cc.UInt: "unsigned int",
	cc.Long: "long", cc.ULong: "unsigned long", cc.LongLong: "long long", cc.ULongLong: "unsigned long long",
	cc.Float: "float", cc.Double: "double", cc.Float32: "_Float32", cc.Float64: "_Float64",
}

// layoutDependent reports whether expression e has a sizeof, an _Alignof
// or a member access (offsetof) in it.
func layoutDependent(e cc.ExpressionNode) bool {
	switch x := e.(type) {
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionSizeofType, cc.UnaryExpressionAlignofExpr, cc.UnaryExpressionAlignofType:
			return true
		}
	case *cc.PostfixExpression:
		if x.Case == cc.PostfixExpressionSelect || x.Case == cc.PostfixExpressionPSelect {
			return true
		}
	}
	for _, sub := range subExpressions(e) {
		if layoutDependent(sub) {
			return true
		}
	}
	return false
}
