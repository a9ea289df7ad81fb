package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/pointsto"
	"github.com/inka-tool/inka/ssa"
)

func init() {
	register("pssa", "inka pssa FILE.c --func F [--points-to] [--dot] [--line N]   print the Pointer-SSA form", runPSSA)
}

// analysis is a function made ready for the constraint side: inlined,
// its points-to analysis and its PSSA form.
type analysis struct {
	prog *ir.Program
	in   *ir.Inlined
	pt   *pointsto.Result
	ssa  *ssa.Func
}

// analyse lowers fn of file and builds its points-to analysis and PSSA
// form, with the pointer inputs' objects of the default input shape.
func analyse(u *frontend.Unit, fn string, maxInline int) (*analysis, error) {
	p, err := u.Lower(fn)
	if err != nil {
		return nil, err
	}
	// Any pointer input may be NULL, as a caller may pass it: the listing
	// shows what holds for every call (testgen narrows NULL inputs to
	// those the code tests, to search tests).
	e, err := pointsto.AnalyzeEntry(p, maxInline, true)
	if err != nil {
		return nil, err
	}
	sf, err := ssa.Build(e.Inlined.Func, e.Result)
	if err != nil {
		return nil, err
	}
	return &analysis{prog: p, in: e.Inlined, pt: e.Result, ssa: sf}, nil
}

// runPSSA implements `inka pssa FILE.c --func F`: the normalized code
// beside its Pointer-SSA form; --points-to lists the points-to relations
// at each statement; --dot writes the points-to graph (at --line N, or at
// the function's exit) as Graphviz.
func runPSSA(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pssa", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fn := fs.String("func", "", "function `F` (default: every function of the file)")
	showPT := fs.Bool("points-to", false, "list the points-to relations before each statement")
	dot := fs.Bool("dot", false, "write the points-to graph as Graphviz DOT instead")
	line := fs.Int("line", 0, "with --dot: the graph before the first statement of line `N` (default: at exit)")
	allNodes := fs.Bool("temps", false, "with --dot: also show temporaries")
	var ff frontendFlags
	ff.register(fs)
	pos, status, ok := parseCommand(fs, args)
	if !ok {
		return status
	}
	if len(pos) != 1 {
		fmt.Fprintln(stderr, "usage: inka pssa FILE.c --func F [--points-to] [--dot [--line N]]")
		return exitUsage
	}
	file := pos[0]
	u, err := frontend.Load(file, ff.options())
	if err != nil {
		return reportError(stderr, err)
	}
	funcs := u.Functions()
	if *fn != "" {
		funcs = []string{*fn}
	}
	for i, f := range funcs {
		a, err := analyse(u, f, 8)
		if err != nil {
			return reportAnalysisError(stderr, err)
		}
		if *dot {
			g, ok := a.pt.AtLine(*line)
			if !ok {
				fmt.Fprintf(stderr, "%s:%d:1: no statement of %s on line %d\n", file, *line, f, *line)
				return exitUsage
			}
			pointsto.WriteDot(stdout, f, g, *allNodes)
			continue
		}
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		if *showPT {
			fmt.Fprintf(stdout, "points-to %s\n", f)
			a.pt.Fprint(stdout)
			fmt.Fprintln(stdout)
		}
		ssa.Fprint(stdout, a.ssa)
	}
	return exitOK
}

// reportAnalysisError prints err as reportError does, and treats the
// pointer uses the points-to analysis or the PSSA construction refuse
// (pointer arithmetic beyond array indexing, an object reinterpreted as
// another type, pointers in unions, dereferences of unknown pointers) as
// unsupported input: "file:line:col: unsupported: ..." and status 2.
func reportAnalysisError(stderr io.Writer, err error) int {
	var ue *pointsto.UnsupportedError
	if errors.As(err, &ue) {
		fmt.Fprintln(stderr, ue.Error())
		return exitUsage
	}
	return reportError(stderr, err)
}
