package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/inka-tool/inka/abi"
)

const abiUsage = "inka abi [--cc gcc,clang] [--opt O0,O2] [--ref CC] [--random N] [--pfsa] [--seed S] [--format text|json]   test calling conventions across compilers"

func init() { register("abi", abiUsage, runABI) }

// runABI implements `inka abi`: calling-convention tests across compilers
// (package abi).
func runABI(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("abi", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ccs := fs.String("cc", "gcc,clang", "the compilers, comma-separated: `[NAME=]CMD [FLAG]...`; a flag written caller:F or callee:F goes to that side only")
	opts := fs.String("opt", "O0,O2", "optimization `levels`, comma-separated, each given to both sides")
	ref := fs.String("ref", "", "the reference compiler's `NAME` (the diagnosis trusts it; default: the first of each pair)")
	random := fs.Int("random", 1000, "`N` random tests (Quest's generators)")
	pfsa := fs.Bool("pfsa", false, "also the PFSA suite: every transition pair of the SysV AMD64 placement automaton")
	seed := fs.Uint64("seed", 1, "the `seed` of the random tests and of the values")
	maxParams := fs.Int("max-params", 40, "longest PFSA path, in `arguments`")
	weights := fs.String("weights", "", "random types' weights, `name=W,...` (int, float, longdouble, int128, float128, pointer, enum, struct, union, packed, array, bitfield, alignas, void)")
	params := fs.Int("params", 16, "random tests: at most `N` named parameters")
	batch := fs.Int("batch", 100, "`N` tests per compiled file")
	jobs := fs.Int("jobs", 1, "`N` compilers and test programs at once")
	minimize := fs.Int("minimize", 5, "minimize the first test of the `N` largest failure groups")
	only := fs.String("test", "", "run only these test `IDs` (r12, p7, p7v, ...), comma-separated")
	dir := fs.String("dir", "", "work `directory` (default: a fresh one under the system's temporary directory); reproducers go to DIR/repro")
	format := fs.String("format", "text", "`text` or json")
	jsonFile := fs.String("json", "", "also write the JSON report to `FILE`")
	table := fs.Bool("table", false, "print the PFSA (states, transitions, outputs) and the suite's coverage; compile nothing")
	emit := fs.String("emit", "", "write the sources of the selected tests (--test) into `DIR`; compile nothing")
	pos, status, ok := parseCommand(fs, args)
	if !ok {
		return status
	}
	if len(pos) != 0 || *format != "text" && *format != "json" {
		fmt.Fprintln(stderr, "usage: "+abiUsage)
		return exitUsage
	}
	cfg := abi.DefaultConfig()
	cfg.Params[1] = *params
	if err := cfg.SetWeights(*weights); err != nil {
		fmt.Fprintf(stderr, "inka abi: %v\n", err)
		return exitUsage
	}
	if err := cfg.Check(); err != nil {
		fmt.Fprintf(stderr, "inka abi: %v\n", err)
		return exitUsage
	}
	if *table {
		return abiTable(stdout, *maxParams)
	}
	if *emit != "" {
		return abiEmit(stderr, *emit, cfg, *seed, *maxParams, split(*only))
	}
	o := abi.Options{Opts: split(*opts), Ref: *ref, Seed: *seed, Random: *random, PFSA: *pfsa, MaxParams: *maxParams,
		Config: cfg, Batch: *batch, Jobs: *jobs, Minimize: *minimize, Only: split(*only), Dir: *dir, Progress: stderr}
	if err := abiCompilers(&o, split(*ccs)); err != nil {
		fmt.Fprintf(stderr, "inka abi: %v\n", err)
		return exitUsage
	}
	if o.Dir == "" {
		d, err := os.MkdirTemp("", "inka-abi-")
		if err != nil {
			fmt.Fprintf(stderr, "inka abi: %v\n", err)
			return exitInternal
		}
		o.Dir = d
	}
	rep, err := abi.Run(o)
	if err != nil {
		fmt.Fprintf(stderr, "inka abi: %v\n", err)
		var te *abi.TargetError
		if errors.As(err, &te) {
			return exitUsage
		}
		return exitInternal
	}
	if err := writeABIReport(rep, *jsonFile, *format == "json", stdout, o.Dir); err != nil {
		fmt.Fprintf(stderr, "inka abi: %v\n", err)
		return exitInternal
	}
	if len(rep.Failures) > 0 {
		return exitInternal
	}
	return exitOK
}

// abiCompilers parses the --cc specs into o.Compilers and checks --ref
// and --opt against them.
func abiCompilers(o *abi.Options, specs []string) error {
	for _, spec := range specs {
		c, err := abi.ParseCompiler(spec)
		if err != nil {
			return err
		}
		o.Compilers = append(o.Compilers, c)
	}
	if o.Ref != "" && !hasCompiler(o.Compilers, o.Ref) {
		return fmt.Errorf("--ref %s is not one of --cc", o.Ref)
	}
	for _, l := range o.Opts {
		if !strings.HasPrefix(l, "O") {
			return fmt.Errorf("--opt %s: want O0, O1, O2, O3, Os...", l)
		}
	}
	return nil
}

// writeABIReport writes the report to jsonFile when one is named, and to
// stdout as JSON or as text (with the work directory).
func writeABIReport(rep *abi.Report, jsonFile string, asJSON bool, stdout io.Writer, dir string) error {
	if jsonFile != "" {
		f, err := os.Create(jsonFile)
		if err == nil {
			err = rep.WriteJSON(f)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			return err
		}
	}
	if asJSON {
		return rep.WriteJSON(stdout)
	}
	rep.WriteText(stdout)
	fmt.Fprintf(stdout, "\nwork directory: %s\n", dir)
	return nil
}

func hasCompiler(cs []*abi.Compiler, name string) bool {
	for _, c := range cs {
		if c.Name == name {
			return true
		}
	}
	return false
}

// abiTable prints the automaton and its suite's coverage.
func abiTable(w io.Writer, maxParams int) int {
	p := abi.SysV()
	fmt.Fprint(w, p.Table())
	paths := p.Suite(maxParams)
	tr, pr := p.Coverage(paths)
	fmt.Fprintf(w, "suite: %d paths (each also as a variadic test); %d/%d transitions, %d/%d transition pairs\n", len(paths), tr, len(p.Trans), pr, p.Pairs())
	return exitOK
}

// abiEmit writes the sources of the selected tests.
func abiEmit(stderr io.Writer, dir string, cfg abi.Config, seed uint64, maxParams int, ids []string) int {
	if len(ids) == 0 {
		fmt.Fprintln(stderr, "inka abi: --emit needs --test IDs")
		return exitUsage
	}
	tests, err := abi.TestsByID(ids, cfg, seed, maxParams)
	if err != nil {
		fmt.Fprintf(stderr, "inka abi: %v\n", err)
		return exitUsage
	}
	src := abi.Emit(tests, false)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(stderr, "inka abi: %v\n", err)
		return exitInternal
	}
	for name, data := range map[string][]byte{"abi.h": src.Header, "caller.c": src.Caller, "callee.c": src.Callee, "harness.c": src.Harness} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			fmt.Fprintf(stderr, "inka abi: %v\n", err)
			return exitInternal
		}
	}
	return exitOK
}
