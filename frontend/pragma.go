package frontend

import (
	"strconv"

	"github.com/inka-tool/inka/ir"

	"modernc.org/cc/v4"
	"modernc.org/token"
)

// #pragma pack changes the layout of the structs declared while it is in
// effect (gcc aligns their members, and them, to at most N bytes, and
// places their bit-fields at the next free bit), and cc/v4 ignores it: it
// lays such a struct out naturally. The pack directives are therefore
// recorded as regions of the source, and a struct declared in one gets
// gcc's layout (ir.NewStructLayout); cc's layout of it then differs from
// gcc's, so that the constants cc folds with it (sizeof, offsetof) are
// computed again and its initializers placed by member (see
// Unit.mislaid). Csmith writes `#pragma pack(push)`, `#pragma pack(1)`
// around some of its structs.
//
// cc ignores __attribute__((packed)) as well: the attributes of a struct's
// definition and of its members' declarations are read by the front end
// (layoutOf, attrs.go).

// packRegion is a stretch of one file where `#pragma pack(N)` is in
// effect; an empty file stands for every file (a region left open at the
// end of the file that opened it).
type packRegion struct {
	file     string
	from, to token.Position
	n        int64
}

// packState follows the pack directives as the preprocessor meets them.
type packState struct {
	cur     int64 // 0: the default (natural alignment)
	stack   []int64
	open    *packRegion
	regions []packRegion
}

// pragma is cc's PragmaHandler: toks are the directive's tokens after
// "pragma".
func (p *packState) pragma(toks []cc.Token) error {
	if len(toks) < 3 || toks[0].SrcStr() != "pack" || toks[1].SrcStr() != "(" {
		return nil
	}
	var args []string
	for _, t := range toks[2:] {
		if s := t.SrcStr(); s != "," && s != ")" {
			args = append(args, s)
		}
	}
	n := p.cur
	switch {
	case len(args) == 0:
		n = 0
	case args[0] == "push":
		p.stack = append(p.stack, p.cur)
		if v, ok := packValue(args[len(args)-1]); ok {
			n = v
		}
	case args[0] == "pop":
		if k := len(p.stack); k > 0 {
			n, p.stack = p.stack[k-1], p.stack[:k-1]
		} else {
			n = 0
		}
	default:
		if v, ok := packValue(args[0]); ok {
			n = v
		}
	}
	p.set(n, toks[0].Position())
	return nil
}

func packValue(s string) (int64, bool) {
	v, err := strconv.ParseInt(s, 0, 64)
	return v, err == nil && v > 0
}

// set makes n the packing from pos on.
func (p *packState) set(n int64, pos token.Position) {
	if n == p.cur {
		return
	}
	p.close(pos)
	p.cur = n
	if n != 0 {
		p.open = &packRegion{file: pos.Filename, from: pos, n: n}
	}
}

// close ends the open region at pos.
func (p *packState) close(pos token.Position) {
	if p.open == nil {
		return
	}
	r := *p.open
	r.to = pos
	if pos.Filename != r.file || !pos.IsValid() {
		r.file = "" // it spans files: say everywhere
	}
	p.regions = append(p.regions, r)
	p.open = nil
}

// packAt returns the packing in effect at pos (0: none).
func packAt(regions []packRegion, pos token.Position) int64 {
	for _, r := range regions {
		if r.file == "" {
			return r.n
		}
		if r.file == pos.Filename && before(r.from, pos) && before(pos, r.to) {
			return r.n
		}
	}
	return 0
}

func before(a, b token.Position) bool {
	return a.Line < b.Line || (a.Line == b.Line && a.Column <= b.Column)
}

// layoutOf returns gcc's extensions to the layout of struct or union t
// (ir.Layout): the #pragma pack in effect where it is declared, its packed
// and aligned attributes; false when t has no named member to find its
// declaration by.
func (u *Unit) layoutOf(t cc.Type) (ir.Layout, bool) {
	var l ir.Layout
	var n int
	var field func(int) *cc.Field
	switch x := t.(type) {
	case *cc.StructType:
		n, field = x.NumFields(), x.FieldByIndex
	case *cc.UnionType:
		n, field = x.NumFields(), x.FieldByIndex
	}
	// the first member with a declarator (an unnamed bit-field has none):
	// every member is under the pragma of the struct's braces
	var f *cc.Field
	for i := 0; i < n && f == nil; i++ {
		if fi := field(i); fi.Declarator() != nil {
			f = fi
		}
	}
	if f == nil {
		return l, false
	}
	l.Pack = packAt(u.packs, f.Declarator().Position())
	if spec := u.structSpecs[f.Declarator()]; spec != nil {
		// the attributes of the definition, not of a typedef's variant
		// of it (a member of such a type is refused: attrs.go)
		pos := spec.Position()
		a, p := u.attrLayout(spec.AttributeSpecifierList, pos)
		a2, p2 := u.attrLayout(spec.AttributeSpecifierList2, pos)
		l.Align, l.Packed = max(a, a2), p || p2
	}
	return l, true
}

// mayBeAttributed reports, of a struct or union layoutOf cannot find
// the declaration of (it has no named member), whether a pack or an
// attribute may apply to it: one of the definitions without named
// members of the unit has one.
func (u *Unit) mayBeAttributed(t cc.Type) bool {
	a := t.Attributes()
	return u.unnamedAttributed || (a != nil && a.Aligned() > 0)
}

// notePacked records, while the unit's nodes are walked, the definition
// of every struct and union and the declaration of every member (their
// attributes are read from them: attrs.go).
func (u *Unit) notePacked(n any) {
	switch x := n.(type) {
	case *cc.StructOrUnionSpecifier:
		// by the first member with a declarator (an unnamed bit-field
		// has none), as layoutOf finds it
		for l := x.StructDeclarationList; l != nil; l = l.StructDeclarationList {
			if d := firstDeclarator(l.StructDeclaration); d != nil {
				u.structSpecs[d] = x
				return
			}
		}
		if x.StructDeclarationList != nil && (x.AttributeSpecifierList != nil || x.AttributeSpecifierList2 != nil || packAt(u.packs, x.Position()) > 0) {
			u.unnamedAttributed = true
		}
	case *cc.StructDeclaration:
		for l := x.StructDeclaratorList; l != nil; l = l.StructDeclaratorList {
			if l.StructDeclarator != nil && l.StructDeclarator.Declarator != nil {
				u.memberDecls[l.StructDeclarator.Declarator] = memberDecl{x, l.StructDeclaratorList == nil}
			}
		}
	}
}

// firstDeclarator is the first declarator of a member declaration (nil
// for an unnamed bit-field or a static assertion).
func firstDeclarator(sd *cc.StructDeclaration) *cc.Declarator {
	if sd == nil {
		return nil
	}
	for l := sd.StructDeclaratorList; l != nil; l = l.StructDeclaratorList {
		if l.StructDeclarator != nil && l.StructDeclarator.Declarator != nil {
			return l.StructDeclarator.Declarator
		}
	}
	return nil
}
