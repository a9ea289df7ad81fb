// Command random is the random-testing baseline inka's coverage is
// measured against: for each function of a C file, it runs the exact
// interpreter on random inputs (internal/cdriver's RandomCase: small,
// boundary and wide integers, pointers NULL one time in eight, stub
// answers drawn the same way; the strings and buffers behind pointer
// inputs of one of the lengths of -lens, drawn for each run: 4, 16 and
// 64 elements by default, the lengths inka's pre-pass tries up to
// --max-len; in a function that allocates, one allocation in the first
// eight fails one run in four, as in inka's pre-pass, since a failing
// malloc is an input of a test) for a time (of CPU: the process's, which other processes
// on a shared machine do not consume) or a number of runs, and prints the decision
// outcomes the runs took, one JSON object per function:
//
//	{"function": "f", "runs": 123456, "covered": ["f.c:9:12:true", ...]}
//
// The outcome ids are those of inka's goals (`inka cover --format json`),
// so a script compares the two goal by goal (bench/realc/run.sh). Only
// runs that are tests count, as for inka's cover: a run that returns
// normally covers the outcomes it took; one that fails an assertion
// covers that assertion's false outcome only; one that exits, stops on
// undefined behaviour, on a construct inka does not model, an
// unmodelled library call or a limit covers nothing (inka leaves a goal
// only such runs reach unknown).
//
// With -goals RUN.json (`inka cover --format json` of the same file), a
// function's runs stop as soon as they have covered every goal of that
// function the run does not prove unreachable: no run can cover more
// of them then, and a table over a whole corpus costs the time of the
// functions random testing does not finish, not -time per function.
// Runs is then the number of runs made until that point.
//
//	go run ./bench/random [-time 10s] [-runs N] [-seed S] [-goals RUN.json] FILE.c...
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/internal/cdriver"
	"github.com/inka-tool/inka/internal/cputime"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
)

type result struct {
	File     string   `json:"file"`
	Function string   `json:"function"`
	Runs     int      `json:"runs"`
	Covered  []string `json:"covered"`
	Error    string   `json:"error,omitempty"`
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the command: its exit status (2 when a file does not parse or
// the command line is wrong).
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("random", flag.ContinueOnError)
	fs.SetOutput(stderr)
	limit := fs.Duration("time", 10*time.Second, "CPU time per function (0: -runs only)")
	runs := fs.Int("runs", 0, "runs per function (0: as many as -time allows)")
	seed := fs.Int64("seed", 1, "random seed")
	goalsFile := fs.String("goals", "", "inka cover --format json of the files: stop a function once its goals are covered")
	lensFlag := fs.String("lens", "4,16,64", "lengths of the strings and buffers behind pointer inputs, one drawn per run")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 || (*limit <= 0 && *runs <= 0) {
		fmt.Fprintln(stderr, "usage: random [-time 10s] [-runs N] [-seed S] [-goals RUN.json] FILE.c...")
		return 2
	}
	var lens []int
	for _, f := range strings.Split(*lensFlag, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n <= 0 {
			fmt.Fprintf(stderr, "-lens %s: not a list of positive lengths\n", *lensFlag)
			return 2
		}
		lens = append(lens, n)
	}
	var open map[string]map[string]bool
	if *goalsFile != "" {
		var err error
		if open, err = openGoals(*goalsFile); err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
	}
	enc := json.NewEncoder(stdout)
	status := 0
	for _, file := range fs.Args() {
		u, err := frontend.Load(file, frontend.Options{})
		if err != nil {
			fmt.Fprintln(stderr, err)
			status = 2
			continue
		}
		for _, fn := range u.Functions() {
			r := runFunc(u, file, fn, lens, *limit, *runs, *seed, open[fn])
			if err := enc.Encode(r); err != nil {
				fmt.Fprintln(stderr, err)
				return 1
			}
		}
	}
	return status
}

// failedAssertion returns, of the outcomes a run took, the false outcome
// of the assertion it failed (on line), the one outcome such a run is a
// test of for inka (testgen's confirms): the decisions taken before it
// are not covered by a run that then stops.
func failedAssertion(ids []string, line int) []string {
	var out []string
	for _, id := range ids {
		parts := strings.Split(id, ":")
		if len(parts) >= 4 && parts[len(parts)-1] == "false" && parts[len(parts)-3] == strconv.Itoa(line) {
			out = append(out, id)
		}
	}
	return out
}

// openGoals reads an inka/v1 run and returns, per function, the ids of
// its goals that are not proved unreachable.
func openGoals(path string) (map[string]map[string]bool, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("-goals: %w", err)
	}
	var run struct {
		Goals []struct {
			ID       string `json:"id"`
			Function string `json:"function"`
			Status   string `json:"status"`
		} `json:"goals"`
	}
	if err := json.Unmarshal(data, &run); err != nil {
		return nil, fmt.Errorf("-goals %s: %w", path, err)
	}
	open := map[string]map[string]bool{}
	for _, g := range run.Goals {
		if g.Status == "unreachable" {
			continue
		}
		if open[g.Function] == nil {
			open[g.Function] = map[string]bool{}
		}
		open[g.Function][g.ID] = true
	}
	return open, nil
}

// runFunc runs fn on random inputs until the time or the runs are spent,
// or, when want is not nil, until every goal of want is covered (want
// is nil for a function the -goals run does not list: all the time).
func runFunc(u *frontend.Unit, file, fn string, lens []int, limit time.Duration, runs int, seed int64, want map[string]bool) result {
	r := result{File: file, Function: fn, Covered: []string{}}
	prog, err := u.Lower(fn)
	if err != nil {
		r.Error = err.Error()
		return r
	}
	drvs := make([]*cdriver.Driver, len(lens))
	for i, n := range lens {
		if drvs[i], err = cdriver.New(prog, fn, cdriver.Options{FlatLen: n}); err != nil {
			r.Error = err.Error()
			return r
		}
	}
	heap := false // the function or one of its callees allocates
	for _, f := range prog.Funcs {
		ir.Walk(f.Body, func(s ir.Stmt) {
			if h := ir.HeapCall(s); h != ir.NotHeap && h != ir.Free && h != ir.VLA {
				heap = true
			}
		})
	}
	rng := rand.New(rand.NewSource(seed))
	covered := map[string]bool{}
	left := len(want)
	start := cputime.Process()
	for ; (runs <= 0 || r.Runs < runs) && (limit <= 0 || cputime.Process()-start < limit) && (want == nil || left > 0); r.Runs++ {
		k := 0
		if len(drvs) > 1 {
			k = rng.Intn(len(drvs))
		}
		in, _, _ := drvs[k].Inputs(drvs[k].RandomCase(rng))
		in.Len = lens[k]
		if heap && rng.Intn(4) == 0 {
			in.AllocFail = map[int]bool{rng.Intn(1 + rng.Intn(8)): true}
		}
		res, err := interp.Run(prog, fn, in, interp.Config{})
		if err != nil {
			continue // a construct the interpreter refuses on this input
		}
		ids := res.Covered()
		switch res.Outcome {
		case interp.Returned:
		case interp.AssertFailed:
			ids = failedAssertion(ids, res.Pos.Line)
		default:
			continue // not a test
		}
		for _, id := range ids {
			if !covered[id] && want[id] {
				left--
			}
			covered[id] = true
		}
	}
	for id := range covered {
		r.Covered = append(r.Covered, id)
	}
	sort.Strings(r.Covered)
	return r
}
