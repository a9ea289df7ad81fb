package interp_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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
				spec := int(c.letter)
				for _, f := range fl {
					spec |= map[rune]int{'-': ir.OutputMinus, '+': ir.OutputPlus, ' ': ir.OutputSpace, '#': ir.OutputHash, '0': ir.OutputZero}[f]
				}
				format := "%" + fl
				if wp.w > 0 {
					format += fmt.Sprint(wp.w)
				}
				if wp.p >= 0 {
					format += fmt.Sprintf(".%d", wp.p)
				}
				format += c.length + string(c.letter)
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
	dir := t.TempDir()
	src := filepath.Join(dir, "f.c")
	if err := os.WriteFile(src, []byte(prog.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "f")
	if out, err := exec.Command("gcc", "-w", "-o", bin, src).CombinedOutput(); err != nil {
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
				t.Errorf("line %d: glibc %q, FormatInt %q", i, got[i], want[i])
			}
		}
	}
	t.Logf("%d conversions compared", len(want))
}
