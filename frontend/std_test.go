package frontend

import (
	"strings"
	"testing"
)

// -std= sets __STDC_VERSION__ as gcc does (gcc -std=X -dM -E), and
// __STRICT_ANSI__ for the ISO dialects; an unknown standard is refused.
func TestStdMacros(t *testing.T) {
	for std, want := range map[string]string{
		"c89": "", "ansi": "", "gnu90": "", "c99": "199901L", "iso9899:1999": "199901L", "gnu11": "201112L",
		"c17": "201710L", "gnu18": "201710L",
	} {
		m, err := stdMacros(std)
		if err != nil {
			t.Errorf("-std=%s: %v", std, err)
			continue
		}
		if got := strings.Contains(m, "__STDC_VERSION__ "+want); want != "" && !got {
			t.Errorf("-std=%s: %q, want __STDC_VERSION__ %s", std, m, want)
		}
		if want == "" && strings.Contains(m, "#define __STDC_VERSION__") {
			t.Errorf("-std=%s defines __STDC_VERSION__: %q", std, m)
		}
		if strict := !strings.HasPrefix(std, "gnu"); strict != strings.Contains(m, "#define __STRICT_ANSI__") {
			t.Errorf("-std=%s: __STRICT_ANSI__ in %q, want %v", std, m, strict)
		}
	}
	if _, err := stdMacros("c++17"); err == nil {
		t.Error("-std=c++17 accepted")
	}
}
