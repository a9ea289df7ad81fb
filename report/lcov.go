package report

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// WriteLCOV writes the decision coverage inka claims for runs as an lcov
// tracefile (the format of lcov's geninfo, read by genhtml, Codecov,
// Coveralls, SonarQube and the editors' coverage gutters): one record per
// source file, with
//
//   - FN/FNDA: each function of the run and the number of tests that call
//     it (a test calls the function it was made for, once);
//   - BRDA: each outcome of each decision (and of each condition, with a
//     condition criterion), taken by as many tests as cover it, or "-"
//     when no test reaches the decision at all;
//   - DA: each line that holds a goal, executed by as many tests as cover
//     a goal on it.
//
// The counts are those of inka's own tests, replayed by its interpreter:
// the tracefile says what running the generated suite covers, not what
// some other suite did. An outcome proved unreachable and an unknown one
// both count 0: lcov has no word for "proved impossible" (the HTML report
// and SARIF do).
func WriteLCOV(w io.Writer, runs []*Run) error {
	for _, run := range runs {
		for _, rec := range lcovRecords(run) {
			if _, err := io.WriteString(w, rec); err != nil {
				return fmt.Errorf("lcov: %w", err)
			}
		}
	}
	return nil
}

// lcovDecision is one decision: its outcomes in the order of the run's
// goals, each with the tests that cover it.
type lcovDecision struct {
	line     int
	outcomes []int // hits of each outcome
}

// lcovRecords returns one record per file of run: the run's file first,
// then the headers some of its goals are in.
func lcovRecords(run *Run) []string {
	hits := map[string]int{} // goal id -> tests covering it
	for _, t := range run.Tests {
		for _, c := range t.Covers {
			hits[c]++
		}
	}
	files := []string{run.File}
	decs := map[string][]*lcovDecision{}
	byKey := map[string]*lcovDecision{}
	lines := map[string]map[int]map[int]bool{} // file -> line -> tests
	testsOf := testsByGoal(run)
	for _, g := range run.Goals {
		file := goalFile(g)
		if _, ok := lines[file]; !ok {
			lines[file] = map[int]map[int]bool{}
			if file != run.File {
				files = append(files, file)
			}
		}
		if lines[file][g.Line] == nil {
			lines[file][g.Line] = map[int]bool{}
		}
		for _, t := range testsOf[g.ID] {
			lines[file][g.Line][t] = true
		}
		if g.Kind != "decision" && g.Kind != "condition" {
			continue
		}
		key := fmt.Sprintf("%s:%d:%d:%s", file, g.Line, g.Column, g.Kind)
		d := byKey[key]
		if d == nil {
			d = &lcovDecision{line: g.Line}
			byKey[key] = d
			decs[file] = append(decs[file], d)
		}
		n := hits[g.ID]
		if n == 0 && g.Status == "covered" {
			n = 1
		}
		d.outcomes = append(d.outcomes, n)
	}
	var out []string
	for _, file := range files {
		var b strings.Builder
		fmt.Fprintf(&b, "TN:\nSF:%s\n", file)
		if file == run.File {
			writeLCOVFuncs(&b, run)
		}
		writeLCOVBranches(&b, decs[file])
		writeLCOVLines(&b, lines[file])
		b.WriteString("end_of_record\n")
		out = append(out, b.String())
	}
	return out
}

// testsByGoal returns the tests that cover each goal.
func testsByGoal(run *Run) map[string][]int {
	out := map[string][]int{}
	for _, t := range run.Tests {
		for _, c := range t.Covers {
			out[c] = append(out[c], t.ID)
		}
	}
	for _, g := range run.Goals {
		if g.Test != nil && len(out[g.ID]) == 0 {
			out[g.ID] = []int{*g.Test}
		}
	}
	return out
}

func writeLCOVFuncs(b *strings.Builder, run *Run) {
	calls := map[string]int{}
	for _, t := range run.Tests {
		calls[or(t.Function, run.Function)]++
	}
	hit := 0
	for _, f := range run.Functions {
		fmt.Fprintf(b, "FN:%d,%s\n", f.Line, f.Name)
	}
	for _, f := range run.Functions {
		fmt.Fprintf(b, "FNDA:%d,%s\n", calls[f.Name], f.Name)
		if calls[f.Name] > 0 {
			hit++
		}
	}
	fmt.Fprintf(b, "FNF:%d\nFNH:%d\n", len(run.Functions), hit)
}

func writeLCOVBranches(b *strings.Builder, decs []*lcovDecision) {
	found, hit := 0, 0
	for block, d := range decs {
		reached := false
		for _, n := range d.outcomes {
			reached = reached || n > 0
		}
		for branch, n := range d.outcomes {
			taken := "-"
			if reached {
				taken = strconv.Itoa(n)
			}
			fmt.Fprintf(b, "BRDA:%d,%d,%d,%s\n", d.line, block, branch, taken)
			found++
			if n > 0 {
				hit++
			}
		}
	}
	fmt.Fprintf(b, "BRF:%d\nBRH:%d\n", found, hit)
}

func writeLCOVLines(b *strings.Builder, lines map[int]map[int]bool) {
	var ns []int
	for n := range lines {
		ns = append(ns, n)
	}
	sort.Ints(ns)
	hit := 0
	for _, n := range ns {
		fmt.Fprintf(b, "DA:%d,%d\n", n, len(lines[n]))
		if len(lines[n]) > 0 {
			hit++
		}
	}
	fmt.Fprintf(b, "LF:%d\nLH:%d\n", len(ns), hit)
}

// goalFile returns the file of goal g, the start of its id: "file:line"
// for a statement, "file:line:col:..." for the others.
func goalFile(g Goal) string {
	if g.Column > 0 {
		if i := strings.Index(g.ID, fmt.Sprintf(":%d:%d:", g.Line, g.Column)); i >= 0 {
			return g.ID[:i]
		}
	}
	if f, ok := strings.CutSuffix(g.ID, ":"+strconv.Itoa(g.Line)); ok {
		return f
	}
	return g.ID
}
