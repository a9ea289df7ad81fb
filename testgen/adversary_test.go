package testgen

// The adversarial cross-check: every goal Cover reports unreachable is
// attacked by a gcc driver (internal/cdriver, Adversary) with the
// environments inka's own input model does not produce — pointer inputs
// aliasing each other and the globals, arrays longer than --array-len,
// callees that write through every pointer they receive (const-cast too),
// call back into the file's functions and return extreme values,
// recursion as deep as the inputs drive it, volatile objects that change
// at every read — built with AddressSanitizer and UBSan so that a run that
// goes out of bounds or does undefined behaviour stops there. A goal such
// a run reaches was not unreachable: the test fails, naming the driver
// (kept on disk) and the case.

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/internal/cdriver"
	"github.com/inka-tool/inka/ir"
)

// adversaryCases is the number of cases run against the unreachable goals
// of one function.
const adversaryCases = 400

// adversaryLen is the length of the fresh arrays behind pointer inputs in
// the adversarial drivers: longer than the model's (checkOpts.ArrayLen).
const adversaryLen = 2*4 + 3

// attacked is one function under attack.
type attacked struct {
	c      *checked
	drv    *cdriver.Driver
	consts []int64
	goals  map[string]bool // ids of the unreachable decision outcomes
}

// adversaryFile builds one adversarial binary for the functions of file
// and attacks the unreachable goals of each.
func adversaryFile(t *testing.T, u *frontend.Unit, file string, runs []*checked, fig *checkFigures) {
	goals := map[*checked]map[string]bool{}
	for _, c := range runs {
		goals[c] = map[string]bool{}
		for _, gs := range c.cov.Goals {
			if gs.Status == Unreachable && gs.Goal.Kind == DecisionGoal {
				goals[c][gs.Goal.ID()] = true
			}
		}
	}
	targets, bin, dir := buildAdversary(t, u, file, runs, goals)
	for _, a := range targets {
		a := a
		t.Run(a.c.g.Fn.Name+"/adversary", func(t *testing.T) {
			for id, k := range attack(t, a, bin) {
				keep := filepath.Join(os.TempDir(), "inka-adversary-"+a.c.g.Fn.Name)
				_ = os.RemoveAll(keep)
				_ = os.CopyFS(keep, os.DirFS(dir))
				t.Errorf("%s: %s was proved unreachable, but the adversarial driver (sources in %s) reaches it with %s\noutput:\n%s",
					a.c.g.Fn.Name, id, keep, describeCase(a.drv, k.c), k.out.Raw)
			}
			fig.Lock()
			fig.advGoals += len(a.goals)
			fig.advRuns += adversaryCases
			fig.Unlock()
		})
	}
}

// buildAdversary builds one adversarial binary with a driver for every
// function of the file (the binary must define what each calls) and
// returns the functions with goals to attack.
func buildAdversary(t *testing.T, u *frontend.Unit, file string, runs []*checked, goals map[*checked]map[string]bool) ([]*attacked, *cdriver.Binary, string) {
	adv := &cdriver.Adversary{}
	for _, fn := range u.Functions() {
		if !u.External(fn) {
			continue
		}
		if p, err := u.Lower(fn); err == nil {
			adv.Callbacks = append(adv.Callbacks, p.Funcs[0])
		}
	}
	seen := map[int64]bool{}
	for _, c := range runs {
		for _, k := range constants(c.g.Prog) {
			if !seen[k] {
				seen[k] = true
				adv.Constants = append(adv.Constants, k)
			}
		}
	}
	var targets, all []*attacked
	for _, c := range runs {
		drv, err := cdriver.New(c.g.Prog, c.g.Fn.Name, cdriver.Options{PtrArrayLen: adversaryLen,
			PtrDepth: checkOpts.PtrDepth, StubCalls: stubCalls, Adversary: adv})
		if err != nil {
			if len(goals[c]) > 0 {
				t.Logf("%s: no adversarial driver: %v", c.g.Fn.Name, err)
			}
			continue
		}
		a := &attacked{c: c, drv: drv, consts: constants(c.g.Prog), goals: goals[c]}
		all = append(all, a)
		if len(a.goals) > 0 {
			targets = append(targets, a)
		}
	}
	if len(targets) == 0 {
		return nil, nil, ""
	}
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var drivers []*cdriver.Driver
	for _, a := range all {
		drivers = append(drivers, a.drv)
	}
	// Undefined behaviour traps (SIGILL), and the driver goes on with the
	// next case; an access out of bounds ends the process.
	bin, err := cdriver.Build(dir, src, u.Path(), drivers, "-fsanitize=address,undefined", "-fsanitize-undefined-trap-on-error")
	if err != nil {
		t.Errorf("building the adversarial driver: %v", err)
		return nil, nil, ""
	}
	return targets, bin, dir
}

// refutation is a case that reaches a goal, and what the program printed.
type refutation struct {
	c   cdriver.Case
	out cdriver.Output
}

// attack runs the cases of one function and returns, by goal id, the
// first case that reaches each of its goals.
func attack(t *testing.T, a *attacked, bin *cdriver.Binary) map[string]refutation {
	rng := rand.New(rand.NewSource(int64(len(a.c.g.Fn.Name))*104729 + int64(a.c.g.Fn.Name[0])))
	cases := make([]cdriver.Case, adversaryCases)
	for k := range cases {
		cases[k] = adversaryCase(a, rng)
	}
	outs, err := bin.Run(a.drv, cases)
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]refutation{}
	for k, out := range outs {
		for _, s := range out.Trace {
			id := s.Dec.ID(s.Outcome)
			if _, dup := found[id]; a.goals[id] && !dup {
				found[id] = refutation{cases[k], out}
			}
		}
	}
	return found
}

// adversaryCase draws one case: boundary values, the function's constants
// and random bits for the integers; for a pointer, its own object, NULL,
// or an alias of another object; extreme stub results.
func adversaryCase(a *attacked, rng *rand.Rand) cdriver.Case {
	d := a.drv
	c := cdriver.Case{Seed: rng.Uint64()}
	for i, l := range d.Leaves {
		var v uint64
		switch {
		case l.Callback != nil:
			v = uint64(rng.Intn(2 + len(l.Funcs)))
		case l.Type.IsPointer():
			switch n, starts := len(d.Aliases(i)), d.AliasStarts(i); {
			case rng.Intn(32) == 0:
				v = 0
			case n == 0 || rng.Intn(2) == 0:
				v = 1
			case starts > 0 && rng.Intn(3) > 0:
				v = uint64(2 + rng.Intn(starts)) // the start of another object
			default:
				v = uint64(2 + rng.Intn(n))
			}
		default:
			cands := candidates(l.Type, a.consts)
			switch rng.Intn(6) {
			case 0:
				v = ir.Truncate(l.Type, rng.Uint64())
			case 1, 2:
				v = ir.Truncate(l.Type, uint64(rng.Intn(41)-8))
			default:
				v = cands[rng.Intn(len(cands))]
			}
		}
		c.Leaves = append(c.Leaves, v)
	}
	for _, st := range d.Stubs {
		var ret, wr []uint64
		for k := 0; k < stubCalls; k++ {
			rt := st.Ext.Result
			if rt.IsInteger() {
				cands := candidates(rt, a.consts)
				ret = append(ret, cands[rng.Intn(len(cands))])
			} else {
				ret = append(ret, 0)
			}
			wr = append(wr, rng.Uint64()>>uint(rng.Intn(64)))
		}
		c.StubRet = append(c.StubRet, ret)
		c.StubWr = append(c.StubWr, wr)
	}
	return c
}

// describeCase names the inputs of a case for a failure message.
func describeCase(d *cdriver.Driver, c cdriver.Case) string {
	var parts []string
	for i, l := range d.Leaves {
		v := c.Leaves[i]
		switch {
		case l.Callback != nil:
			parts = append(parts, fmt.Sprintf("%s=#%d", l.Path, v))
		case l.Type.IsPointer():
			switch al := d.Aliases(i); {
			case v == 0:
				parts = append(parts, l.Path+"=NULL")
			case v >= 2 && int(v-2) < len(al):
				parts = append(parts, fmt.Sprintf("%s=%s", l.Path, al[v-2]))
			}
		case v != 0:
			parts = append(parts, fmt.Sprintf("%s=%d", l.Path, int64(v)))
		}
	}
	for si, st := range d.Stubs {
		parts = append(parts, fmt.Sprintf("%s returns %v", st.Ext.Name, c.StubRet[si][:4]))
	}
	parts = append(parts, fmt.Sprintf("seed %d", c.Seed))
	return strings.Join(parts, ", ")
}

// TestAdversaryRefutes shows that the adversarial drivers can fail the
// cross-check: each goal here was once proved unreachable by inka (issue
// 10) and is reached by a run only an environment outside inka's input
// model makes — recursion past the inlining bound, a callee calling back
// into the file, a volatile object changing between reads, a callee
// casting a const away, pointer inputs aliasing each other or a global.
// inka answers them unknown now; the drivers must reach every one.
func TestAdversaryRefutes(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not found")
	}
	type goal struct {
		fn      string
		line    int
		outcome string
	}
	for file, goals := range map[string][]goal{
		"../testdata/adversarial/recursion.c": {{"entry", 9, "true"}},
		"../testdata/adversarial/reentrant.c": {{"broadcast", 18, "true"}, {"pump", 33, "true"}},
		"../testdata/adversarial/volatile.c":  {{"torn", 10, "true"}, {"poll_twice", 31, "true"}, {"sample_pair", 55, "true"}},
		"../testdata/adversarial/constcast.c": {{"after_report", 17, "true"}, {"after_log", 26, "true"}},
		"../testdata/user/aliasing.c":         {{"alias", 7, "true"}, {"glob_alias", 22, "true"}},
		"../testdata/adversarial/aliases.c":   {{"both", 15, "true"}, {"bump_limit", 35, "true"}},
		"../testdata/adversarial/counters.c":  {{"record", 25, "false"}},
	} {
		u, err := frontend.Load(file, frontend.Options{})
		require.NoError(t, err)
		var runs []*checked
		want := map[*checked]map[string]bool{}
		for _, fn := range u.Functions() {
			prog, err := u.Lower(fn)
			require.NoError(t, err)
			g, err := NewGenerator(prog, checkOpts)
			require.NoError(t, err)
			c := &checked{g: g}
			runs = append(runs, c)
			want[c] = map[string]bool{}
			for _, gl := range goals {
				if gl.fn == fn {
					want[c][decisionGoal(t, g, gl.line, gl.outcome).ID()] = true
				}
			}
		}
		targets, bin, _ := buildAdversary(t, u, file, runs, want)
		require.NotEmpty(t, targets, file)
		for _, a := range targets {
			found := attack(t, a, bin)
			for id := range a.goals {
				assert.Contains(t, found, id, "%s: no adversarial run reaches %s", a.c.g.Fn.Name, id)
			}
		}
	}
}
