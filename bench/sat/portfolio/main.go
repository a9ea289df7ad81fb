// Command portfolio compares, goal by goal, inka's fd engine alone with the
// default engine choice (fd, then gini, or gini first on bit-level code)
// on C files: the answers, the time and the steps of each goal, and the
// goals the choice makes slower.
//
//	go run ./bench/sat/portfolio [-v] [-slower 2] [-steps N] testdata/paper testdata/diff ...
//
// Each decision outcome of each function is asked alone (Generator.Reach,
// as `inka reach` does), first with --engine fd, then with auto, in one
// process, side by side. It prints the goals whose answer differs, the
// goals fd answered that auto answers more than -slower times slower
// (in time, by 10 ms at least, and in steps), and totals.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/testgen"
)

type answer struct {
	status testgen.Status
	engine string
	time   time.Duration
	steps  int64
}

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "portfolio:", err)
		os.Exit(2)
	}
}

// run compares the engines on the C files of the directories of args.
func run(args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("portfolio", flag.ContinueOnError)
	flags.SetOutput(stderr)
	slower := flags.Float64("slower", 2, "report the goals fd answered that auto answers this many times slower")
	steps := flags.Int64("steps", 0, "step budget per goal (0: the default)")
	verbose := flags.Bool("v", false, "print every goal, not only those that differ or are slower")
	if err := flags.Parse(args); err != nil {
		return err
	}
	dirs := flags.Args()
	if len(dirs) == 0 {
		dirs = []string{"testdata/paper", "testdata/diff", "testdata/user", "testdata/bitlevel"}
	}
	var files []string
	for _, d := range dirs {
		fs, _ := filepath.Glob(filepath.Join(d, "*.c"))
		files = append(files, fs...)
	}
	sort.Strings(files)
	var goals, differ, slow, fdAnswered, autoAnswered, bySAT int
	var fdTime, autoTime time.Duration
	for _, file := range files {
		u, err := frontend.Load(file, frontend.Options{})
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", file, err)
			continue
		}
		for _, fn := range u.Functions() {
			p, err := u.Lower(fn)
			if err != nil {
				continue
			}
			run := func(engine string) (map[string]answer, []string) {
				g, err := testgen.NewGenerator(p, testgen.Options{Engine: engine, Steps: *steps})
				if err != nil {
					return nil, nil
				}
				out := map[string]answer{}
				var ids []string
				for _, gl := range g.Decisions() {
					r := g.Reach(gl, 1)
					out[gl.ID()] = answer{r.Status, r.Engine, r.Stats.Time, r.Stats.Steps}
					ids = append(ids, gl.ID())
				}
				return out, ids
			}
			fd, ids := run(testgen.EngineFD)
			auto, _ := run(testgen.EngineAuto)
			for _, id := range ids {
				f, a := fd[id], auto[id]
				goals++
				fdTime += f.time
				autoTime += a.time
				if f.status != testgen.Unknown {
					fdAnswered++
				}
				if a.status != testgen.Unknown {
					autoAnswered++
					if a.engine == testgen.EngineSAT {
						bySAT++
					}
				}
				if *verbose {
					fmt.Fprintf(stdout, "goal    %s %s: fd %v (%v, %d steps), auto %v by %s (%v, %d steps)\n", fn, id,
						f.status, f.time.Round(time.Millisecond), f.steps, a.status, a.engine, a.time.Round(time.Millisecond), a.steps)
				}
				if f.status != a.status {
					differ++
					fmt.Fprintf(stdout, "differ  %s %s: fd %v (%v, %d steps), auto %v by %s (%v, %d steps)\n", fn, id,
						f.status, f.time.Round(time.Millisecond), f.steps, a.status, a.engine, a.time.Round(time.Millisecond), a.steps)
				}
				// Slower in time and in steps: the time alone is noisy on
				// a shared machine, steps alone do not compare engines.
				if f.status != testgen.Unknown && float64(a.time) > *slower*float64(f.time) && a.time-f.time > 10*time.Millisecond &&
					float64(a.steps) > *slower*float64(f.steps) {
					slow++
					fmt.Fprintf(stdout, "slower  %s %s: fd %v (%v, %d steps), auto %v by %s (%v, %d steps)\n", fn, id,
						f.status, f.time.Round(time.Millisecond), f.steps, a.status, a.engine, a.time.Round(time.Millisecond), a.steps)
				}
			}
		}
	}
	fmt.Fprintf(stdout, "%d goals: fd alone answered %d in %v, auto %d in %v (%d by gini); %d answers differ, %d goals fd answered more than %.1fx slower with auto\n",
		goals, fdAnswered, fdTime.Round(time.Millisecond), autoAnswered, autoTime.Round(time.Millisecond), bySAT, differ, slow, *slower)
	return nil
}
