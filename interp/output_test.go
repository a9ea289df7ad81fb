package interp_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
)

// TestFormatIntGlibc formats integers as printf's conversions with every
// combination of flags, with and without width and precision, on the
// boundary values of each type, by FormatInt and by glibc's printf, and
// compares them byte for byte.
func TestFormatIntGlibc(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not found")
	}
	type conv struct {
		letter byte
		length string
		ctype  string
		values []int64
	}
	signed := []int64{0, 1, -1, 7, -7, 9, 10, 99, 100, 255, -128, 127, 32767, -32768, 65535, 2147483647, -2147483648,
		4294967295, 1<<53 + 1, -9223372036854775808, 9223372036854775807}
	convs := []conv{
		{'d', "", "int", signed}, {'i', "hh", "signed char", signed}, {'d', "h", "short", signed},
		{'d', "l", "long", signed}, {'d', "ll", "long long", signed},
		{'u', "", "unsigned", signed}, {'u', "z", "unsigned long", signed}, {'o', "", "unsigned", signed},
		{'x', "", "unsigned", signed}, {'X', "ll", "unsigned long long", signed}, {'x', "hh", "unsigned char", signed},
		{'c', "", "int", []int64{'a', ' ', '~', 0x41}},
	}
	flags := []string{"", "-", "+", " ", "#", "0", "-0", "+0", "#0", "-#", "+ "}
	var prog strings.Builder
	prog.WriteString("#include <stdio.h>\nint main(void)\n{\n")
	var want []string
	for _, c := range convs {
		for _, fl := range flags {
			for _, wp := range []struct{ w, p int }{{0, -1}, {6, -1}, {1, -1}, {0, 0}, {0, 4}, {8, 3}, {3, 8}} {
				if c.letter == 'c' && (wp.p >= 0 || strings.ContainsAny(fl, "+ #0")) {
					continue // undefined in C
				}
				spec, format := conversion(c.letter, c.length, fl, wp.w, wp.p)
				for _, v := range c.values {
					// v converted to the argument's type, as C would
					t := map[string]*ir.Type{"int": ir.IntType, "signed char": ir.CharType, "short": ir.ShortType,
						"long": ir.LongType, "long long": ir.LongLongType, "unsigned": ir.UIntType,
						"unsigned long": ir.ULongType, "unsigned char": ir.UCharType, "unsigned long long": ir.ULongLongType}[c.ctype]
					bits := ir.Truncate(t, uint64(v))
					fmt.Fprintf(&prog, "\tprintf(\"[%s]\\n\", (%s)%dLL);\n", format, c.ctype, v)
					if v == -9223372036854775808 {
						fmt.Fprintf(&prog, "\t/* INT64_MIN */\n")
					}
					want = append(want, "["+interp.FormatInt(spec, wp.w, wp.p, bits)+"]")
				}
			}
		}
	}
	prog.WriteString("\treturn 0;\n}\n")
	agreeWithGlibc(t, prog.String(), want, "FormatInt")
}

// agreeWithGlibc compiles the C program prog with gcc against glibc, runs
// it, and compares its lines with want, what the Go function fn formats.
func agreeWithGlibc(t *testing.T, prog string, want []string, fn string) {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join(dir, "f.c")
	if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "f")
	if out, err := exec.Command("gcc", "-w", "-o", bin, src, "-lm").CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(got) != len(want) {
		t.Fatalf("%d lines from glibc, %d formatted", len(got), len(want))
	}
	bad := 0
	for i := range want {
		if got[i] != want[i] {
			bad++
			if bad < 20 {
				t.Errorf("line %d: glibc %q, %s %q", i, got[i], fn, want[i])
			}
		}
	}
	t.Logf("%d conversions compared", len(want))
}

// TestFormatFloatGlibc formats doubles as printf's %f %F %e %E %g %G with
// flags, widths and precisions, by FormatFloat and by glibc's printf, and
// compares them byte for byte: ties (0.125, 2.5), values that round up to
// a new digit (9.9999996, 999999.5: glibc's %#g then loses its zeros), %g's switch to the exponent form at
// 1e-5 and at the precision, zeros of either sign, the extremes, infinities
// and NaNs of either sign, and random values of every magnitude.
func TestFormatFloatGlibc(t *testing.T) {
	if _, err := exec.Command("gcc", "--version").Output(); err != nil {
		t.Skip("gcc not found")
	}
	values := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 0.125, 0.375, 2.5, 3.5, -2.5, 1.5, 0.1, 1.0 / 3, 2.0 / 3,
		1e-4, 1e-5, 0.0001234, 0.00001234, 9.9999996, 99999.95, 999999.5, 999.5, 99.95, 9995, 0.000099999996, 1e6, 1e23, 123456789, 1e15, 1e16, 1e17, 1e22,
		1e300, -1e-300, 5e-324, math.MaxFloat64, math.SmallestNonzeroFloat64 * 3, 4503599627370497.5,
		math.Inf(1), math.Inf(-1), math.NaN(), math.Copysign(math.NaN(), -1)}
	r := rand.New(rand.NewPCG(12, 7))
	for range 60 {
		values = append(values, math.Float64frombits(r.Uint64()&^(0x7ff<<52)|uint64(1023-40+r.IntN(80))<<52))
	}
	flags := []string{"", "-", "+", " ", "#", "0", "-0", "+0", "#0", "-#", "+ "}
	var prog strings.Builder
	prog.WriteString("#include <math.h>\n#include <stdio.h>\nint main(void)\n{\n\tint i;\n\tdouble v[] = {")
	for _, v := range values {
		prog.WriteString(cDouble(v) + ", ")
	}
	prog.WriteString("};\n")
	var want []string
	for _, conv := range "fFeEgG" {
		for _, fl := range flags {
			for _, wp := range []struct{ w, p int }{{0, -1}, {12, -1}, {1, -1}, {0, 0}, {0, 1}, {0, 3}, {20, 10}, {0, 17}, {8, 2}} {
				spec, format := conversion(byte(conv), "", fl, wp.w, wp.p)
				fmt.Fprintf(&prog, "\tfor (i = 0; i < %d; i++)\n\t\tprintf(\"[%s]\\n\", v[i]);\n", len(values), format)
				for _, v := range values {
					want = append(want, "["+interp.FormatFloat(spec, wp.w, wp.p, v)+"]")
				}
			}
		}
	}
	prog.WriteString("\treturn 0;\n}\n")
	agreeWithGlibc(t, prog.String(), want, "FormatFloat")
}

// cDouble is v as a C expression of type double.
func cDouble(v float64) string {
	switch {
	case math.IsNaN(v) && math.Signbit(v):
		return "-(double)NAN"
	case math.IsNaN(v):
		return "(double)NAN"
	case math.IsInf(v, 1):
		return "(double)INFINITY"
	case math.IsInf(v, -1):
		return "-(double)INFINITY"
	}
	return strconv.FormatFloat(v, 'x', -1, 64)
}

// TestErrnoMessagesGlibc: perror's message of every error number, and of
// numbers glibc does not know, is glibc's strerror.
func TestErrnoMessagesGlibc(t *testing.T) {
	if _, err := exec.Command("gcc", "--version").Output(); err != nil {
		t.Skip("gcc not found")
	}
	prog := "#include <stdio.h>\n#include <string.h>\nint main(void)\n{\n\tint e;\n" +
		"\tfor (e = -3; e < 140; e++)\n\t\tprintf(\"%s\\n\", strerror(e));\n\treturn 0;\n}\n"
	var want []string
	for e := int64(-3); e < 140; e++ {
		want = append(want, interp.ErrnoMessage(e))
	}
	agreeWithGlibc(t, prog, want, "ErrnoMessage")
}

// conversion is the spec (as FormatInt and FormatFloat take it) and the
// printf format of the conversion letter with a length modifier, flags,
// a width (0: none) and a precision (< 0: none).
func conversion(letter byte, length, flags string, width, prec int) (int, string) {
	spec := int(letter)
	for _, f := range flags {
		spec |= map[rune]int{'-': ir.OutputMinus, '+': ir.OutputPlus, ' ': ir.OutputSpace, '#': ir.OutputHash, '0': ir.OutputZero}[f]
	}
	format := "%" + flags
	if width > 0 {
		format += fmt.Sprint(width)
	}
	if prec >= 0 {
		format += fmt.Sprintf(".%d", prec)
	}
	return spec, format + length + string(letter)
}
