package frontend

import (
	"fmt"
	"strings"

	"modernc.org/cc/v4"
	"modernc.org/token"

	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/libc"
)

// Output to standard output and standard error. printf and fprintf to
// stdout or stderr with a string literal as format are lowered to their
// pieces (libc/src/stdio.c): the text between the conversions, written by
// __inka_output_text (its count is known), and each conversion, written
// and counted by the model's __inka_printf_int or __inka_printf_str (or,
// when the value of the call is not used, an integer written by
// __inka_output_int alone). The interpreter records the output; the call's
// value is the sum of the counts, as glibc returns it. fputs and fputc
// (putc) on stdout or stderr are the models' __inka_fputs and
// __inka_fputc; puts and putchar are models like strlen.
//
// A conversion of floating point (%f %e %g, exactly rounded by the
// interpreter as glibc does) is written by __inka_output_float; its count
// is not modelled, so the value of a call with one is a cut naming it.
// fwrite to stdout or stderr is the model's __inka_fwrite, perror
// __inka_perror (glibc's messages for errno).
//
// What is not modelled — a format that is not a literal, %p (an address,
// which a run on another machine does not reproduce), %a, a long double,
// a width or precision given by an argument, another stream — keeps the
// call of the library: a no-op whose output the run does not know
// (interp.Result.OutputLost) when the value is not used, and a cut naming
// the conversion when it is.

// convSpec is one conversion of a printf format.
type convSpec struct {
	spec, width, prec int      // as __inka_printf_int takes them
	typ               *ir.Type // the argument's type (integer conversions)
}

// formatPiece is the text before a conversion, and the conversion (nil
// after the last one).
type formatPiece struct {
	text string
	conv *convSpec
}

// maxFieldWidth bounds a literal width or precision: the counts stay far
// from INT_MAX, where glibc returns -1.
const maxFieldWidth = 4096

// parseFormat splits a printf format into pieces, or says which part inka
// does not model.
func parseFormat(f string) ([]formatPiece, string) {
	var out []formatPiece
	var text strings.Builder
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			text.WriteByte(f[i])
			continue
		}
		start := i
		i++
		if i < len(f) && f[i] == '%' {
			text.WriteByte('%')
			continue
		}
		c := &convSpec{prec: -1}
		for ; i < len(f) && strings.IndexByte("-+ #0", f[i]) >= 0; i++ {
			c.spec |= [...]int{ir.OutputMinus, ir.OutputPlus, ir.OutputSpace, ir.OutputHash, ir.OutputZero}[strings.IndexByte("-+ #0", f[i])]
		}
		num := func() (int, bool) {
			n := 0
			for ; i < len(f) && f[i] >= '0' && f[i] <= '9'; i++ {
				n = 10*n + int(f[i]-'0')
				if n > maxFieldWidth {
					return 0, false
				}
			}
			return n, true
		}
		var ok bool
		if c.width, ok = num(); !ok {
			return nil, "a width over 4096"
		}
		if i < len(f) && f[i] == '.' {
			i++
			if c.prec, ok = num(); !ok {
				return nil, "a precision over 4096"
			}
		}
		length := ""
		for ; i < len(f) && strings.IndexByte("hlzjt", f[i]) >= 0; i++ {
			length += f[i : i+1]
		}
		if i >= len(f) {
			return nil, "an incomplete conversion"
		}
		if c.typ = convType(f[i], length); c.typ == nil {
			return nil, "the conversion " + f[start:i+1]
		}
		c.spec |= int(f[i])
		out = append(out, formatPiece{text.String(), c})
		text.Reset()
	}
	return append(out, formatPiece{text: text.String()}), ""
}

// convType is the type of the argument of conversion letter conv with the
// length modifier length (char * for %s), or nil.
func convType(conv byte, length string) *ir.Type {
	signed := conv == 'd' || conv == 'i'
	switch conv {
	case 's':
		if length == "" {
			return ir.PointerTo(ir.CharType)
		}
		return nil
	case 'c':
		if length == "" {
			return ir.UCharType
		}
		return nil
	case 'f', 'F', 'e', 'E', 'g', 'G':
		if length == "" || length == "l" {
			return ir.DoubleType
		}
		return nil
	case 'd', 'i', 'u', 'o', 'x', 'X':
	default:
		return nil
	}
	pick := func(s, u *ir.Type) *ir.Type {
		if signed {
			return s
		}
		return u
	}
	switch length {
	case "hh":
		return pick(ir.CharType, ir.UCharType)
	case "h":
		return pick(ir.ShortType, ir.UShortType)
	case "":
		return pick(ir.IntType, ir.UIntType)
	case "l", "z", "j", "t":
		return pick(ir.LongType, ir.ULongType)
	case "ll":
		return pick(ir.LongLongType, ir.ULongLongType)
	}
	return nil
}

// output lowers a call of the C library's output functions on standard
// output or standard error (see above); ok is false when it leaves the
// call to the general lowering.
func (b *funcBuilder) output(name string, args []cc.ExpressionNode, pos token.Position, want bool) (v ir.Value, ok bool) {
	if b.u.defs[name] != nil || !b.u.declaredBySystem(name) {
		return nil, false
	}
	switch name {
	case "printf":
		return b.printf(name, 1, args, pos, want)
	case "fprintf":
		if len(args) > 0 {
			if s := stdStream(args[0]); s != 0 {
				// stdout itself is not read: the library's object
				return b.printf(name, s, args[1:], pos, want)
			}
		}
	case "fwrite":
		if len(args) == 4 {
			if s := stdStream(args[3]); s != 0 {
				return b.modelCall("__inka_fwrite", args[:3], []ir.Value{ir.NewConst(ir.IntType, uint64(s))}, pos, want), true
			}
		}
	case "perror":
		if len(args) == 1 {
			return b.modelCall("__inka_perror", args, nil, pos, want), true
		}
	case "fputs", "fputc", "putc":
		if len(args) == 2 {
			if s := stdStream(args[1]); s != 0 {
				helper := "__inka_fputs"
				if name != "fputs" {
					helper = "__inka_fputc"
				}
				return b.modelCall(helper, args[:1], []ir.Value{ir.NewConst(ir.IntType, uint64(s))}, pos, want), true
			}
		}
	}
	return nil, false
}

// stdStream is 1 for the expression stdout, 2 for stderr, else 0.
func stdStream(e cc.ExpressionNode) int {
	id, ok := unparen(e).(*cc.PrimaryExpression)
	if !ok || id.Case != cc.PrimaryExpressionIdent {
		return 0
	}
	switch id.Token.SrcStr() {
	case "stdout":
		return 1
	case "stderr":
		return 2
	}
	return 0
}

// printf lowers printf(format, args...) to stream.
func (b *funcBuilder) printf(name string, stream int, args []cc.ExpressionNode, pos token.Position, want bool) (ir.Value, bool) {
	if len(args) == 0 {
		return nil, false
	}
	lit, ok := unparen(args[0]).(*cc.PrimaryExpression)
	if !ok || lit.Case != cc.PrimaryExpressionString {
		return b.outputCut(name, "a format that is not a string literal", want, pos)
	}
	f, _ := lit.Value().(cc.StringValue)
	pieces, why := parseFormat(strings.TrimSuffix(string(f), "\x00"))
	if why != "" {
		return b.outputCut(name, why, want, pos)
	}
	if len(args)-1 != len(pieces)-1 {
		return b.outputCut(name, fmt.Sprintf("%d arguments for %d conversions", len(args)-1, len(pieces)-1), want, pos)
	}
	// The arguments are evaluated before anything is written.
	vals := &ir.Call{}
	b.callArgs(vals, args[1:], nil)
	for i, p := range pieces[:len(pieces)-1] {
		t := vals.Args[i].Type()
		if p.conv.typ.IsPointer() != t.IsPointer() || p.conv.typ.IsFloat() != t.IsFloat() || !t.IsScalar() {
			return b.outputCut(name, fmt.Sprintf("a %s argument for %%%c", t, byte(p.conv.spec)), want, pos)
		}
		if want && p.conv.typ.IsFloat() {
			return b.outputCut(name, fmt.Sprintf("the conversion %%%c", byte(p.conv.spec)), want, pos)
		}
	}
	st := ir.NewConst(ir.IntType, uint64(stream))
	var total ir.Value = ir.NewConst(ir.IntType, 0)
	count := 0
	add := func(n ir.Value) {
		if want {
			sum := b.newTemp(ir.IntType)
			b.emit(&ir.Binary{At: b.at(), Dst: sum, Op: ir.Add, X: total, Y: n})
			total = sum
		}
	}
	for i, p := range pieces {
		if p.text != "" {
			text := []ir.Value{st}
			for j := 0; j < len(p.text); j++ {
				text = append(text, ir.NewConst(ir.IntType, uint64(p.text[j])))
			}
			b.emit(&ir.Call{At: b.at(), Extern: b.intrinsic("__inka_output_text", pos), Args: text})
			count += len(p.text)
		}
		if p.conv == nil {
			break
		}
		c := p.conv
		v := b.convert(vals.Args[i], c.typ)
		head := []ir.Value{st, ir.NewConst(ir.IntType, uint64(c.spec)), ir.NewConst(ir.IntType, uint64(c.width)), ir.NewConst(ir.IntType, uint64(int64(c.prec)))}
		switch {
		case c.typ.IsFloat():
			// written, not counted: a float's count is not modelled
			b.emit(&ir.Call{At: b.at(), Extern: b.intrinsic("__inka_output_float", pos), Args: append(head, v)})
		case c.typ.IsPointer():
			// the model reads the string even when its count is not used
			if n := b.modelCall("__inka_printf_str", nil, append(head, v), pos, want); want {
				add(n)
			}
		case want:
			add(b.modelCall("__inka_printf_int", nil, append(head, b.convert(v, ir.ULongLongType)), pos, true))
		default:
			b.emit(&ir.Call{At: b.at(), Extern: b.intrinsic("__inka_output_int", pos), Args: append(head, b.convert(v, ir.ULongLongType))})
		}
	}
	if !want {
		return nil, true
	}
	sum := b.newTemp(ir.IntType)
	b.emit(&ir.Binary{At: b.at(), Dst: sum, Op: ir.Add, X: total, Y: ir.NewConst(ir.IntType, uint64(count))})
	return sum, true
}

// outputCut leaves a call inka does not format to the general lowering
// when its value is not used (its output is then unknown), and is a cut
// naming what is not modelled when it is.
func (b *funcBuilder) outputCut(name, why string, want bool, pos token.Position) (ir.Value, bool) {
	if !want {
		return nil, false
	}
	return b.cut(unsupported(pos, fmt.Sprintf("the value of %s with %s, which inka does not model", name, why)), ir.IntType), true
}

// modelCall calls the model's helper (libc/src/stdio.c) with the lowered
// args followed by more.
func (b *funcBuilder) modelCall(helper string, args []cc.ExpressionNode, more []ir.Value, pos token.Position, want bool) ir.Value {
	fd := b.u.defs[helper]
	if fd == nil || !libc.IsModelFile(fd.Declarator.Position().Filename) {
		panic(fmt.Sprintf("libc: no model helper %s", helper))
	}
	call := &ir.Call{Func: b.pb.funcRef(fd)}
	var params []*ir.Type
	for _, p := range call.Func.Params {
		params = append(params, p.Typ)
	}
	b.callArgs(call, args, params)
	for _, v := range more {
		call.Args = append(call.Args, b.convert(v, params[len(call.Args)]))
	}
	return b.emitCall(call, pos, call.Func.ResultTyp, want)
}

// intrinsic returns the extern of an output intrinsic of libc/src/inka.h.
func (b *funcBuilder) intrinsic(name string, pos token.Position) *ir.Extern {
	for _, n := range b.u.ast.Scope.Nodes[name] {
		if d, ok := n.(*cc.Declarator); ok && libc.IsModelFile(d.Position().Filename) {
			return b.pb.extern(d, pos)
		}
	}
	panic(fmt.Sprintf("libc: no intrinsic %s", name))
}
