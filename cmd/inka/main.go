// Command inka generates test data for C functions by constraint solving.
//
// Usage:
//
//	inka <command> [arguments]
//
// Each command lives in its own file (ir.go, ...) as a function
// run<Command>(args []string, stdout, stderr io.Writer) int returning the
// exit status (0 done, 1 internal failure, 2 bad usage or unsupported
// input), which the file registers from an init function:
//
//	func init() { register("ir", "inka ir FILE.c [--func F] ...", runIR) }
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"sort"
)

// A command of the inka tool.
type command struct {
	run   func(args []string, stdout, stderr io.Writer) int
	usage string
}

var commands = map[string]command{}

// register adds a command; usage is its one-line synopsis.
func register(name, usage string, run func(args []string, stdout, stderr io.Writer) int) {
	if _, dup := commands[name]; dup {
		panic("inka: command registered twice: " + name)
	}
	commands[name] = command{run: run, usage: usage}
}

// Exit statuses.
const (
	exitOK       = 0
	exitInternal = 1
	exitUsage    = 2
)

func main() {
	os.Exit(profiled(os.Getenv("INKA_CPUPROFILE"), func() int {
		return run(os.Args[1:], os.Stdout, os.Stderr)
	}))
}

// profiled runs f, writing a CPU profile of it to file when file is not
// empty (INKA_CPUPROFILE=FILE inka ...: for `go tool pprof`, when a goal is
// slower than it should be).
func profiled(file string, f func() int) int {
	if file == "" {
		return f()
	}
	out, err := os.Create(file)
	if err != nil {
		fmt.Fprintf(os.Stderr, "inka: INKA_CPUPROFILE: %v\n", err)
		return exitUsage
	}
	defer out.Close()
	if err := pprof.StartCPUProfile(out); err != nil {
		fmt.Fprintf(os.Stderr, "inka: INKA_CPUPROFILE: %v\n", err)
		return exitInternal
	}
	defer pprof.StopCPUProfile()
	return f()
}

// run dispatches to the command named by args[0].
func run(args []string, stdout, stderr io.Writer) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "inka: internal error: %v\n", r)
			status = exitInternal
		}
	}()
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "inka: unknown command %q\n", args[0])
		usage(stderr)
		return exitUsage
	}
	return c.run(args[1:], stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: inka <command> [arguments]")
	fmt.Fprintln(w, "commands:")
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %s\n", commands[n].usage)
	}
}
