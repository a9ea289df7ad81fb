package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/inka-tool/inka/harness"
)

const validateUsage = "inka validate DIR [--cc gcc,clang] [--opt O0,O2] [--no-coverage] [--werror] [--junit FILE]   compile and run a harness with each compiler, confirm its coverage"

func init() { register("validate", validateUsage, runValidate) }

// runValidate implements `inka validate DIR`. Its exit status is 0 when
// every build passes every test and the coverage is confirmed, 1 when
// something disagrees (the report says what), 2 for bad usage.
func runValidate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ccs := fs.String("cc", "gcc,clang", "compilers, comma-separated")
	opts := fs.String("opt", "O0,O2", "optimization levels, comma-separated")
	noCov := fs.Bool("no-coverage", false, "do not confirm the coverage with gcc (probes and gcov)")
	werror := fs.Bool("werror", false, "compile the harness with -Werror")
	timeout := fs.Duration("timeout", 0, "time limit of each run of the harness (default 30s)")
	junit := fs.String("junit", "", "also write the report as JUnit XML into `FILE`, for CI servers")
	pos, status, ok := parseCommand(fs, args)
	if !ok {
		return status
	}
	if len(pos) != 1 {
		fmt.Fprintln(stderr, "usage: "+validateUsage)
		return exitUsage
	}
	var levels []string
	for _, o := range split(*opts) {
		o = strings.TrimPrefix(o, "-")
		if len(o) < 2 || o[0] != 'O' {
			fmt.Fprintf(stderr, "inka validate: bad optimization level %q (want O0, O1, O2, O3, Os)\n", o)
			return exitUsage
		}
		levels = append(levels, o)
	}
	r, err := harness.Validate(pos[0], harness.ValidateOptions{CCs: split(*ccs), Opts: levels,
		Coverage: !*noCov, Werror: *werror, Timeout: *timeout})
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", pos[0], err)
		return exitUsage
	}
	r.Write(stdout)
	if *junit != "" {
		if err := writeJUnit(*junit, r); err != nil {
			fmt.Fprintf(stderr, "inka validate: %v\n", err)
			return exitInternal
		}
	}
	if !r.OK() {
		return exitInternal
	}
	return exitOK
}

func split(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
