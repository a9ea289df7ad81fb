package frontend

import (
	"fmt"
	"strings"
)

// stdMacros returns the macro lines a -std=STD flag changes: the value of
// __STDC_VERSION__ (none for C89/C90), and __STRICT_ANSI__ for the ISO
// dialects (c99, as opposed to gnu99). The other differences between the
// standards are in the grammar, which cc accepts in its C11 form
// whatever the flag: a program valid in the standard it names reads the
// same.
func stdMacros(std string) (string, error) {
	if std == "" {
		return "", nil
	}
	dialect, ok := strings.CutPrefix(std, "gnu")
	strict := !ok
	if strict {
		dialect, ok = strings.CutPrefix(std, "c")
		if !ok && std == "ansi" {
			dialect, ok = "89", true
		}
		if !ok {
			dialect, ok = strings.CutPrefix(std, "iso9899:")
			switch dialect {
			case "1990":
				dialect = "90"
			case "1999":
				dialect = "99"
			case "2011":
				dialect = "11"
			case "2017", "2018":
				dialect = "17"
			}
		}
	}
	versions := map[string]string{"89": "", "90": "", "99": "199901L", "9x": "199901L", "11": "201112L", "1x": "201112L",
		"17": "201710L", "18": "201710L", "2x": "202000L", "23": "202311L"}
	v, known := versions[dialect]
	if !ok || !known {
		return "", fmt.Errorf("unsupported: -std=%s (want c89, c99, c11, c17, c23 or their gnu forms)", std)
	}
	var b strings.Builder
	b.WriteString("#undef __STDC_VERSION__\n")
	if v != "" {
		fmt.Fprintf(&b, "#define __STDC_VERSION__ %s\n", v)
	}
	b.WriteString("#undef __STRICT_ANSI__\n")
	if strict {
		b.WriteString("#define __STRICT_ANSI__ 1\n")
	}
	return b.String(), nil
}
