package abi

import (
	"fmt"
	"strings"
)

// Sig is the signature of a callee: its return type (nil for void), its
// named parameters and, for a variadic callee, the types of the extra
// arguments the caller passes (the callee reads each with va_arg of its
// promoted type).
type Sig struct {
	Ret     *Type
	Params  []*Type
	Varargs []*Type
}

// Variadic reports whether the callee is declared with "...".
func (s Sig) Variadic() bool { return len(s.Varargs) > 0 }

// Args are the types of all arguments, named then variadic.
func (s Sig) Args() []*Type {
	return append(append([]*Type{}, s.Params...), s.Varargs...)
}

// String writes the signature as a C abstract declarator in the type
// syntax of Type.String: "struct{int,float}(long, double, ...: int, double)".
func (s Sig) String() string {
	var b strings.Builder
	if s.Ret == nil {
		b.WriteString("void")
	} else {
		b.WriteString(s.Ret.String())
	}
	b.WriteString("(")
	for i, p := range s.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.String())
	}
	if s.Variadic() {
		b.WriteString(", ...:")
		for i, v := range s.Varargs {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(" " + v.String())
		}
	}
	b.WriteString(")")
	return b.String()
}

// ParseSig reads what Sig.String writes.
func ParseSig(s string) (Sig, error) {
	var sig Sig
	open := -1 // the parameters' parenthesis: outside braces, not pack( or alignas(
	depth := 0
	for i := 0; i < len(s) && open < 0; i++ {
		switch {
		case s[i] == '{':
			depth++
		case s[i] == '}':
			depth--
		case s[i] == '(' && depth == 0 && !strings.HasSuffix(s[:i], "pack") && !strings.HasSuffix(s[:i], "alignas"):
			open = i
		}
	}
	if open < 0 || !strings.HasSuffix(s, ")") {
		return sig, fmt.Errorf("signature %q: want RET(PARAMS)", s)
	}
	if r := strings.TrimSpace(s[:open]); r != "void" {
		t, err := ParseType(r)
		if err != nil {
			return sig, err
		}
		sig.Ret = t
	}
	body := s[open+1 : len(s)-1]
	named, va, variadic := strings.Cut(body, "...:")
	for _, part := range splitTop(named) {
		t, err := ParseType(part)
		if err != nil {
			return sig, err
		}
		sig.Params = append(sig.Params, t)
	}
	if variadic {
		for _, part := range splitTop(va) {
			t, err := ParseType(part)
			if err != nil {
				return sig, err
			}
			sig.Varargs = append(sig.Varargs, t)
		}
		if len(sig.Params) == 0 || len(sig.Varargs) == 0 {
			return sig, fmt.Errorf("signature %q: a variadic callee needs a named parameter and an extra argument", s)
		}
	}
	return sig, nil
}

// splitTop splits s at the commas outside braces, dropping empty parts.
func splitTop(s string) []string {
	var parts []string
	depth, start := 0, 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) {
			switch s[i] {
			case '{':
				depth++
				continue
			case '}':
				depth--
				continue
			case ',':
				if depth > 0 {
					continue
				}
			default:
				continue
			}
		}
		if p := strings.TrimSpace(s[start:i]); p != "" {
			parts = append(parts, p)
		}
		start = i + 1
	}
	return parts
}

// Features lists the optional features the signature needs.
func (s Sig) Features() []Feature {
	seen := map[Feature]bool{}
	var fs []Feature
	all := s.Args()
	if s.Ret != nil {
		all = append(all, s.Ret)
	}
	for _, t := range all {
		for _, f := range t.Features() {
			if !seen[f] {
				seen[f] = true
				fs = append(fs, f)
			}
		}
	}
	return fs
}

// Promote is the type a variadic callee reads an argument of type t as
// (the default argument promotions: small integers to int, float to
// double).
func Promote(t *Type) *Type {
	switch t.Kind {
	case Bool, Char, SChar, UChar, Short, UShort:
		return Basic(Int)
	case Float:
		return Basic(Double)
	}
	return t
}
