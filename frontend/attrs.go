package frontend

import (
	"fmt"

	"modernc.org/cc/v4"
	"modernc.org/token"

	"github.com/inka-tool/inka/ir"
)

// What a member's declaration asks of its placement, in gcc's extensions:
// `_Alignas(N)` and `__attribute__((aligned(N)))` (a larger alignment,
// which a packed struct keeps and a #pragma pack caps) and
// `__attribute__((packed))` (alignment 1, a bit-field at the next free
// bit). cc/v4 places a member by its _Alignas and aligned attributes as
// gcc does, but not by packed, and not a bit-field by either: inka reads
// them from the declaration and ir.NewStructLayout applies gcc's rules
// (measured against gcc by layout_test.go). An attribute written after
// the declarators applies to the last one, one written among the
// specifiers (`__attribute__((packed)) int a;`) and _Alignas to all.

// memberDecl is the declaration of a member: last says whether the
// member is its last declarator.
type memberDecl struct {
	sd   *cc.StructDeclaration
	last bool
}

// memberAttrs sets the alignment irf (of cc's member f) requests and
// whether it is packed, from its declaration. It panics with an
// unsupported error where gcc's placement is not known: a member whose
// type carries an alignment of its own (a typedef with an aligned
// attribute: gcc keeps it, or not, by rules not measured).
func (u *Unit) memberAttrs(f *cc.Field, irf *ir.Field, pos token.Position) {
	d := f.Declarator()
	md, ok := u.memberDecls[d]
	if d == nil || !ok {
		return
	}
	pos = d.Position()
	if declaratorAttrs(d) {
		// `char * __attribute__((aligned(8))) p`: an attribute of the
		// pointer type, which cc ignores and gcc keeps by rules not measured
		panic(unsupported(pos, fmt.Sprintf("member %s of %s: an attribute inside its declarator", f.Name(), typeName(f.ParentType()))))
	}
	var specAlign int64 // aligned attributes among the specifiers
	for l := md.sd.SpecifierQualifierList; l != nil; l = l.SpecifierQualifierList {
		switch l.Case {
		case cc.SpecifierQualifierListAlignSpec:
			irf.Align = max(irf.Align, u.alignasValue(l.AlignmentSpecifier, pos))
		case cc.SpecifierQualifierListTypeQual:
			if q := l.TypeQualifier; q != nil && q.Case == cc.TypeQualifierAttr {
				a, p := u.attrLayout(q.AttributeSpecifierList, pos)
				specAlign = max(specAlign, a)
				irf.Packed = irf.Packed || p
			}
		}
	}
	irf.Align = max(irf.Align, specAlign)
	if specAlign > 0 && opaqueElem(irf.Type) {
		// cc gave the type the attribute's alignment, and inka's opaque
		// types take cc's
		panic(unsupported(pos, fmt.Sprintf("member %s of %s: an aligned attribute on a %s type", f.Name(), typeName(f.ParentType()), opaqueWhat(ir.Unqualified(irf.Type)))))
	}
	if md.last {
		a, p := u.attrLayout(md.sd.AttributeSpecifierList, pos)
		irf.Align = max(irf.Align, a)
		irf.Packed = irf.Packed || p
	}
	if irf.BitField && (irf.Align > 0 || irf.Packed) && f.ValueBits() == 0 {
		panic(unsupported(pos, fmt.Sprintf("zero-width bit-field %s of %s declared with an attribute", f.Name(), typeName(f.ParentType()))))
	}
	// cc merges a type's aligned attribute (a typedef's, or one among
	// the specifiers) into the member's type
	t := f.Type()
	for t.Kind() == cc.Array {
		t = t.(*cc.ArrayType).Elem()
	}
	var attr int64
	if a := t.Attributes(); a != nil {
		attr = a.Aligned() // -1: none
	}
	if attr <= 0 || attr == specAlign {
		return
	}
	if k := t.Kind(); k == cc.Struct || k == cc.Union {
		if u.irType(t, pos).Align() == attr {
			return // the struct's own attribute: in its layout
		}
	}
	panic(unsupported(pos, fmt.Sprintf("member %s of %s: its type %s has an aligned attribute of its own", f.Name(), typeName(f.ParentType()), typeName(f.Type()))))
}

// alignasValue is the alignment _Alignas(x) asks for.
func (u *Unit) alignasValue(s *cc.AlignmentSpecifier, pos token.Position) int64 {
	switch s.Case {
	case cc.AlignmentSpecifierType:
		t := s.TypeName.Type()
		if k := t.Kind(); k == cc.Struct || k == cc.Union || k == cc.Array {
			return u.irType(t, pos).Align() // gcc's layout of it
		}
		return int64(t.Align())
	default:
		return u.attrInt(s.ConstantExpression, pos)
	}
}

// attrLayout returns the largest alignment an attribute list asks for
// with aligned (0: none), and whether it says packed.
func (u *Unit) attrLayout(l *cc.AttributeSpecifierList, pos token.Position) (align int64, packed bool) {
	for ; l != nil; l = l.AttributeSpecifierList {
		if l.AttributeSpecifier == nil {
			continue
		}
		for v := l.AttributeSpecifier.AttributeValueList; v != nil; v = v.AttributeValueList {
			a := v.AttributeValue
			if a == nil {
				continue
			}
			switch a.Token.SrcStr() {
			case "packed", "__packed__":
				packed = true
			case "aligned", "__aligned__":
				n := int64(16) // no argument: the largest alignment of the target (__BIGGEST_ALIGNMENT__)
				if args := a.ArgumentExpressionList; args != nil {
					n = u.attrInt(args.AssignmentExpression, pos)
				}
				align = max(align, n)
			}
		}
	}
	return align, packed
}

// attrInt is the value of an alignment in an attribute or _Alignas (a
// power of two, which cc checked), refused when it is not a positive
// constant.
func (u *Unit) attrInt(e cc.ExpressionNode, pos token.Position) int64 {
	if v, ok := u.layoutConst(e); ok && int64(v) > 0 {
		return int64(v)
	}
	panic(unsupported(pos, "alignment that is not an integer constant"))
}

// opaqueElem reports whether t, or its element type, is opaque.
func opaqueElem(t *ir.Type) bool {
	for t.Kind == ir.Array {
		t = t.Elem
	}
	return t.Kind == ir.Opaque
}

// declaratorAttrs reports whether declarator d has attributes among the
// qualifiers of its pointers or arrays.
func declaratorAttrs(d *cc.Declarator) bool {
	quals := func(q *cc.TypeQualifiers) bool {
		for ; q != nil; q = q.TypeQualifiers {
			if q.TypeQualifier != nil && q.TypeQualifier.AttributeSpecifierList != nil {
				return true
			}
		}
		return false
	}
	if d == nil {
		return false
	}
	for p := d.Pointer; p != nil; p = p.Pointer {
		if quals(p.TypeQualifiers) {
			return true
		}
	}
	for dd := d.DirectDeclarator; dd != nil; dd = dd.DirectDeclarator {
		if quals(dd.TypeQualifiers) || declaratorAttrs(dd.Declarator) {
			return true
		}
	}
	return false
}
