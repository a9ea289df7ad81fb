package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/report"
)

// The paper's answers, end to end through the commands and their inka/v1
// JSON (testdata/paper/README: ../shared/bench/paper/README.md).

// runJSON runs an inka command with --format json and decodes its output.
func runJSON(t *testing.T, args ...string) report.Run {
	t.Helper()
	out, errs, status := runCmd(t, append(args, "--format", "json")...)
	require.Equal(t, 0, status, errs)
	return runJSONText(t, out)
}

// runJSONText decodes an inka/v1 object.
func runJSONText(t *testing.T, out string) report.Run {
	t.Helper()
	var r report.Run
	require.NoError(t, json.Unmarshal([]byte(out), &r), out)
	require.Equal(t, report.Schema, r.Schema)
	return r
}

// argsOf returns the tests' values of one argument, in order.
func argsOf(t *testing.T, r report.Run, name string) []string {
	t.Helper()
	var out []string
	for _, tc := range r.Tests {
		v, ok := tc.Args[name]
		require.True(t, ok, "test %d has no argument %s", tc.ID, name)
		out = append(out, fmt.Sprint(v))
	}
	return out
}

func TestPaperReach(t *testing.T) {
	t.Chdir("../..")
	cases := []struct {
		name, goal, arg, domain string
		all                     int
		tests                   []string
	}{
		// Figure 2: the true outcome of j > 8 needs i = 5, and propagation
		// alone finds it (Figure 3).
		{"foo", "testdata/paper/foo.c:19:true", "i", "5", 10, []string{"5"}},
		// Figure 10's first request: propagation narrows h to 8..9.
		{"lh98", "testdata/paper/lh98.c:20:true", "h", "8..9", 10, []string{"8", "9"}},
		// Figure 11: p == &c after i iterations iff i > 0 and i % 3 == 2.
		// The paper's propagation gives 2..2^31-1; ours also removes 3 and
		// 4 (a second unfolding of the loop is refuted), which is sound.
		{"jos97", "testdata/paper/jos97.c:23:true", "i", "2, 5..2147483647", 4, []string{"2", "5", "8", "11"}},
		// Figure 1: i != 0 is true only when c == 1 makes p alias i.
		{"fig1", "testdata/paper/fig1.c:13:true", "c", "1", 1, []string{"1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := runJSON(t, "reach", c.goal, "--all", strconv.Itoa(c.all))
			require.Len(t, r.Goals, 1)
			assert.Equal(t, "covered", r.Goals[0].Status, r.Goals[0].Reason)
			assert.Equal(t, c.domain, r.Domains[c.arg])
			assert.Equal(t, c.tests, argsOf(t, r, c.arg))
			for _, tc := range r.Tests {
				assert.Contains(t, tc.Covers, r.Goals[0].ID, "test %d", tc.ID)
			}
		})
	}
}

// witnesses is the part of testdata/paper/witnesses.json the tests read.
type witnesses struct {
	Functions map[string]struct {
		File       string `json:"file"`
		Exhaustive string `json:"exhaustive"`
		Decisions  []struct {
			Line     int    `json:"line"`
			Cond     string `json:"cond"`
			Outcomes map[string]struct {
				Feasible bool             `json:"feasible"`
				Witness  map[string]int64 `json:"witness"`
				Returns  *int64           `json:"returns"`
			} `json:"outcomes"`
		} `json:"decisions"`
	} `json:"functions"`
}

func loadWitnesses(t *testing.T) witnesses {
	t.Helper()
	data, err := os.ReadFile("testdata/paper/witnesses.json")
	require.NoError(t, err)
	var w witnesses
	require.NoError(t, json.Unmarshal(data, &w))
	require.NotEmpty(t, w.Functions)
	return w
}

// TestPaperCover runs `inka cover --format json` on every function of the
// paper's programs and holds each goal's answer against the hand-checked
// table of witnesses.json: every feasible outcome covered, every
// infeasible one proven unreachable. Each reported test is replayed here
// once more by the interpreter, independently of the command.
func TestPaperCover(t *testing.T) {
	t.Chdir("../..")
	w := loadWitnesses(t)
	for fn, spec := range w.Functions {
		t.Run(fn, func(t *testing.T) {
			file := filepath.Join("testdata/paper", spec.File)
			r := runJSON(t, "cover", file, "--func", fn)
			status := map[string]report.Goal{}
			for _, g := range r.Goals {
				require.Equal(t, "decision", g.Kind)
				status[fmt.Sprintf("%d:%v", g.Line, g.Outcome)] = g
			}
			n := 0
			for _, d := range spec.Decisions {
				for o, want := range d.Outcomes {
					key := fmt.Sprintf("%d:%v", d.Line, o == "T")
					g, ok := status[key]
					require.True(t, ok, "no goal for line %d outcome %s", d.Line, o)
					n++
					assert.Equal(t, d.Cond, g.Condition)
					if want.Feasible {
						assert.Equal(t, "covered", g.Status, "%s: %s", g.ID, g.Reason)
					} else {
						assert.Equal(t, "unreachable", g.Status, "%s: %s", g.ID, g.Reason)
					}
				}
			}
			assert.Equal(t, n, len(r.Goals), "goals other than the table's")
			replayTests(t, file, fn, r)
		})
	}
}

// replayTests runs each test of r in the interpreter and checks the
// return value and the goals it claims to cover.
func replayTests(t *testing.T, file, fn string, r report.Run) {
	t.Helper()
	u, err := frontend.Load(file, frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower(fn)
	require.NoError(t, err)
	for _, tc := range r.Tests {
		var parts []string
		for k, v := range tc.Args {
			if f, ok := v.(float64); ok { // a JSON number: in full, not as 2.1e+09
				v = strconv.FormatFloat(f, 'f', -1, 64)
			}
			parts = append(parts, fmt.Sprintf("%s=%v", k, v))
		}
		in, err := interp.ParseInputs(strings.Join(parts, ","))
		require.NoError(t, err)
		res, err := interp.Run(p, fn, in, interp.Config{})
		require.NoError(t, err)
		require.Equal(t, interp.Returned, res.Outcome, "test %d", tc.ID)
		assert.Equal(t, fmt.Sprint(tc.Return), fmt.Sprint(report.JSONValue(res.Return)), "test %d", tc.ID)
		goals := map[string]bool{}
		for _, g := range r.Goals {
			goals[g.ID] = true
		}
		var covered []string
		for _, id := range res.Covered() {
			if goals[id] {
				covered = append(covered, id)
			}
		}
		assert.ElementsMatch(t, tc.Covers, covered, "test %d", tc.ID)
	}
}

// TestPaperUnreachableExhaustive holds the table itself against the
// interpreter: over the exhaustive range of witnesses.json, every feasible
// outcome is taken and no infeasible one is, and every witness covers its
// outcome and returns the listed value. It checks the ground truth the
// cover test compares inka with.
func TestPaperUnreachableExhaustive(t *testing.T) {
	t.Chdir("../..")
	w := loadWitnesses(t)
	for fn, spec := range w.Functions {
		t.Run(fn, func(t *testing.T) {
			u, err := frontend.Load(filepath.Join("testdata/paper", spec.File), frontend.Options{})
			require.NoError(t, err)
			p, err := u.Lower(fn)
			require.NoError(t, err)
			taken := map[string]bool{}
			forEachInput(t, spec.Exhaustive, func(vals map[string]int64) {
				res := runWith(t, p, fn, vals)
				for _, s := range res.Trace {
					taken[fmt.Sprintf("%d:%s", s.Dec.Pos.Line, s.Dec.Outcomes[s.Outcome])] = true
				}
			})
			for _, d := range spec.Decisions {
				for o, want := range d.Outcomes {
					outcome := map[string]string{"T": "true", "F": "false"}[o]
					key := fmt.Sprintf("%d:%s", d.Line, outcome)
					assert.Equal(t, want.Feasible, taken[key], "line %d outcome %s over %s", d.Line, o, spec.Exhaustive)
					if !want.Feasible {
						continue
					}
					res := runWith(t, p, fn, want.Witness)
					covered := false
					for _, s := range res.Trace {
						covered = covered || (s.Dec.Pos.Line == d.Line && s.Dec.Outcomes[s.Outcome] == outcome)
					}
					assert.True(t, covered, "witness %v of line %d %s", want.Witness, d.Line, o)
					if want.Returns != nil {
						assert.Equal(t, *want.Returns, res.Return.Int64(), "witness %v", want.Witness)
					}
				}
			}
		})
	}
}

// TestPaperRun: `inka run` on every witness of the table prints the
// return value the table lists.
func TestPaperRun(t *testing.T) {
	t.Chdir("../..")
	w := loadWitnesses(t)
	for fn, spec := range w.Functions {
		file := filepath.Join("testdata/paper", spec.File)
		for _, d := range spec.Decisions {
			for _, o := range d.Outcomes {
				if !o.Feasible {
					continue
				}
				var parts []string
				for k, v := range o.Witness {
					parts = append(parts, fmt.Sprintf("%s=%d", k, v))
				}
				out, errs, status := runCmd(t, "run", file, "--func", fn, "--args", strings.Join(parts, ","))
				require.Equal(t, 0, status, errs)
				assert.True(t, strings.HasPrefix(out, fmt.Sprintf("returned %d\n", *o.Returns)), "%s %v: %s", fn, parts, out)
			}
		}
	}
}

func runWith(t *testing.T, p *ir.Program, fn string, vals map[string]int64) *interp.Result {
	t.Helper()
	in := interp.Inputs{Values: map[string]interp.Val{}}
	for _, v := range p.Func(fn).Params {
		in.Values[v.Name] = interp.IntVal(v.Typ, vals[v.Name])
	}
	res, err := interp.Run(p, fn, in, interp.Config{})
	require.NoError(t, err)
	require.Equal(t, interp.Returned, res.Outcome, "inputs %v", vals)
	return res
}

// forEachInput calls f on every point of a range "i=-3..3,j=0..2".
func forEachInput(t *testing.T, spec string, f func(map[string]int64)) {
	t.Helper()
	type rng struct {
		name   string
		lo, hi int64
	}
	var rs []rng
	for _, part := range strings.Split(spec, ",") {
		name, bounds, ok := strings.Cut(part, "=")
		require.True(t, ok, spec)
		los, his, ok := strings.Cut(bounds, "..")
		require.True(t, ok, spec)
		lo, err := strconv.ParseInt(los, 10, 64)
		require.NoError(t, err)
		hi, err := strconv.ParseInt(his, 10, 64)
		require.NoError(t, err)
		rs = append(rs, rng{name, lo, hi})
	}
	vals := map[string]int64{}
	var rec func(k int)
	rec = func(k int) {
		if k == len(rs) {
			f(vals)
			return
		}
		for v := rs[k].lo; v <= rs[k].hi; v++ {
			vals[rs[k].name] = v
			rec(k + 1)
		}
	}
	rec(0)
}

// badInput is a command line and what its error message must contain.
type badInput struct {
	args []string
	want string
}

// checkBadInput runs each command line: status 2, the message on stderr,
// never an internal error.
func checkBadInput(t *testing.T, cases []badInput) {
	t.Helper()
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			out, errs, status := runCmd(t, c.args...)
			assert.Equal(t, exitUsage, status, "stdout: %s", out)
			assert.Contains(t, errs, c.want)
			assert.NotContains(t, errs, "internal error")
		})
	}
}

// TestBadInput: errors in the input are reported as file:line:col (or
// file: when there is no position) with exit status 2, never a panic.
func TestBadInput(t *testing.T) {
	t.Chdir("../..")
	cases := []badInput{
		{[]string{"reach", "testdata/paper/foo.c:2"}, "testdata/paper/foo.c:2:1: no statement on line 2"},
		{[]string{"reach", "testdata/paper/foo.c:13:maybe"}, `testdata/paper/foo.c:13:1: no decision with outcome "maybe" on line 13`},
		{[]string{"reach", "testdata/paper/foo.c:11:true"}, `testdata/paper/foo.c:11:1: no decision with outcome "true" on line 11`},
		{[]string{"reach", "testdata/paper/foo.c:999"}, "testdata/paper/foo.c:999:1: no statement on line 999"},
		{[]string{"cover", "testdata/paper/foo.c", "--func", "nope"}, "testdata/paper/foo.c: no function named nope"},
		{[]string{"run", "testdata/paper/foo.c", "--func", "nope"}, "testdata/paper/foo.c: no function named nope"},
		{[]string{"run", "testdata/paper/foo.c", "--func", "foo", "--args", "x=1"}, "no input named x in foo"},
		{[]string{"run", "testdata/paper/foo.c", "--func", "foo", "--args", "i=zz"}, "input i"},
		{[]string{"cover", "testdata/unsupported/computed_goto.c"}, "testdata/unsupported/computed_goto.c:4:5: unsupported: computed goto"},
		{[]string{"reach", "testdata/unsupported/syntax.c:3"}, "testdata/unsupported/syntax.c:3:15: "},
		{[]string{"cover", "testdata/nofile.c"}, "testdata/nofile.c: no such file or directory"},
		{[]string{"cover", "testdata/paper/foo.c", "--criterion", "mc-dc"}, `unknown criterion "mc-dc"`},
		{[]string{"cover", "testdata/paper/foo.c", "--format", "xml"}, `unknown format "xml"`},
		{[]string{"cover", "testdata/paper/foo.c", "--array-len", "100000"}, "want an integer in 1..1024"},
		{[]string{"reach", "testdata/paper/foo.c:19:true", "--max-unroll", "0"}, "want an integer in 1..100000"},
		{[]string{"cover", "testdata/paper/foo.c", "--engine", "z3"}, "want fd, sat or auto"},
		{[]string{"cover", "testdata/paper/foo.c", "--dump-smt2", "testdata/paper/foo.c/q"}, "--dump-smt2: mkdir testdata/paper/foo.c: not a directory"},
	}
	checkBadInput(t, cases)
}

// TestRun: `inka run` prints the return value, the decisions taken in
// order and undefined behaviour with its position.
func TestRun(t *testing.T) {
	t.Chdir("../..")
	out, errs, status := runCmd(t, "run", "testdata/paper/foo.c", "--func", "foo", "--args", "i=5")
	require.Equal(t, 0, status, errs)
	assert.Equal(t, "returned 1\ndecisions:\n  testdata/paper/foo.c:13:9:true  i < 6\n  testdata/paper/foo.c:19:9:true  j > 8\n", out)

	out, errs, status = runCmd(t, "run", "testdata/ub/ub.c", "--func", "divide", "--args", "a=-9223372036854775808,b=-1")
	require.Equal(t, 0, status, errs)
	assert.Contains(t, out, "testdata/ub/ub.c:16:12: undefined behaviour in divide: division overflow")
	assert.Contains(t, out, "testdata/ub/ub.c:14:9:false  b == 0")
}

// TestCoverSkipsUnsupportedFunctions: without --func, a function inka
// cannot take is named with its reason and left out; the others are
// covered; the status is 2.
func TestCoverSkipsUnsupportedFunctions(t *testing.T) {
	t.Chdir("../..")
	const file = "cmd/inka/testdata/mixed.c"
	coverSkipping(t, file, 2, []string{
		file + ":3:13: unsupported: floating-point result (long double) (function half skipped)",
		file + ":5:29: unsupported: address of a label (computed goto) (function jump skipped)",
	})
	_, errs, status := runCmd(t, "cover", file, "--func", "half")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errs, file+":3:13: unsupported: floating-point result (long double)")
}

// coverSkipping covers file, whose functions named in skips (the stderr
// lines that say so, "(function F skipped)") are skipped: the status is
// 2, the JSON has goals goals, all covered, of the other functions.
func coverSkipping(t *testing.T, file string, goals int, skips []string) report.Run {
	t.Helper()
	out, errs, status := runCmd(t, "cover", file, "--format", "json")
	assert.Equal(t, exitUsage, status)
	var names []string
	for _, s := range skips {
		assert.Contains(t, errs, s)
		name := s[strings.LastIndex(s, "(function ")+len("(function "):]
		names = append(names, strings.TrimSuffix(name, " skipped)"))
	}
	r := runJSONText(t, out)
	require.Len(t, r.Goals, goals)
	for _, g := range r.Goals {
		assert.Equal(t, "covered", g.Status)
		assert.NotContains(t, names, g.Function)
	}
	require.Len(t, r.Skipped, len(skips))
	for i, sk := range r.Skipped {
		assert.Equal(t, names[i], sk.Function)
	}
	return r
}

// TestReachAssertion: `inka reach FILE:LINE:false` on an assert gives a
// test that makes the assertion fail, and says how the run stops.
func TestReachAssertion(t *testing.T) {
	t.Chdir("../..")
	r := runJSON(t, "reach", "testgen/testdata/asserts.c:8:false")
	require.Len(t, r.Goals, 1)
	assert.Equal(t, "covered", r.Goals[0].Status, r.Goals[0].Reason)
	require.Len(t, r.Tests, 1)
	assert.Equal(t, "testgen/testdata/asserts.c:8:5: assertion failed: q < 50", r.Tests[0].Stops)
	assert.Nil(t, r.Tests[0].Return)

	r = runJSON(t, "reach", "testgen/testdata/asserts.c:15:false")
	assert.Equal(t, "unreachable", r.Goals[0].Status)
}
