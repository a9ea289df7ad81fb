package frontend

import (
	"strconv"

	"modernc.org/cc/v4"
	"modernc.org/token"
)

// #pragma pack changes the layout of the structs declared while it is in
// effect (gcc aligns their members, and them, to at most N bytes), and
// cc/v4 ignores it: it lays such a struct out naturally. The pack
// directives are therefore recorded as regions of the source, and a
// struct declared in one gets gcc's layout (ir.NewPackedStruct); cc's
// layout of it then differs from gcc's, so that the constants cc folds
// with it (sizeof, offsetof) are cut and its initializers placed by member
// (see Unit.mislaid). Csmith writes `#pragma pack(push)`, `#pragma
// pack(1)` around some of its structs. Bit-fields under a pack are not
// supported (gcc's placement of them is not modelled).
//
// cc ignores __attribute__((packed)) as well: a struct or union declared
// with it is laid out as under #pragma pack(1), which is what the
// attribute does; a member declared with it is not supported.

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

// packOf returns the packing gcc lays struct or union t out with: the
// pack in effect where it is declared, when it is below t's natural
// alignment (0: the natural layout).
func (u *Unit) packOf(t cc.Type) int64 {
	if len(u.packs) == 0 {
		return 0
	}
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
		return 0
	}
	pk := packAt(u.packs, f.Declarator().Position())
	if u.packedAttr[f.Declarator()] {
		pk = 1
	}
	if pk > 0 && int64(t.Align()) > pk {
		return pk
	}
	return 0
}

// notePacked records, while the unit's nodes are walked, the structs and
// unions and the members declared __attribute__((packed)).
func (u *Unit) notePacked(n any) {
	switch x := n.(type) {
	case *cc.StructOrUnionSpecifier:
		if !hasPackedAttr(x.AttributeSpecifierList) && !hasPackedAttr(x.AttributeSpecifierList2) {
			return
		}
		if l := x.StructDeclarationList; l != nil && l.StructDeclaration != nil {
			if d := firstDeclarator(l.StructDeclaration); d != nil {
				u.packedAttr[d] = true
			}
		}
	case *cc.StructDeclaration:
		if !hasPackedAttr(x.AttributeSpecifierList) {
			return
		}
		for l := x.StructDeclaratorList; l != nil; l = l.StructDeclaratorList {
			if l.StructDeclarator != nil && l.StructDeclarator.Declarator != nil {
				u.packedMember[l.StructDeclarator.Declarator] = true
			}
		}
	}
}

func firstDeclarator(sd *cc.StructDeclaration) *cc.Declarator {
	if l := sd.StructDeclaratorList; l != nil && l.StructDeclarator != nil {
		return l.StructDeclarator.Declarator
	}
	return nil
}

// hasPackedAttr reports whether an attribute list says packed.
func hasPackedAttr(l *cc.AttributeSpecifierList) bool {
	for ; l != nil; l = l.AttributeSpecifierList {
		if l.AttributeSpecifier == nil {
			continue
		}
		for v := l.AttributeSpecifier.AttributeValueList; v != nil; v = v.AttributeValueList {
			if a := v.AttributeValue; a != nil {
				if name := a.Token.SrcStr(); name == "packed" || name == "__packed__" {
					return true
				}
			}
		}
	}
	return false
}
