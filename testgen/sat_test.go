package testgen

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/inka-tool/inka/frontend"
)

// TestBitLevelFamily covers the functions of testdata/bitlevel with the
// default engine choice: every decision whose line is marked
// "reachable" in a comment takes its true outcome in a test, every one
// marked "unreachable" is proved so, and gini answers them (the fd
// engine alone leaves them unknown: see bench/sat).
func TestBitLevelFamily(t *testing.T) {
	files, _ := filepath.Glob("../testdata/bitlevel/*.c")
	if len(files) == 0 {
		t.Fatal("no bit-level programs")
	}
	marked := 0
	for _, file := range files {
		marks := lineMarks(t, file)
		u, err := frontend.Load(file, frontend.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, fn := range u.Functions() {
			p, err := u.Lower(fn)
			if err != nil {
				t.Fatal(err)
			}
			// Budgets in gini's ticks decide; the wall clock only guards.
			g, err := NewGenerator(p, Options{Timeout: time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			cov := g.Cover(AllDecisions, 0)
			for _, gs := range cov.Goals {
				want, ok := marks[gs.Goal.Dec.Pos.Line]
				if !ok || gs.Goal.Dec.Outcomes[gs.Goal.Outcome] != "true" || gs.Goal.Dec.Pos.File != file {
					continue
				}
				marked++
				if gs.Status != want || gs.Engine != EngineSAT {
					t.Errorf("%s %s: %s by %q (%s), want %s by gini", filepath.Base(file), fn, gs.Status, gs.Engine, gs.Reason, want)
				}
			}
		}
	}
	if marked < 18 {
		t.Errorf("%d marked goals checked, want the 18 of the family", marked)
	}
}

// lineMarks reads the "/* reachable" and "/* unreachable" comments of a
// file: the expected status of the true outcome of the decision on the
// line.
func lineMarks(t *testing.T, file string) map[int]Status {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[int]Status{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		switch l := sc.Text(); {
		case strings.Contains(l, "/* unreachable"):
			out[n] = Unreachable
		case strings.Contains(l, "/* reachable"):
			out[n] = Covered
		}
	}
	return out
}

// TestSATProofsAndCuts: a proof by gini holds only where no run leaves the
// formula before the goal (a loop past the bound after the goal does not
// matter, one before it does), and a test it finds is a test.
func TestSATProofsAndCuts(t *testing.T) {
	src := `
int early(int a, int n)
{
    int s = 0;
    if (a > 10 && a < 5)         /* unreachable, before the loop */
        s = 1;
    while (n > 0) {               /* n can be large: past the bound */
        n--;
        s++;
    }
    if (s == 1000 && a == 3)     /* reachable, but only after 1000 iterations */
        return 7;
    return s;
}

int counted(int a)
{
    int i, c = 0;
    for (i = 0; i < 5; i++) {     /* a break flag: the exit is not a constant */
        if (a == i)
            break;
        c += 2;
    }
    if (c == 11)                  /* unreachable: c is even */
        return 1;
    return c;
}
`
	file := filepath.Join(t.TempDir(), "cuts.c")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	u, err := frontend.Load(file, frontend.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]map[int][2]string{
		"early": {
			5:  {"unreachable", ""},
			11: {"unknown", "loop unrolling bound hit"},
		},
		"counted": {
			24: {"unreachable", ""},
		},
	}
	for fn, lines := range want {
		p, err := u.Lower(fn)
		if err != nil {
			t.Fatal(err)
		}
		g, err := NewGenerator(p, Options{Timeout: time.Minute, Engine: EngineSAT, MaxUnroll: 16})
		if err != nil {
			t.Fatal(err)
		}
		for line, w := range lines {
			r := g.Reach(decisionGoal(t, g, line, "true"), 1)
			if r.Status.String() != w[0] || !strings.Contains(r.Reason, w[1]) {
				t.Errorf("%s line %d: %s (%s), want %s (%s)", fn, line, r.Status, r.Reason, w[0], w[1])
			}
		}
		if fn == "counted" {
			// The loop stops where its runs stop: no cut at all.
			if cuts := g.sat.fm.Cuts; len(cuts) != 0 {
				t.Errorf("counted: %d cuts (%s), want none", len(cuts), cuts[0].Reason)
			}
		}
	}
}
