package frontend

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/internal/ccheck"
	"github.com/inka-tool/inka/ir"
)

// The layouts of ir.NewStruct and ir.NewUnion against gcc's own: every
// struct of layoutCases and of a seeded random family is compiled by gcc
// with a program that prints its sizeof, _Alignof, the offsetof of every
// member and the bits every named bit-field occupies (found by setting it
// to all ones in a zeroed object); the IR types the front end builds for
// them must agree on every figure.

// layoutCases are structs in the style of real code, and the corners of
// the x86-64 rules (bit-fields straddling their unit, zero-width and
// unnamed bit-fields, flexible arrays, unmodelled member types).
var layoutCases = []string{
	`struct { char a; int :0; char b; }`,
	`struct { char c; int :5; }`,
	`struct { char c; int x:5; }`,
	`struct { char c; long x:40; int y:30; }`,
	`union { char c; int :20; }`,
	`union { char c; int a:20; }`,
	`struct { short a:9; short b:9; char c; }`,
	`struct { int n; char data[]; }`,
	`struct { char c; double d[]; }`,
	`struct { char a; long :0; }`,
	`struct { unsigned state; unsigned nread; unsigned char major; unsigned char minor;
		unsigned upgrade:1, keep_alive:1, chunked:1, lenient:5; int error; unsigned len; char buf[]; }`,
	`struct { const unsigned char *next_in; unsigned avail_in; unsigned long total_in;
		void *(*zalloc)(void *, unsigned, unsigned); void (*zfree)(void *, void *); void *opaque;
		int data_type; unsigned long adler; double ratio; }`,
	`struct { int type; union { double d; long l; char *s; } u; unsigned char flags:3; _Bool marked:1; }`,
	`struct { char c; long double ld; short s; }`,
	`struct { char c; _Complex double z; int i; }`,
	`struct { char c; __int128 big; char d; }`,
	`struct { signed char s:3; unsigned char u:5; _Bool b:1; long long ll:33; short sh:7; }`,
	`struct { enum { RED, GREEN } color:2; int :3; unsigned rest:27; char tail; }`,
	`struct { float f; char c; float g[3]; }`,
	`struct { struct { char a; int b:3; } in[3]; char c; }`,
	`struct { int (*handlers[4])(int); int count; }`,
	`union { float f; unsigned bits:23; unsigned raw; }`,
	// anonymous members (C11): their members at the enclosing offsets
	`struct { int kind; union { long num; char op; double d; }; char tail; }`,
	`struct { char c; struct { short a; union { char b; long long q; }; }; int z; }`,
	`union { unsigned raw; struct { unsigned short lo, hi; }; }`,
	`struct { char c; union { char x; short y; } __attribute__((aligned(8))); char d; }`,
	`struct { char c; _Alignas(16) struct { char x; }; char d; }`,
}

// packed1 marks a declaration laid out under #pragma pack(1).
const packed1 = "#pragma pack(1) "

// packedCases are structs in Csmith's style under #pragma pack(1): bit-fields
// at the next free bit, straddling bytes and units.
var packedCases = []string{
	`struct { signed f0 : 29; signed f1 : 30; const signed f2 : 8; volatile signed f3 : 20; signed f4 : 19;
		unsigned f5 : 30; signed f6 : 4; const unsigned f7 : 9; }`,
	`struct { unsigned f0 : 3; int f1; unsigned short f2 : 15; char f3; signed f4 : 31; }`,
	`struct { char c; int :0; unsigned f : 7; long long l; _Bool b : 1; }`,
}

// randomLayout returns a random struct or union declaration (its
// bit-fields fit in their types in data model dm).
func randomLayout(r *rand.Rand, dm ir.DataModel) string {
	types := []string{"char", "unsigned char", "short", "unsigned short", "int", "unsigned", "long",
		"unsigned long", "long long", "_Bool", "double", "float", "void (*)(int)", "char *", "long double"}
	bitTypes := []string{"char", "unsigned char", "short", "unsigned short", "int", "unsigned", "long", "unsigned long", "_Bool"}
	bitsOf := map[string]int{"char": 8, "unsigned char": 8, "short": 16, "unsigned short": 16, "int": 32,
		"unsigned": 32, "long": 8 * int(dm.Long().Size()), "unsigned long": 8 * int(dm.Long().Size()), "_Bool": 1}
	var b strings.Builder
	if r.Intn(5) == 0 {
		b.WriteString("union { ")
	} else {
		b.WriteString("struct { ")
	}
	n := 1 + r.Intn(8)
	for i := 0; i < n; i++ {
		if r.Intn(2) == 0 {
			t := bitTypes[r.Intn(len(bitTypes))]
			w := r.Intn(bitsOf[t] + 1)
			if w == 0 || r.Intn(6) == 0 {
				fmt.Fprintf(&b, "%s :%d; ", t, w)
			} else {
				fmt.Fprintf(&b, "%s m%d:%d; ", t, i, w)
			}
			continue
		}
		t := types[r.Intn(len(types))]
		name := fmt.Sprintf("m%d", i)
		if r.Intn(5) == 0 {
			name += fmt.Sprintf("[%d]", 1+r.Intn(3))
		}
		decl := t + " " + name
		if strings.Contains(t, "(*)") {
			decl = strings.Replace(t, "(*)", "(*"+name+")", 1)
		}
		b.WriteString(decl + "; ")
	}
	b.WriteString("}")
	return b.String()
}

func TestLayoutAgainstGCC(t *testing.T) {
	for _, dm := range []ir.DataModel{ir.LP64, ir.ILP32} {
		t.Run(dm.String(), func(t *testing.T) {
			if err := ccheck.Links("gcc", dm); err != nil {
				t.Skip(err)
			}
			layoutAgainstGCC(t, dm)
		})
	}
}

// layoutAgainstGCC checks the layouts of data model dm against gcc's for
// it: on i386, long long and double are aligned to 4 in structs, long and
// pointers have 4 bytes, and so long bit-fields have 32 bits at most.
func layoutAgainstGCC(t *testing.T, dm ir.DataModel) {
	var decls []string
	for _, d := range layoutCases {
		if dm == ir.ILP32 {
			if strings.Contains(d, "__int128") {
				continue // not a type of i386
			}
			d = strings.ReplaceAll(d, "long x:40", "long long x:40") // too wide for a 32-bit long
		}
		decls = append(decls, d)
	}
	r := rand.New(rand.NewSource(23))
	for i := 0; i < 150; i++ {
		decls = append(decls, randomLayout(r, dm))
	}
	// Csmith's packed structs of bit-fields (#pragma pack(1))
	for _, d := range packedCases {
		decls = append(decls, packed1+d)
	}
	for i := 0; i < 60; i++ {
		if d := randomLayout(r, dm); strings.HasPrefix(d, "struct") {
			decls = append(decls, packed1+d)
		}
	}
	for i, why := range compareLayouts(t, dm, decls) {
		// a struct of unnamed bit-fields only, in a unit where one such
		// is packed: which one is not known
		if regexp.MustCompile(`\bm[0-9]`).MatchString(decls[i]) {
			t.Errorf("T%d = %s: %s", i, decls[i], why)
		}
	}
}

// compareLayouts checks the layouts of decls (struct or union types, each
// after an optional "#pragma pack(N) ", and that may name the earlier ones
// T0, T1, ...) against gcc's for data model dm. It returns the
// declarations the front end refuses, with why.
func compareLayouts(t *testing.T, dm ir.DataModel, decls []string) map[int]string {
	var src strings.Builder
	src.WriteString("#include <stdio.h>\n#include <stddef.h>\n#include <string.h>\n")
	for i, d := range decls {
		if rest, ok := strings.CutPrefix(d, "#pragma pack("); ok {
			n, p, _ := strings.Cut(rest, ") ")
			fmt.Fprintf(&src, "#pragma pack(push)\n#pragma pack(%s)\ntypedef %s T%d;\n#pragma pack(pop)\nT%d g%d;\n", n, p, i, i, i)
			continue
		}
		fmt.Fprintf(&src, "typedef %s T%d;\nT%d g%d;\n", d, i, i, i)
	}
	// The IR types come from the front end alone (no gcc): the globals
	// g0, g1, ... have the types under test.
	u, err := LoadSource("layout.c", []byte(src.String()), Options{DataModel: dm})
	require.NoError(t, err)
	types := make([]*ir.Type, len(decls))
	refused := map[int]string{}
	var probe strings.Builder
	probe.WriteString(src.String())
	probe.WriteString("static void bits(const char *name, const unsigned char *p, size_t n) {\n" +
		"\tint lo = -1, hi = -1;\n\tfor (size_t i = 0; i < n * 8; i++) if (p[i / 8] >> (i % 8) & 1) { if (lo < 0) lo = (int)i; hi = (int)i; }\n" +
		"\tprintf(\"%s bit %d %d\\n\", name, lo, hi - lo + 1);\n}\n")
	probe.WriteString("int main(void) {\n")
	for i := range decls {
		typ, why := structTypeOf(u, fmt.Sprintf("g%d", i))
		if why != "" {
			refused[i] = why
			continue
		}
		types[i] = typ
		fmt.Fprintf(&probe, "\tprintf(\"T%d size %%zu %%zu\\n\", sizeof(T%d), _Alignof(T%d));\n", i, i, i)
		for _, f := range flatMembers(typ) {
			switch {
			case f.Name == "":
			case f.BitField:
				fmt.Fprintf(&probe, "\t{ T%d x; memset(&x, 0, sizeof x); x.%s = -1; bits(\"T%d.%s\", (const unsigned char *)&x, sizeof x); }\n",
					i, f.Name, i, f.Name)
			default:
				fmt.Fprintf(&probe, "\tprintf(\"T%d.%s off %%zu\\n\", offsetof(T%d, %s));\n", i, f.Name, i, f.Name)
			}
		}
	}
	probe.WriteString("\treturn 0;\n}\n")
	dir := t.TempDir()
	c := filepath.Join(dir, "layout.c")
	require.NoError(t, os.WriteFile(c, []byte(probe.String()), 0o644))
	bin := filepath.Join(dir, "layout")
	out, err := exec.Command("gcc", dm.CFlag(), "-w", "-o", bin, c).CombinedOutput()
	require.NoError(t, err, "%s", out)
	out, err = exec.Command(bin).Output()
	require.NoError(t, err)
	got := map[string][]int64{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fs := strings.Fields(line)
		var ns []int64
		for _, f := range fs[2:] {
			n, err := strconv.ParseInt(f, 10, 64)
			require.NoError(t, err, line)
			ns = append(ns, n)
		}
		got[fs[0]+" "+fs[1]] = ns
	}
	checked := 0
	for i, typ := range types {
		if typ == nil {
			continue
		}
		name := fmt.Sprintf("T%d", i)
		want := got[name+" size"]
		if want[0] != typ.Size() || want[1] != typ.Align() {
			t.Errorf("%s = %s: size %d align %d, gcc says %d %d", name, decls[i], typ.Size(), typ.Align(), want[0], want[1])
		}
		for _, f := range flatMembers(typ) {
			switch {
			case f.Name == "":
			case f.BitField:
				w := got[name+"."+f.Name+" bit"]
				if lo := f.Offset*8 + f.BitOff; w[0] != lo || w[1] != f.Bits {
					t.Errorf("%s = %s: bit-field %s at bit %d width %d, gcc says %d %d", name, decls[i], f.Name, lo, f.Bits, w[0], w[1])
				}
			default:
				if w := got[name+"."+f.Name+" off"]; w[0] != f.Offset {
					t.Errorf("%s = %s: %s at %d, gcc says %d", name, decls[i], f.Name, f.Offset, w[0])
				}
			}
			checked++
		}
	}
	t.Logf("%d types, %d members checked against gcc; cc's layout differs for %d; %d refused", len(types), checked, len(u.mislaid), len(refused))
	return refused
}

// flatMembers returns the members of struct or union t, those of its
// anonymous members in their place, at their offsets in t.
func flatMembers(t *ir.Type) []ir.Field {
	var out []ir.Field
	for _, f := range t.Fields {
		if !f.Anonymous() {
			out = append(out, f)
			continue
		}
		for _, g := range flatMembers(f.Type) {
			g.Offset += f.Offset
			out = append(out, g)
		}
	}
	return out
}

// structTypeOf returns the IR type of global g, or why it is refused.
func structTypeOf(u *Unit, g string) (typ *ir.Type, why string) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := asUnsupported(r)
			if !ok {
				panic(r)
			}
			why = e.Error()
		}
	}()
	return u.structType(u.objs[g].Type(), u.objs[g].Position()), ""
}

// randomAttrLayout returns a random struct or union declaration with gcc's
// layout extensions: under a #pragma pack (the "#pragma pack(N) " prefix
// compareLayouts reads), packed and aligned attributes on the struct and
// on its members (bit-fields too), _Alignas, members of the earlier types
// T0 ... T(i-1).
func randomAttrLayout(r *rand.Rand, dm ir.DataModel, i int) string {
	types := []string{"char", "unsigned char", "short", "int", "unsigned", "long", "long long",
		"_Bool", "double", "float", "char *", "long double"}
	bitTypes := []string{"char", "unsigned char", "short", "unsigned short", "int", "unsigned", "long", "long long", "_Bool"}
	bitsOf := map[string]int{"char": 8, "unsigned char": 8, "short": 16, "unsigned short": 16, "int": 32,
		"unsigned": 32, "long": 8 * int(dm.Long().Size()), "long long": 64, "_Bool": 1}
	pow := func(max int) int { return 1 << r.Intn(max+1) }
	var b strings.Builder
	if r.Intn(3) == 0 {
		fmt.Fprintf(&b, "#pragma pack(%d) ", pow(4))
	}
	var attrs []string
	if r.Intn(3) == 0 {
		attrs = append(attrs, "packed")
	}
	if r.Intn(4) == 0 {
		attrs = append(attrs, fmt.Sprintf("aligned(%d)", pow(5)))
	}
	attr := ""
	if len(attrs) > 0 {
		attr = "__attribute__((" + strings.Join(attrs, ", ") + ")) "
	}
	kw := "struct "
	if r.Intn(5) == 0 {
		kw = "union "
	}
	b.WriteString(kw)
	if attr != "" && r.Intn(2) == 0 {
		b.WriteString(attr)
		attr = ""
	}
	b.WriteString("{ ")
	n := 1 + r.Intn(7)
	for k := 0; k < n; k++ {
		if r.Intn(5) < 2 {
			t := bitTypes[r.Intn(len(bitTypes))]
			w := r.Intn(bitsOf[t] + 1)
			switch {
			case w == 0 || r.Intn(8) == 0:
				fmt.Fprintf(&b, "%s :%d; ", t, w)
			case r.Intn(8) == 0:
				fmt.Fprintf(&b, "%s m%d:%d __attribute__((packed)); ", t, k, w)
			case r.Intn(12) == 0:
				fmt.Fprintf(&b, "%s m%d:%d __attribute__((aligned(%d))); ", t, k, w, pow(4))
			default:
				fmt.Fprintf(&b, "%s m%d:%d; ", t, k, w)
			}
			continue
		}
		t := types[r.Intn(len(types))]
		if i > 0 && r.Intn(6) == 0 {
			t = fmt.Sprintf("T%d", r.Intn(i))
		}
		name := fmt.Sprintf("m%d", k)
		if r.Intn(5) == 0 {
			name += fmt.Sprintf("[%d]", 1+r.Intn(3))
		}
		switch x := r.Intn(10); {
		case x == 0 && t[0] != 'T' && t != "long double":
			fmt.Fprintf(&b, "_Alignas(%d) %s %s; ", 8<<r.Intn(3), t, name)
		case x == 1:
			fmt.Fprintf(&b, "%s %s __attribute__((aligned(%d))); ", t, name, pow(5))
		case x == 2:
			fmt.Fprintf(&b, "%s %s __attribute__((packed)); ", t, name)
		case x == 3 && !strings.Contains(name, "["): // (an array of a type of attribute aligned(N) is not C when N > its size)
			fmt.Fprintf(&b, "%s __attribute__((aligned(%d))) %s; ", t, pow(5), name)
		default:
			fmt.Fprintf(&b, "%s %s; ", t, name)
		}
	}
	b.WriteString("} " + attr)
	return strings.TrimSpace(b.String())
}

// attrSeed and attrN are the seed and the number of declarations of
// TestAttrLayoutAgainstGCC (seeds 1-6 with 1500 each were checked too).
const attrSeed, attrN = 11, 400

// TestAttrLayoutAgainstGCC: #pragma pack of every value over bit-fields,
// the packed and aligned attributes of structs and members and _Alignas,
// in attrN random declarations per data model, against gcc. Those the
// front end refuses (an attribute in a pointer declarator, an aligned
// attribute on a long double member) are logged.
func TestAttrLayoutAgainstGCC(t *testing.T) {
	for _, dm := range []ir.DataModel{ir.LP64, ir.ILP32} {
		t.Run(dm.String(), func(t *testing.T) {
			if err := ccheck.Links("gcc", dm); err != nil {
				t.Skip(err)
			}
			r := rand.New(rand.NewSource(attrSeed))
			var decls []string
			for i := 0; i < attrN; i++ {
				decls = append(decls, randomAttrLayout(r, dm, i))
			}
			refused := compareLayouts(t, dm, decls)
			for i, why := range refused {
				t.Logf("T%d = %s: %s", i, decls[i], why)
			}
		})
	}
}
