package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/ir"
)

// multiFlag collects the values of a repeated flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(s string) error { *m = append(*m, s); return nil }

// frontendFlags are the preprocessor flags shared by the commands that read C.
type frontendFlags struct {
	includes, defines multiFlag
	ndebug            bool
	// conditions: lower with the conditions identified (the condition
	// criteria of cover), not a flag of its own.
	conditions bool
	// dataModel is --data-model (registerDataModel), or the task's
	// (inka testcomp).
	dataModel ir.DataModel
}

// dataModelFlag is the value of --data-model: lp64 or ilp32.
type dataModelFlag struct{ dm *ir.DataModel }

func (f dataModelFlag) String() string {
	if f.dm == nil {
		return "lp64"
	}
	return strings.ToLower(f.dm.String())
}

func (f dataModelFlag) Set(s string) error {
	dm, err := ir.ParseDataModel(s)
	if err != nil {
		return err
	}
	*f.dm = dm
	return nil
}

// registerDataModel adds --data-model, for the commands that read a plain
// C file (a Test-Comp task says its data model in its own way).
func (ff *frontendFlags) registerDataModel(fs *flag.FlagSet) {
	fs.Var(dataModelFlag{&ff.dataModel}, "data-model", "the target's data model: `lp64` (x86-64) or ilp32 (i386: long and pointers of 32 bits)")
}

func (ff *frontendFlags) register(fs *flag.FlagSet) {
	fs.Var(&ff.includes, "I", "add `DIR` to the include search path")
	fs.Var(&ff.defines, "D", "define macro `NAME[=VALUE]`")
	fs.BoolVar(&ff.ndebug, "ndebug", false, "compile assert() out (as -DNDEBUG)")
}

func (ff *frontendFlags) options() frontend.Options {
	return frontend.Options{IncludeDirs: ff.includes, Defines: ff.defines, NDEBUG: ff.ndebug, Conditions: ff.conditions, DataModel: ff.dataModel}
}

// parseArgs parses flags placed before or after the positional arguments.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// parseCommand parses a command's flags and positional arguments. When ok
// is false the command must return status at once: 0 after --help, 2 after
// a bad flag (the flag package has printed why).
func parseCommand(fs *flag.FlagSet, args []string) (pos []string, status int, ok bool) {
	pos, err := parseArgs(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, exitOK, false
		}
		return nil, exitUsage, false
	}
	return pos, exitOK, true
}

func init() {
	register("ir", "inka ir FILE.c [--func F] [-I DIR] [-D NAME[=VALUE]] [--ndebug]   print the normalized IR", runIR)
}

// runIR implements `inka ir FILE.c [--func F]`: the normalized IR of a
// function (with the functions it calls), or of every function of the file.
func runIR(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ir", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fn := fs.String("func", "", "lower function `F` (default: every function of the file)")
	var ff frontendFlags
	ff.register(fs)
	ff.registerDataModel(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: inka ir FILE.c [--func F] [-I DIR] [-D NAME[=VALUE]] [--ndebug]")
		fs.PrintDefaults()
	}
	pos, status, ok := parseCommand(fs, args)
	if !ok {
		return status
	}
	if len(pos) != 1 {
		fs.Usage()
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
	if len(funcs) == 0 {
		fmt.Fprintf(stderr, "%s: no function defined\n", file)
		return exitUsage
	}
	// With --func, the program of F (F and its callees); else every
	// function once, with the globals and externs of all.
	all := &ir.Program{File: file, DataModel: ff.dataModel}
	seenG, seenE := map[string]bool{}, map[string]bool{}
	for _, f := range funcs {
		p, err := u.Lower(f)
		if err != nil {
			return reportError(stderr, err)
		}
		if err := ir.SanityCheck(p); err != nil {
			fmt.Fprintf(stderr, "inka: internal error: invalid IR for %s: %v\n", f, err)
			return exitInternal
		}
		if *fn != "" {
			all = p
			break
		}
		all.Funcs = append(all.Funcs, p.Funcs[0])
		for _, g := range p.Globals {
			if !seenG[g.Name] {
				seenG[g.Name] = true
				all.Globals = append(all.Globals, g)
			}
		}
		for _, e := range p.Externs {
			if !seenE[e.Name] {
				seenE[e.Name] = true
				all.Externs = append(all.Externs, e)
			}
		}
	}
	fmt.Fprintf(stdout, "// inka ir %s\n", file)
	ir.Fprint(stdout, all)
	return exitOK
}
