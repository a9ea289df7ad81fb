package arith

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A campaign against a fake compiler that crashes on ~e: the failing
// programs are saved and listed in failures.jsonl, reduced to the
// pattern, and grouped by it.
func TestCampaign(t *testing.T) {
	dir := t.TempDir()
	cc := fakeCC(t, dir, "ice-cc",
		`for a; do case $a in *.c) if grep -q -- '(~' "$a"; then echo "$a:1:1: internal compiler error: in negate" >&2; exit 4; fi;; esac; done`,
		"exit 0")
	out := filepath.Join(dir, "out")
	c := &Campaign{
		Gen:      Options{Seed: 1, Exprs: 4, Size: 40},
		Configs:  []Config{{CC: cc, Opt: "O2"}},
		Programs: 6,
		Out:      out,
		Reduce:   true,
	}
	s, err := c.Run()
	if err != nil {
		t.Fatal(err)
	}
	crashes := s.Counts[c.Configs[0].String()]["cc-crash"]
	if s.Programs != 6 || crashes == 0 || crashes+s.Counts[c.Configs[0].String()]["pass"] != 6 || len(s.Failures) != crashes {
		t.Fatalf("%d programs, counts %v, %d failures", s.Programs, s.Counts, len(s.Failures))
	}
	f, err := os.Open(filepath.Join(out, "failures.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lines := 0
	for sc := bufio.NewScanner(f); sc.Scan(); lines++ {
		var rec Failure
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Kind != "cc-crash" || rec.Msg != "internal compiler error: in negate" || rec.OpsAfter != 1 {
			t.Errorf("failure %+v", rec)
		}
		if !strings.HasPrefix(rec.Options, "inka arith gen --seed ") {
			t.Errorf("no command to regenerate the program: %q", rec.Options)
		}
		src, err := os.ReadFile(rec.Reduced)
		if err != nil || !strings.Contains(string(src), "(~") || !strings.Contains(string(src), "build and run: "+cc+" -O2") {
			t.Errorf("reduced program %s: %v\n%s", rec.Reduced, err, src)
		}
	}
	if lines != crashes {
		t.Errorf("%d lines in failures.jsonl, want %d", lines, crashes)
	}
	pats := s.Patterns()
	for _, p := range pats {
		if !strings.Contains(p.Pattern, "(~") {
			t.Errorf("pattern %s", p.Pattern)
		}
	}
	if len(pats) == 0 || len(pats) > 6 {
		t.Errorf("%d patterns", len(pats))
	}
}
