// Command random is the random-testing baseline inka's coverage is
// measured against: for each function of a C file, it runs the exact
// interpreter on random inputs (internal/cdriver's RandomCase: small,
// boundary and wide integers, pointers NULL one time in eight, stub
// answers drawn the same way) for a time or a number of runs, and prints
// the decision outcomes the runs took, one JSON object per function:
//
//	{"function": "f", "runs": 123456, "covered": ["f.c:9:12:true", ...]}
//
// The outcome ids are those of inka's goals (`inka cover --format json`),
// so a script compares the two goal by goal (bench/memory/run.sh). Only
// runs that are tests count, as for inka: a run that returns, exits or
// fails an assertion; one that stops on undefined behaviour, on a
// construct inka does not model, an unmodelled library call or a limit
// covers nothing.
//
//	go run ./bench/random [-time 10s] [-runs N] [-seed S] FILE.c...
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"sort"
	"time"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/internal/cdriver"
	"github.com/inka-tool/inka/interp"
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
	limit := fs.Duration("time", 10*time.Second, "time per function (0: -runs only)")
	runs := fs.Int("runs", 0, "runs per function (0: as many as -time allows)")
	seed := fs.Int64("seed", 1, "random seed")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 || (*limit <= 0 && *runs <= 0) {
		fmt.Fprintln(stderr, "usage: random [-time 10s] [-runs N] [-seed S] FILE.c...")
		return 2
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
			r := runFunc(u, file, fn, *limit, *runs, *seed)
			if err := enc.Encode(r); err != nil {
				fmt.Fprintln(stderr, err)
				return 1
			}
		}
	}
	return status
}

// runFunc runs fn on random inputs until the time or the runs are spent.
func runFunc(u *frontend.Unit, file, fn string, limit time.Duration, runs int, seed int64) result {
	r := result{File: file, Function: fn, Covered: []string{}}
	prog, err := u.Lower(fn)
	if err != nil {
		r.Error = err.Error()
		return r
	}
	drv, err := cdriver.New(prog, fn, cdriver.Options{})
	if err != nil {
		r.Error = err.Error()
		return r
	}
	rng := rand.New(rand.NewSource(seed))
	covered := map[string]bool{}
	start := time.Now()
	for ; (runs <= 0 || r.Runs < runs) && (limit <= 0 || time.Since(start) < limit); r.Runs++ {
		in, _, _ := drv.Inputs(drv.RandomCase(rng))
		res, err := interp.Run(prog, fn, in, interp.Config{})
		if err != nil {
			continue // a construct the interpreter refuses on this input
		}
		switch res.Outcome {
		case interp.Returned, interp.Exited, interp.AssertFailed:
		default:
			continue // not a test
		}
		for _, id := range res.Covered() {
			covered[id] = true
		}
	}
	for id := range covered {
		r.Covered = append(r.Covered, id)
	}
	sort.Strings(r.Covered)
	return r
}
