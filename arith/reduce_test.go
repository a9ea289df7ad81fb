package arith

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/inka-tool/inka/interp"
)

// plantedXor stands for a compiler that computes v ^ e as v | e when v is
// a variable: the expressions where that changes the value fail their
// check. It works on the tree, as the compiler would on the text, and
// needs no compiler: the minimizer's logic is tested on thousands of
// operators in milliseconds.
func plantedXor(p *Program) (Outcome, error) {
	var wrong []int
	for _, e := range p.Exprs {
		bad := false
		if !e.Dropped {
			walk(e.Root, func(n *Node) {
				if n.Op == Xor && n.X.Op == Ref {
					x := interp.ConvertInt(n.X.Val, n.T).Bits
					y := interp.ConvertInt(n.Y.Val, n.T).Bits
					bad = bad || x&y != 0 // x | y != x ^ y
				}
			})
		}
		if bad {
			wrong = append(wrong, e.ID)
		}
	}
	if len(wrong) > 0 {
		return Outcome{Kind: Wrong, Wrong: wrong}, nil
	}
	return Outcome{Kind: Pass}, nil
}

// hasPlantedPattern reports whether e has the pattern the fault needs.
func hasPlantedPattern(e *Expr) bool {
	found := false
	walk(e.Root, func(n *Node) { found = found || n.Op == Xor && n.X.Op == Ref })
	return found
}

// From thousands of operators to a handful, the failure kept, each step
// UB-free.
func TestReducePlanted(t *testing.T) {
	reduced := 0
	for seed := uint64(1); seed <= 4; seed++ {
		p := generate(t, Options{Seed: seed, Exprs: 10, Size: 500})
		if o, _ := plantedXor(p); !o.Failed() {
			continue
		}
		steps := 0
		test := func(q *Program) (Outcome, error) {
			steps++
			if err := Check(q); err != nil {
				t.Fatalf("seed %d: the minimizer built a program with undefined behaviour: %v", seed, err)
			}
			return plantedXor(q)
		}
		red, err := Reduce(p, test, 0)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		o, _ := plantedXor(p)
		e := p.Exprs[red.Track]
		if !o.Failed() || red.Track < 0 || !hasPlantedPattern(e) {
			t.Fatalf("seed %d: the reduced program lost the failure: %s\n%s", seed, o, p.C(""))
		}
		if red.Before < 5000 || red.After > 4 || red.Tests != steps {
			t.Errorf("seed %d: %d operators -> %d in %d tests (counted %d)\n%s", seed, red.Before, red.After, red.Tests, steps, p.C(""))
		}
		if live := len(p.usedVars()); live > 5 {
			t.Errorf("seed %d: %d variables left\n%s", seed, live, p.C(""))
		}
		reduced++
	}
	if reduced < 3 {
		t.Fatalf("only %d of 4 programs hit the planted fault", reduced)
	}
}

// Reduce refuses a program that does not fail, or that is not UB-free.
func TestReduceRefuses(t *testing.T) {
	p := generate(t, Options{Seed: 3, Exprs: 2, Size: 10})
	pass := func(*Program) (Outcome, error) { return Outcome{Kind: Pass}, nil }
	if _, err := Reduce(p, pass, 0); err == nil {
		t.Error("a passing program was reduced")
	}
	a, one := xvar("a", p.Exprs[0].T.T, 0), xvar("one", p.Exprs[0].T.T, 0)
	a.Init, one.Init = uint64(1<<31-1), 1
	a.T, one.T = p.Vars[5].T, p.Vars[5].T // int
	q := oneExpr(newNode(Add, ref(a), ref(one)), a, one)
	fail := func(*Program) (Outcome, error) { return Outcome{Kind: Wrong, Wrong: []int{0}}, nil }
	if _, err := Reduce(q, fail, 0); err == nil {
		t.Error("a program with undefined behaviour was reduced")
	}
}

// plantedCC is a "compiler": gcc after a source transformation that
// miscompiles one pattern, (v ^ e) with a variable v compiled as (v | e).
const plantedCC = `#!/bin/sh
for a in "$@"; do
	case "$a" in
	*.c) sed -E 's/\(([a-z][0-9]+) \^ /(\1 | /g' "$a" > "$a.planted.c"; set -- "$@" "$a.planted.c" ;;
	*) set -- "$@" "$a" ;;
	esac
	shift
done
exec gcc "$@"
`

// The same fault, planted in a real build: the program of a thousand
// operators is reduced to a handful, and the result, built by the
// command in its header, still fails and passes with gcc.
func TestReduceWithPlantedCompiler(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	dir := t.TempDir()
	cc := filepath.Join(dir, "planted-cc")
	if err := os.WriteFile(cc, []byte(plantedCC), 0o755); err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(dir, "work")
	os.Mkdir(work, 0o755)
	r := &Runner{Dir: work}
	cfg := Config{CC: cc, Opt: "O0"}
	// The first seed whose program the fault makes print a wrong value.
	var p *Program
	for seed := uint64(1); seed <= 40 && p == nil; seed++ {
		q := generate(t, Options{Seed: seed, Exprs: 3, Size: 100})
		if o, err := r.Test(q.C(""), cfg); err != nil {
			t.Fatal(err)
		} else if o.Kind == Wrong {
			p = q
		}
	}
	if p == nil {
		t.Fatal("no program of seeds 1..40 hits the planted fault")
	}
	file := filepath.Join(dir, "reduced.c")
	red, _, err := ReduceTo(p, cfg, r, 0, file)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d operators -> %d in %d builds %v: %s", red.Before, red.After, red.Tests, red.PhaseTests, red.Outcome)
	if red.Before < 300 || red.After > 4 || red.Outcome.Kind != Wrong {
		t.Errorf("%d operators -> %d (%s)", red.Before, red.After, red.Outcome)
	}
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(src, []byte("build and run: "+cc+" -O0 -w reduced.c -o reduced && ./reduced")) {
		t.Errorf("no build command in the reduced program:\n%s", src)
	}
	if !regexp.MustCompile(`\([a-z][0-9]+ \^ `).Match(src) {
		t.Errorf("the reduced program lost the pattern:\n%s", src)
	}
	if o, err := r.Test(src, cfg); err != nil || o.Kind != Wrong {
		t.Errorf("the reduced program under the planted compiler: %v %v", o, err)
	}
	if o, err := r.Test(src, Config{CC: "gcc", Opt: "O0"}); err != nil || o.Failed() {
		t.Errorf("the reduced program under gcc: %v %v", o, err)
	}
}
