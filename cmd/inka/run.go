package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
)

const runUsage = "inka run FILE.c --func F [--args i=5,j=3] [--globals g=1] [--use-initializers]   run the interpreter"

func init() { register("run", runUsage, runRun) }

// runRun implements `inka run`: one run of the concrete interpreter, the
// reference semantics every reported test is replayed with. It prints the
// return value, the decision outcomes taken in order, the final values
// and any undefined behaviour with its position. The exit status is 0
// whatever the C program did (UB included: that is an answer, not an
// error of inka's), 2 for bad input.
func runRun(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fn := fs.String("func", "", "run function `F`")
	argSpec := fs.String("args", "", "inputs: comma-separated `PATH=VALUE` (i=5,p[0]=3,q=NULL,f()=7 for extern f's next return)")
	globSpec := fs.String("globals", "", "global inputs, same syntax as --args")
	useInit := fs.Bool("use-initializers", false, "globals start from their initializers instead of being inputs")
	arrayLen := fs.Int("array-len", ir.DefaultArrayLen, "elements of the fresh object behind a pointer input")
	maxDepth := fs.Int("max-depth", ir.DefaultMaxDepth, "levels of fresh objects behind pointer inputs (the pointers below them are NULL)")
	maxSteps := fs.Int64("max-steps", 10_000_000, "stop after this many statements")
	var ff frontendFlags
	ff.register(fs)
	ff.registerDataModel(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: "+runUsage)
		fs.PrintDefaults()
	}
	pos, status, ok := parseCommand(fs, args)
	if !ok {
		return status
	}
	if len(pos) != 1 || *fn == "" {
		fs.Usage()
		return exitUsage
	}
	file := pos[0]
	u, err := frontend.Load(file, ff.options())
	if err != nil {
		return reportError(stderr, err)
	}
	p, err := u.Lower(*fn)
	if err != nil {
		return reportError(stderr, err)
	}
	cfg := interp.Config{PtrArrayLen: *arrayLen, PtrDepth: *maxDepth, MaxSteps: *maxSteps, UseInitializers: *useInit}
	if _, err := interp.Command(stdout, p, *fn, *argSpec, *globSpec, cfg); err != nil {
		fmt.Fprintf(stderr, "inka run: %v\n", err)
		return exitUsage
	}
	return exitOK
}
