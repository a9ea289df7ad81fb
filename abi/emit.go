package abi

import (
	"bytes"
	"fmt"
	"math"
	"strings"
)

// Sources are the C files of a batch of tests. abi.h (types, helpers,
// prototypes) is included by caller.c (one abi_test_N per test: set the
// arguments, call, check the return value) and callee.c (one
// abi_callee_N per test: check every argument and va_arg, return the
// value); harness.c holds main, the failure printer, the layout check and
// the trampoline that checks the callee-saved state. caller.c and
// callee.c are compiled by the compilers under test, harness.c always by
// the host compiler.
type Sources struct {
	Header, Caller, Callee, Harness []byte
	Layout                          []LayoutItem
	Tests                           []*Test
}

// LayoutItem is one entry of the layout tables: what it measures and the
// value the psABI layout rules (Type.Layout) give.
type LayoutItem struct {
	What  string // "sizeof S3", "offsetof S3.f2", "bit offset<<8|width of S3.f4"
	Model uint64
}

// The flags of the callee-saved state check (harness.c's trampoline).
var stateFlags = []string{
	"rbx", "rbp", "r12", "r13", "r14", "r15", "rsp", "direction flag",
	"MXCSR control bits", "x87 control word", "x87 stack after return",
	"rax is not the hidden return pointer", "stack not 16-byte aligned at the call",
	"x87 stack not empty at the call",
}

// Emit writes the sources of a batch. With direct, callers call the
// callees directly instead of through the trampoline (a smaller
// reproducer, without the callee-saved state check).
func Emit(tests []*Test, direct bool) *Sources {
	e := &emitter{names: map[string]string{}, direct: direct}
	src := &Sources{Tests: tests}
	var caller, callee bytes.Buffer
	for n, t := range tests {
		e.noteSig(t.Sig)
		e.caller(&caller, n, t)
		e.callee(&callee, n, t)
	}
	src.Header = e.header(tests)
	pre := "#include \"abi.h\"\n\n"
	lc, items := e.layoutFunc("caller")
	le, _ := e.layoutFunc("callee")
	src.Caller = []byte(pre + caller.String() + lc)
	src.Callee = []byte(pre + callee.String() + le)
	src.Layout = items
	src.Harness = e.harness(tests, items)
	return src
}

type emitter struct {
	names  map[string]string // type key -> C name
	defs   []string          // type definitions, in dependency order
	aggs   []*Type           // named structs and unions, for the layout check
	aggNm  []string
	n      int
	direct bool
	f128   bool // the batch uses __float128 / __int128 helpers
	i128   bool
}

// cname is the C name of t, defining it (and its parts) first.
func (e *emitter) cname(t *Type) string {
	switch t.Kind {
	case Int128, UInt128:
		e.i128 = true
	case Float128:
		e.f128 = true
	}
	if t.Kind.IsScalar() && t.Kind != Enum && t.Kind != Pointer {
		return t.Kind.String()
	}
	key := t.String()
	if t.Kind == Enum {
		key = fmt.Sprintf("enum%v", t.Signed)
	}
	if n, ok := e.names[key]; ok {
		return n
	}
	// The parts first (their definitions come before this one), then a
	// fresh name.
	var parts []string
	switch t.Kind {
	case Pointer:
		parts = []string{"void"}
		if t.Elem != nil {
			parts[0] = e.cname(t.Elem)
		}
	case Array:
		parts = []string{e.cname(t.Elem)}
	case Struct, Union:
		for _, f := range t.Fields {
			parts = append(parts, e.cname(f.Type))
		}
	}
	e.n++
	var def strings.Builder
	var name string
	switch t.Kind {
	case Enum:
		name = fmt.Sprintf("E%d", e.n)
		if t.Signed {
			fmt.Fprintf(&def, "typedef enum %s { %s_a = -1, %s_b = 1 } %s;\n", name, name, name, name)
		} else {
			fmt.Fprintf(&def, "typedef enum %s { %s_a = 1 } %s;\n", name, name, name)
		}
	case Pointer:
		name = fmt.Sprintf("P%d", e.n)
		fmt.Fprintf(&def, "typedef %s *%s;\n", parts[0], name)
	case Array:
		name = fmt.Sprintf("A%d", e.n)
		fmt.Fprintf(&def, "typedef %s %s[%d];\n", parts[0], name, t.Len)
	case Struct, Union:
		name = fmt.Sprintf("S%d", e.n)
		if t.Kind == Union {
			name = fmt.Sprintf("U%d", e.n)
		}
		def.WriteString(aggDef(t, name, parts))
		e.aggs = append(e.aggs, t)
		e.aggNm = append(e.aggNm, name)
	}
	e.names[key] = name
	e.defs = append(e.defs, def.String())
	return name
}

// aggDef is the definition of struct or union t named name, whose
// members have the C types parts.
func aggDef(t *Type, name string, parts []string) string {
	var def strings.Builder
	var fields []string
	for i, f := range t.Fields {
		s := "\t"
		if f.Align > 0 {
			s += fmt.Sprintf("_Alignas(%d) ", f.Align)
		}
		s += parts[i]
		if !f.Unnamed {
			s += " " + FieldName(i)
		}
		if f.Bits >= 0 {
			s += fmt.Sprintf(" : %d", f.Bits)
		}
		fields = append(fields, s+";")
	}
	fmt.Fprintf(&def, "/* %s */\n", t)
	if t.Pack > 0 {
		fmt.Fprintf(&def, "#pragma pack(push, %d)\n", t.Pack)
	}
	fmt.Fprintf(&def, "typedef %s %s {\n%s\n} %s;\n", t.Kind, name, strings.Join(fields, "\n"), name)
	if t.Pack > 0 {
		def.WriteString("#pragma pack(pop)\n")
	}
	return def.String()
}

func (e *emitter) noteSig(s Sig) {
	if s.Ret != nil {
		e.cname(s.Ret)
	}
	for _, a := range s.Args() {
		e.cname(a)
		e.cname(Promote(a))
	}
}

// proto is the prototype of the function fn with signature s.
func (e *emitter) proto(fn string, s Sig, named bool) string {
	ret := "void"
	if s.Ret != nil {
		ret = e.cname(s.Ret)
	}
	var ps []string
	for i, p := range s.Params {
		d := e.cname(p)
		if named {
			d += fmt.Sprintf(" a%d", i)
		}
		ps = append(ps, d)
	}
	if s.Variadic() {
		ps = append(ps, "...")
	}
	if len(ps) == 0 {
		ps = []string{"void"}
	}
	return fmt.Sprintf("%s %s(%s)", ret, fn, strings.Join(ps, ", "))
}

const helpers = `static float abi_f(unsigned u) { union { unsigned u; float f; } c; c.u = u; return c.f; }
static unsigned long long abi_fb(float f) { union { unsigned u; float f; } c; c.f = f; return c.u; }
static double abi_d(unsigned long long u) { union { unsigned long long u; double d; } c; c.u = u; return c.d; }
static unsigned long long abi_db(double d) { union { unsigned long long u; double d; } c; c.d = d; return c.u; }
static long double abi_ld(unsigned long long lo, unsigned long long hi) { union { unsigned long long q[2]; long double v; } c; c.q[0] = lo; c.q[1] = hi; return c.v; }
static unsigned long long abi_ldlo(long double v) { union { unsigned long long q[2]; long double v; } c; c.q[0] = c.q[1] = 0; c.v = v; return c.q[0]; }
static unsigned long long abi_ldhi(long double v) { union { unsigned long long q[2]; long double v; } c; c.q[0] = c.q[1] = 0; c.v = v; return c.q[1] & 0xffff; }
`

const helpers128 = `static __float128 abi_q(unsigned long long lo, unsigned long long hi) { union { unsigned long long q[2]; __float128 v; } c; c.q[0] = lo; c.q[1] = hi; return c.v; }
static unsigned long long abi_qlo(__float128 v) { union { unsigned long long q[2]; __float128 v; } c; c.v = v; return c.q[0]; }
static unsigned long long abi_qhi(__float128 v) { union { unsigned long long q[2]; __float128 v; } c; c.v = v; return c.q[1]; }
`

func (e *emitter) header(tests []*Test) []byte {
	var b bytes.Buffer
	b.WriteString("/* Generated by inka abi. */\n#include <stdarg.h>\n#include <stddef.h>\n#include <string.h>\n\n")
	for _, d := range e.defs {
		b.WriteString(d)
	}
	b.WriteString("\n" + helpers)
	if e.f128 {
		b.WriteString(helpers128)
	}
	b.WriteString(`
void abi_check(int test, int side, const unsigned long long *got, int n);
void abi_end(int test);
unsigned long long abi_firstbit(const void *p, unsigned long n);

`)
	for n, t := range tests {
		fmt.Fprintf(&b, "/* %s: %s */\n", t.ID, t.Sig)
		fmt.Fprintf(&b, "%s;\n", e.proto(fmt.Sprintf("abi_callee_%d", n), t.Sig, false))
		if !e.direct {
			fmt.Fprintf(&b, "%s;\n", e.proto(fmt.Sprintf("abi_tramp_%d", n), t.Sig, false))
		}
	}
	return b.Bytes()
}

// lit is the C expression of a leaf's value as type t.
func (e *emitter) lit(l Leaf) string {
	v := l.Val
	if l.Bits >= 0 {
		x := extend(v.Lo, l.Bits, l.Type.IsSigned())
		if l.Type.Kind == Bool {
			x = v.Lo & 1
		}
		return cInt(x, l.Type.IsSigned() && int64(x) < 0)
	}
	switch l.Type.Kind {
	case Float:
		return fmt.Sprintf("abi_f(0x%xu)", uint32(v.Lo))
	case Double:
		return fmt.Sprintf("abi_d(0x%xULL)", v.Lo)
	case LongDouble:
		return fmt.Sprintf("abi_ld(0x%xULL, 0x%xULL)", v.Lo, v.Hi&0xffff)
	case Float128:
		return fmt.Sprintf("abi_q(0x%xULL, 0x%xULL)", v.Lo, v.Hi)
	case Int128, UInt128:
		n := e.cname(l.Type)
		return fmt.Sprintf("(((%s)0x%xULL << 64) | (%s)0x%xULL)", n, v.Hi, n, v.Lo)
	case Bool:
		return fmt.Sprintf("%d", v.Lo&1)
	}
	return fmt.Sprintf("(%s)0x%xULL", e.cname(l.Type), v.Lo)
}

// cInt writes a 64-bit integer constant, negative when neg.
func cInt(x uint64, neg bool) string {
	switch {
	case !neg:
		return fmt.Sprintf("0x%xULL", x)
	case int64(x) == math.MinInt64:
		return "(-0x7fffffffffffffffLL - 1)"
	}
	return fmt.Sprintf("(-0x%xLL)", -int64(x))
}

// got is the C expression of check part of expr, a leaf read as type t.
func got(t *Type, part int, expr string) string {
	switch t.Kind {
	case Float:
		return "abi_fb(" + expr + ")"
	case Double:
		return "abi_db(" + expr + ")"
	case LongDouble:
		return [2]string{"abi_ldlo(", "abi_ldhi("}[part] + expr + ")"
	case Float128:
		return [2]string{"abi_qlo(", "abi_qhi("}[part] + expr + ")"
	case Int128, UInt128:
		if part == 1 {
			return "(unsigned long long)((unsigned __int128)(" + expr + ") >> 64)"
		}
	}
	return "(unsigned long long)(" + expr + ")"
}

// CheckItem is one comparison a side makes: the callee's on the
// arguments (Side 0), the caller's on the return value (Side 1). The
// side stores the bits it got in an array, in the order of Test.Checks;
// the harness compares them with Want.
type CheckItem struct {
	Arg  int    // argument index, -1 for the return value
	Path string // access path in the argument; "#lo" / "#hi" for the halves of 16-byte scalars
	Want uint64
	leaf Leaf
	read *Type // the type the side reads the leaf as (promoted for variadic arguments)
	part int
}

// Checks lists the comparisons of one side of the test.
func (t *Test) Checks(side int) []CheckItem {
	var items []CheckItem
	add := func(arg int, ty, read *Type, v *Value) {
		for _, l := range Leaves(ty, v) {
			lt := l.Type
			if read != ty { // a promoted variadic scalar
				lt = read
			}
			cs := l.Checks(lt)
			for _, c := range cs {
				path := l.Path
				if len(cs) > 1 {
					path += [2]string{"#lo", "#hi"}[c.Part]
				}
				items = append(items, CheckItem{Arg: arg, Path: path, Want: c.Want, leaf: l, read: lt, part: c.Part})
			}
		}
	}
	if side == 1 {
		if t.Sig.Ret != nil {
			add(-1, t.Sig.Ret, t.Sig.Ret, t.Ret)
		}
		return items
	}
	for i, a := range t.Sig.Args() {
		read := a
		if i >= len(t.Sig.Params) {
			read = Promote(a)
		}
		add(i, a, read, t.Args[i])
	}
	return items
}

// store writes the stores of the bits got for items (from object expr)
// into g[k], k counting from *k.
func store(b *bytes.Buffer, indent, expr string, items []CheckItem, k *int) {
	for _, it := range items {
		fmt.Fprintf(b, "%sg[%d] = %s;\n", indent, *k, got(it.read, it.part, expr+it.leaf.Path))
		*k++
	}
}

// byArg groups check items by argument.
func byArg(items []CheckItem, arg int) []CheckItem {
	var out []CheckItem
	for _, it := range items {
		if it.Arg == arg {
			out = append(out, it)
		}
	}
	return out
}

// gDecl declares the array of bits got.
func gDecl(n int) string {
	return fmt.Sprintf("unsigned long long g[%d];\n", max(n, 1))
}

// assign writes the assignments that give object expr (type t) value v.
func (e *emitter) assign(b *bytes.Buffer, indent string, t *Type, v *Value, expr string) {
	for _, l := range Leaves(t, v) {
		fmt.Fprintf(b, "%s%s%s = %s;\n", indent, expr, l.Path, e.lit(l))
	}
}

// caller writes abi_test_n: set the arguments, call, check.
func (e *emitter) caller(b *bytes.Buffer, n int, t *Test) {
	fmt.Fprintf(b, "/* %s: %s */\nvoid abi_test_%d(void)\n{\n", t.ID, t.Sig, n)
	var args []string
	for i, a := range t.Sig.Args() {
		if t.Lit[i] {
			args = append(args, e.lit(Leaf{Type: a, Bits: -1, Val: t.Args[i]}))
			continue
		}
		fmt.Fprintf(b, "\t%s a%d;\n", e.cname(a), i)
		args = append(args, fmt.Sprintf("a%d", i))
	}
	if t.Sig.Ret != nil {
		fmt.Fprintf(b, "\t%s r;\n", e.cname(t.Sig.Ret))
	}
	for i, a := range t.Sig.Args() {
		if !t.Lit[i] {
			e.assign(b, "\t", a, t.Args[i], fmt.Sprintf("a%d", i))
		}
	}
	fn := fmt.Sprintf("abi_tramp_%d", n)
	if e.direct {
		fn = fmt.Sprintf("abi_callee_%d", n)
	}
	call := fmt.Sprintf("%s(%s)", fn, strings.Join(args, ", "))
	if t.Sig.Ret != nil {
		call = "r = " + call
	}
	fmt.Fprintf(b, "\t%s;\n\tabi_end(%d);\n", call, n)
	items := t.Checks(1)
	k := 0
	if len(items) > 0 {
		b.WriteString("\t{\n\t\t" + gDecl(len(items)))
		store(b, "\t\t", "r", items, &k)
		fmt.Fprintf(b, "\t\tabi_check(%d, 1, g, %d);\n\t}\n", n, k)
	} else {
		fmt.Fprintf(b, "\tabi_check(%d, 1, 0, 0);\n", n)
	}
	b.WriteString("}\n\n")
}

// callee writes abi_callee_n: check each argument, read and check each
// variadic one, return the value.
func (e *emitter) callee(b *bytes.Buffer, n int, t *Test) {
	fmt.Fprintf(b, "/* %s: %s */\n%s\n{\n", t.ID, t.Sig, e.proto(fmt.Sprintf("abi_callee_%d", n), t.Sig, true))
	items := t.Checks(0)
	b.WriteString("\t" + gDecl(len(items)))
	if t.Sig.Variadic() {
		b.WriteString("\tva_list ap;\n")
	}
	k := 0
	for i := range t.Sig.Params {
		store(b, "\t", fmt.Sprintf("a%d", i), byArg(items, i), &k)
	}
	if t.Sig.Variadic() {
		fmt.Fprintf(b, "\tva_start(ap, a%d);\n", len(t.Sig.Params)-1)
		for j, v := range t.Sig.Varargs {
			i := len(t.Sig.Params) + j
			read := e.cname(Promote(v))
			fmt.Fprintf(b, "\t{\n\t\t%s v = va_arg(ap, %s);\n", read, read)
			store(b, "\t\t", "v", byArg(items, i), &k)
			b.WriteString("\t}\n")
		}
		b.WriteString("\tva_end(ap);\n")
	}
	fmt.Fprintf(b, "\tabi_check(%d, 0, g, %d);\n", n, k)
	if t.Sig.Ret != nil {
		fmt.Fprintf(b, "\t{\n\t\t%s r;\n", e.cname(t.Sig.Ret))
		e.assign(b, "\t\t", t.Sig.Ret, t.Ret, "r")
		b.WriteString("\t\treturn r;\n\t}\n")
	}
	b.WriteString("}\n\n")
}

// layoutFunc writes abi_layout_<side>, which measures every struct and
// union of the batch as the side's compiler lays it out: size,
// alignment, offsets, and for bit-fields the first bit and the width
// (the bits an all-ones value sets in a zeroed object).
func (e *emitter) layoutFunc(side string) (string, []LayoutItem) {
	var b strings.Builder
	var items []LayoutItem
	fmt.Fprintf(&b, "void abi_layout_%s(unsigned long long *o)\n{\n\tint k = 0;\n", side)
	for i, t := range e.aggs {
		nm := e.aggNm[i]
		l := t.Layout()
		fmt.Fprintf(&b, "\to[k++] = sizeof(%s);\n\to[k++] = _Alignof(%s);\n", nm, nm)
		items = append(items, LayoutItem{"sizeof " + nm, uint64(l.Size)}, LayoutItem{"_Alignof " + nm, uint64(l.Align)})
		if t.Kind == Union {
			continue
		}
		for j, f := range t.Fields {
			fn := FieldName(j)
			switch {
			case f.Unnamed:
			case f.Bits < 0:
				fmt.Fprintf(&b, "\to[k++] = offsetof(%s, %s);\n", nm, fn)
				items = append(items, LayoutItem{fmt.Sprintf("offsetof(%s, %s)", nm, fn), uint64(l.Offsets[j] / 8)})
			default:
				fmt.Fprintf(&b, "\t{ %s s; memset(&s, 0, sizeof s); s.%s = -1; o[k++] = abi_firstbit(&s, sizeof s); }\n", nm, fn)
				items = append(items, LayoutItem{fmt.Sprintf("bit offset<<8|width of %s.%s", nm, fn), uint64(l.Offsets[j])<<8 | uint64(f.Bits)})
			}
		}
	}
	b.WriteString("\t(void)k;\n}\n")
	return b.String(), items
}
