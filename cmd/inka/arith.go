package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/inka-tool/inka/arith"
)

const arithUsage = "inka arith gen|run|reduce [--seed S] [--exprs N] [--size N] ...   random arithmetic programs with exact expected values, across compilers, minimized"

func init() { register("arith", arithUsage, runArith) }

// runArith implements `inka arith`: gen prints one self-checking program,
// run builds and runs programs with every configuration of the matrix and
// records the failures, reduce minimizes a failing program.
func runArith(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		arithHelp(stderr)
		return exitUsage
	}
	switch args[0] {
	case "gen":
		return arithGen(args[1:], stdout, stderr)
	case "run":
		return arithRun(args[1:], stdout, stderr)
	case "reduce":
		return arithReduce(args[1:], stdout, stderr)
	case "-h", "--help", "help":
		arithHelp(stdout)
		return exitOK
	}
	fmt.Fprintf(stderr, "inka arith: unknown subcommand %q\n", args[0])
	arithHelp(stderr)
	return exitUsage
}

func arithHelp(w io.Writer) {
	fmt.Fprintln(w, `usage:
  inka arith gen    [--seed S] [--exprs N] [--size N] [--depth D] [--vars V] [-o FILE] [--stats]
  inka arith run    [generation options] [--programs N | --duration D] [--cc gcc,clang,tcc] [--opt O0,O1,O2,O3,Os]
                    [--ubsan] [--mix] [--out DIR] [--reduce] [--jobs N] [--timeout D] [--cc-timeout D] [--format text|json]
  inka arith reduce [generation options] --cc CC --opt O [--out FILE] [--max-tests N]
Run "inka arith SUBCOMMAND --help" for the options.`)
}

// arithGenFlags are the options of the generator, common to the subcommands.
type arithGenFlags struct {
	seed                      uint64
	exprs, size, depth, nvars int
}

// newArithFlags returns the flag set of a subcommand with the generator's
// options registered.
func newArithFlags(name string) (*flag.FlagSet, *arithGenFlags) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	g := &arithGenFlags{}
	g.register(fs)
	return fs, g
}

func (g *arithGenFlags) register(fs *flag.FlagSet) {
	fs.Uint64Var(&g.seed, "seed", 1, "random seed: the same options and seed give the same program")
	fs.IntVar(&g.exprs, "exprs", 10, "expressions per program")
	fs.IntVar(&g.size, "size", 100, "operators per expression")
	fs.IntVar(&g.depth, "depth", 40, "maximum nesting of an expression")
	fs.IntVar(&g.nvars, "vars", 0, "x-variables (0: 11 plus one per 20 operators, at most 64)")
}

func (g *arithGenFlags) options() (arith.Options, error) {
	o := arith.Options{Seed: g.seed, Exprs: g.exprs, Size: g.size, Depth: g.depth, Vars: g.nvars}.WithDefaults()
	return o, o.Check()
}

// arithFlags parses a subcommand's flags; no positional argument is
// accepted.
func arithFlags(fs *flag.FlagSet, usage string, args []string, stderr io.Writer) (int, bool) {
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: "+usage)
		fs.PrintDefaults()
	}
	pos, status, ok := parseCommand(fs, args)
	if !ok {
		return status, false
	}
	if len(pos) != 0 {
		fmt.Fprintf(stderr, "inka arith: unexpected argument %q\n", pos[0])
		fs.Usage()
		return exitUsage, false
	}
	return exitOK, true
}

func arithGen(args []string, stdout, stderr io.Writer) int {
	fs, g := newArithFlags("arith gen")
	out := fs.String("o", "", "write the program to `FILE` (default: standard output)")
	stats := fs.Bool("stats", false, "print the operators generated, flipped and inserted on standard error")
	if status, ok := arithFlags(fs, "inka arith gen [--seed S] [--exprs N] [--size N] [--depth D] [--vars V] [-o FILE] [--stats]", args, stderr); !ok {
		return status
	}
	o, err := g.options()
	if err != nil {
		fmt.Fprintf(stderr, "inka arith gen: %v\n", err)
		return exitUsage
	}
	p, err := arith.Generate(o)
	if err != nil {
		fmt.Fprintf(stderr, "inka arith gen: %v\n", err)
		return exitInternal
	}
	src := p.C(arith.Header(p))
	if *stats {
		fmt.Fprintf(stderr, "%d operators, %d flipped, %d inserted; fixes: %v\n", p.Stats.Ops, p.Stats.Flips, p.Stats.Inserted, p.Stats.ByKind)
	}
	if *out == "" {
		stdout.Write(src)
		return exitOK
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		fmt.Fprintf(stderr, "inka arith gen: %v\n", err)
		return exitInternal
	}
	return exitOK
}

const arithRunUsage = "inka arith run [generation options] [--programs N | --duration D] [--cc gcc,clang,tcc] [--opt O0,O1,O2,O3,Os] [--ubsan] [--mix] [--out DIR] [--reduce] [--jobs N] [--timeout D] [--cc-timeout D] [--format text|json]"

func arithRun(args []string, stdout, stderr io.Writer) int {
	fs, g := newArithFlags("arith run")
	programs := fs.Int("programs", 0, "number of programs (seeds S, S+1, ...)")
	duration := fs.Duration("duration", 0, "run for this long (e.g. 1h) instead of a number of programs")
	ccs := fs.String("cc", "gcc,clang,tcc", "compilers: names or paths of commands taking gcc's options")
	opts := fs.String("opt", "O0,O1,O2,O3,Os", "optimization levels")
	ubsan := fs.Bool("ubsan", false, "also build every program with gcc's and clang's -fsanitize=undefined at -O0 (checks inka's UB-freedom)")
	outDir := fs.String("out", "arith-out", "directory of the failing programs and failures.jsonl")
	mix := fs.Bool("mix", false, "vary the shape: each program has exprs×size operators split into 1 to 1000 expressions")
	reduce := fs.Bool("reduce", false, "minimize each failing program against its first failing configuration")
	maxTests := fs.Int("max-tests", 0, "builds per minimization (0: 5000)")
	jobs := fs.Int("jobs", 1, "programs tested at once")
	timeout := fs.Duration("timeout", 10*time.Second, "time limit of one run of a program")
	ccTimeout := fs.Duration("cc-timeout", time.Minute, "time limit of one compilation")
	format := fs.String("format", "text", "output format: text or json")
	if status, ok := arithFlags(fs, arithRunUsage, args, stderr); !ok {
		return status
	}
	o, err := g.options()
	if err == nil && *programs <= 0 && *duration <= 0 {
		err = fmt.Errorf("give --programs N or --duration D")
	}
	if err == nil && (*jobs < 1 || *jobs > 64) {
		err = fmt.Errorf("--jobs %d: must be in [1, 64]", *jobs)
	}
	if err == nil && *format != "text" && *format != "json" {
		err = fmt.Errorf("--format %q: text or json", *format)
	}
	var configs []arith.Config
	if err == nil {
		configs, err = arith.ParseConfigs(*ccs, *opts)
	}
	if err == nil {
		err = checkCompilers(configs)
	}
	if err != nil {
		fmt.Fprintf(stderr, "inka arith run: %v\n", err)
		return exitUsage
	}
	if *ubsan {
		configs = append(configs, sanitizers()...)
	}
	c := &arith.Campaign{
		Gen: o, Configs: configs, Programs: *programs, Duration: *duration,
		Mix: *mix, Out: *outDir, Reduce: *reduce, MaxTests: *maxTests, Jobs: *jobs,
		Timeouts: arith.Runner{CCTimeout: *ccTimeout, RunTimeout: *timeout},
	}
	if *format == "text" {
		c.Log = stderr
	}
	s, err := c.Run()
	if err != nil {
		fmt.Fprintf(stderr, "inka arith run: %v\n", err)
		return exitInternal
	}
	if *format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(s)
		return exitOK
	}
	s.WriteTable(stdout)
	return exitOK
}

// sanitizers are the UBSan builds of --ubsan, for the compilers installed.
func sanitizers() []arith.Config {
	var out []arith.Config
	for _, cc := range []string{"gcc", "clang"} {
		if _, err := exec.LookPath(cc); err == nil {
			out = append(out, arith.Config{CC: cc, Opt: "O0", UBSan: true})
		}
	}
	return out
}

// checkCompilers reports a compiler that cannot be found.
func checkCompilers(cs []arith.Config) error {
	for _, c := range cs {
		if _, err := exec.LookPath(c.CC); err != nil {
			return fmt.Errorf("--cc: compiler %q not found", c.CC)
		}
	}
	return nil
}

const arithReduceUsage = "inka arith reduce [generation options] --cc CC --opt O [--out FILE] [--max-tests N] [--timeout D] [--cc-timeout D]"

func arithReduce(args []string, stdout, stderr io.Writer) int {
	fs, g := newArithFlags("arith reduce")
	cc := fs.String("cc", "", "the compiler the program fails with")
	opt := fs.String("opt", "", "its optimization level (O0, O1, O2, O3, Os)")
	out := fs.String("out", "", "write the reduced program to `FILE` (default: seed-S-reduced.c)")
	maxTests := fs.Int("max-tests", 0, "builds at most (0: 5000)")
	timeout := fs.Duration("timeout", 10*time.Second, "time limit of one run of a program")
	ccTimeout := fs.Duration("cc-timeout", time.Minute, "time limit of one compilation")
	if status, ok := arithFlags(fs, arithReduceUsage, args, stderr); !ok {
		return status
	}
	o, err := g.options()
	var configs []arith.Config
	if err == nil && (*cc == "" || *opt == "") {
		err = fmt.Errorf("give the failing configuration: --cc CC --opt O")
	}
	if err == nil {
		configs, err = arith.ParseConfigs(*cc, *opt)
	}
	if err == nil && len(configs) != 1 {
		err = fmt.Errorf("one compiler and one optimization level")
	}
	if err == nil {
		err = checkCompilers(configs)
	}
	if err != nil {
		fmt.Fprintf(stderr, "inka arith reduce: %v\n", err)
		return exitUsage
	}
	if *out == "" {
		*out = fmt.Sprintf("seed-%d-reduced.c", o.Seed)
	}
	p, err := arith.Generate(o)
	if err != nil {
		fmt.Fprintf(stderr, "inka arith reduce: %v\n", err)
		return exitInternal
	}
	dir, err := os.MkdirTemp("", "inka-arith-")
	if err != nil {
		fmt.Fprintf(stderr, "inka arith reduce: %v\n", err)
		return exitInternal
	}
	defer os.RemoveAll(dir)
	r := &arith.Runner{Dir: dir, CCTimeout: *ccTimeout, RunTimeout: *timeout}
	t0 := time.Now()
	red, file, err := arith.ReduceTo(p, configs[0], r, *maxTests, *out)
	if err != nil {
		fmt.Fprintf(stderr, "inka arith reduce: %v\n", err)
		if errors.Is(err, arith.ErrNoFailure) {
			return exitUsage
		}
		return exitInternal
	}
	fmt.Fprintf(stdout, "%s: %s: %d operators -> %d in %d builds, %.1f s\n",
		filepath.Clean(file), red.Outcome, red.Before, red.After, red.Tests, time.Since(t0).Seconds())
	return exitOK
}
