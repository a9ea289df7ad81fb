package testcomp

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/inka-tool/inka/ir"
)

// NondetPrefix starts the name of every input function of a task.
const NondetPrefix = "__VERIFIER_nondet_"

// nondetTypes gives the C type each __VERIFIER_nondet_T returns (LP64),
// for the T of the collection's README and the aliases its programs use.
// The validator's harness defines each of them.
var nondetTypes = map[string]string{
	"bool": "_Bool", "char": "char", "uchar": "unsigned char", "short": "short",
	"ushort": "unsigned short", "int": "int", "uint": "unsigned int", "unsigned": "unsigned int",
	"long": "long", "ulong": "unsigned long", "longlong": "long long", "ulonglong": "unsigned long long",
	"size_t": "unsigned long", "loff_t": "long", "sector_t": "unsigned long",
	"u8": "unsigned char", "u16": "unsigned short", "u32": "unsigned int", "u64": "unsigned long long",
	"s8": "signed char", "s16": "short", "s32": "int", "s64": "long long",
	"pointer": "void *", "pchar": "char *",
	"float": "float", "double": "double",
}

// NondetType returns the T of a nondet function's name.
func NondetType(callee string) (string, bool) {
	t, ok := strings.CutPrefix(callee, NondetPrefix)
	return t, ok && t != ""
}

// nondetNames returns the Ts the harness defines, sorted.
func nondetNames() []string {
	names := make([]string, 0, len(nondetTypes))
	for n := range nondetTypes {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// formatValue writes a value returned by a stub as the test format
// does: a decimal integer, negative for a signed type; a float or double
// as a hexadecimal floating constant (exact; strtod reads it back).
func formatValue(t *ir.Type, bits uint64) string {
	if t != nil && t.IsFloat() {
		return ir.HexFloat(t, bits)
	}
	if t == nil || !t.IsInteger() {
		return strconv.FormatUint(bits, 10)
	}
	w := uint(8 * t.Size())
	if w < 64 {
		bits &= 1<<w - 1
	}
	if t.IsSigned() && w < 64 && bits>>(w-1) == 1 {
		return strconv.FormatInt(int64(bits|^(1<<w-1)), 10)
	}
	if t.IsSigned() {
		return strconv.FormatInt(int64(bits), 10)
	}
	return strconv.FormatUint(bits, 10)
}

// checkInputs says why a suite's test cannot be fed to the harness, or
// nil: each value must be a number the harness parses (an integer in
// decimal, 0x hex or octal with an optional sign and u/l suffixes, or a
// floating constant strtod reads: decimal, hex, inf, nan, nan(…)).
func checkInputs(t TestCase) error {
	for i, in := range t.Inputs {
		v := strings.TrimRight(strings.TrimSpace(in.Value), "uUlL")
		v = strings.TrimPrefix(strings.TrimPrefix(v, "-"), "+")
		if v == "" {
			return fmt.Errorf("%s: input %d is empty", t.Name, i+1)
		}
		if _, err := strconv.ParseUint(v, 0, 64); err != nil {
			// strtod's NaN with a payload, nan(0x…): a signalling NaN's
			// bits, which strtod reads back as a quiet NaN.
			if l := strings.ToLower(v); strings.HasPrefix(l, "nan(") && strings.HasSuffix(l, ")") {
				continue
			}
			if _, ferr := strconv.ParseFloat(v, 64); ferr != nil {
				return fmt.Errorf("%s: input %d: %q is not a number", t.Name, i+1, in.Value)
			}
		}
	}
	return nil
}
