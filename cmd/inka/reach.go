package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/inka-tool/inka/budget"
	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/report"
	"github.com/inka-tool/inka/testgen"
)

func init() {
	register("reach", "inka reach FILE.c:LINE[:true|false] [--func F] [--all N] [--format text|json]   inputs reaching a statement or decision outcome", runReach)
}

// genFlags are the budget flags shared by reach and cover.
type genFlags struct {
	steps     int64
	timeout   time.Duration
	total     time.Duration
	run       *budget.B // the run's budget, from the first totalBudget call
	maxUnroll int
	maxInline int
	seed      uint64
	arrayLen  int
	maxLen    int
	maxDepth  int
	useInit   bool
	engine    string
	dumpSMT2  string
	check     bool
	prepass   int64
}

func (g *genFlags) register(fs *flag.FlagSet) {
	g.steps, g.timeout = budget.DefaultSteps, testgen.DefaultTimeout
	fs.Func("steps", fmt.Sprintf("work budget per goal, in steps (propagations, search nodes, statements replayed): the answers do not depend on the machine (1..10^12, default %d)", budget.DefaultSteps),
		int64In(&g.steps, 1, 1e12))
	fs.Func("timeout", fmt.Sprintf("guard per goal in CPU time, above what --steps takes, and %d times that in wall clock (a duration > 0, default %v)", testgen.WallFactor, testgen.DefaultTimeout),
		durationIn(&g.timeout, false))
	fs.Func("total-timeout", "time budget for the whole run: then the answers so far, the rest unknown (a duration > 0; default none)",
		durationIn(&g.total, false))
	g.maxUnroll, g.maxInline, g.arrayLen = 64, 8, ir.DefaultArrayLen
	fs.Func("max-unroll", "loop iterations unrolled first: a goal they leave unknown is tried again with 4 and 16 times as many (1..100000, default 64)", intIn(&g.maxUnroll, 1, 100000))
	fs.Func("max-inline", "nested calls of the file's functions inlined first (recursion bound): a goal it leaves unknown is tried again with 2 and 4 times as many (1..64, default 8)", intIn(&g.maxInline, 1, 64))
	fs.Uint64Var(&g.seed, "seed", 0, "seed of the search (the output is deterministic for a seed)")
	// Every element of the objects behind pointer inputs is a variable of
	// the model: thousands make every goal slow, so the range is bounded.
	fs.Func("array-len", "elements of the object behind a pointer input (1..1024, default 4)", intIn(&g.arrayLen, 1, 1024))
	g.maxDepth = ir.DefaultMaxDepth
	fs.Func("max-depth", fmt.Sprintf("levels of fresh objects behind pointer inputs, a linked list's nodes for one: the pointers below them are NULL (1..%d, default %d)", ir.MaxInputDepth, ir.DefaultMaxDepth),
		intIn(&g.maxDepth, 1, ir.MaxInputDepth))
	g.maxLen = testgen.DefaultMaxLen
	fs.Func("max-len", fmt.Sprintf("longest string or buffer behind a pointer input tried for a goal that needs inputs longer than --array-len (1..1024, default %d; at most --array-len: none)", testgen.DefaultMaxLen),
		intIn(&g.maxLen, 1, 1024))
	fs.BoolVar(&g.useInit, "use-initializers", false, "globals start from their initializers instead of being inputs")
	fs.BoolVar(&g.check, "check", false, "debugging: run the sanity checkers of the IR, the points-to results and the Pointer-SSA after every transformation (a broken rule is reported, a bug of inka)")
	g.engine = testgen.EngineAuto
	fs.Func("engine", "solver: fd (finite domains), sat (bit-blasting to gini) or auto (a choice per goal, the default)", func(s string) error {
		switch s {
		case testgen.EngineFD, testgen.EngineSAT, testgen.EngineAuto:
			g.engine = s
			return nil
		}
		return fmt.Errorf("want fd, sat or auto")
	})
	fs.StringVar(&g.dumpSMT2, "dump-smt2", "", "write the SMT-LIB (QF_BV) reachability query of every goal into `DIR`")
	g.prepass = testgen.DefaultPrepassSteps
	fs.Func("prepass-steps", fmt.Sprintf("cover: interpreter steps of the concrete pre-pass, runs on boundary, constant and random inputs before the solver (0: no pre-pass; 0..10^12, default %d)", testgen.DefaultPrepassSteps),
		int64In(&g.prepass, 0, 1e12))
}

// prepare makes the directory of --dump-smt2.
func (g *genFlags) prepare() error {
	if g.dumpSMT2 == "" {
		return nil
	}
	if err := os.MkdirAll(g.dumpSMT2, 0o755); err != nil {
		return &usageError{"--dump-smt2: " + err.Error()}
	}
	return nil
}

// report returns the options as the inka/v1 output records them.
func (g *genFlags) report() *report.Options {
	return &report.Options{ArrayLen: g.arrayLen, MaxLen: g.maxLen, MaxDepth: g.maxDepth, UseInitializers: g.useInit,
		MaxUnroll: g.maxUnroll, MaxInline: g.maxInline, Steps: g.steps, TimeoutMS: g.timeout.Milliseconds(),
		TotalTimeoutMS: g.total.Milliseconds(), Seed: g.seed, Engine: g.engine, PrepassSteps: g.prepass}
}

// int64In returns a flag setter that parses an integer in lo..hi into p.
func int64In(p *int64, lo, hi int64) func(string) error {
	return func(s string) error {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < lo || n > hi {
			return fmt.Errorf("want an integer in %d..%d", lo, hi)
		}
		*p = n
		return nil
	}
}

// durationIn returns a flag setter that parses a duration > 0 (≥ 0 with
// zero) into p.
func durationIn(p *time.Duration, zero bool) func(string) error {
	return func(s string) error {
		d, err := time.ParseDuration(s)
		if err != nil || d < 0 || (d == 0 && !zero) {
			return fmt.Errorf("want a duration > 0, such as 10s or 2m")
		}
		*p = d
		return nil
	}
}

// intIn returns a flag setter that parses an integer in lo..hi into p.
func intIn(p *int, lo, hi int) func(string) error {
	return func(s string) error {
		n, err := strconv.Atoi(s)
		if err != nil || n < lo || n > hi {
			return fmt.Errorf("want an integer in %d..%d", lo, hi)
		}
		*p = n
		return nil
	}
}

// options returns the generator's options; total is the run's budget.
func (g *genFlags) options(total *budget.B) testgen.Options {
	return testgen.Options{Steps: g.steps, Timeout: g.timeout, Total: total, MaxUnroll: g.maxUnroll,
		MaxInline: g.maxInline, Seed: g.seed, ArrayLen: g.arrayLen, MaxLen: g.maxLen, PtrDepth: g.maxDepth, UseInitializers: g.useInit,
		Engine: g.engine, DumpSMT2: g.dumpSMT2, Check: g.check, PrepassSteps: prepassOption(g.prepass)}
}

// prepassOption maps --prepass-steps (0: none) to testgen's option (0:
// the default, negative: none).
func prepassOption(n int64) int64 {
	if n == 0 {
		return -1
	}
	return n
}

// totalBudget returns the budget of the run (nil without --total-timeout):
// its clock starts at the first call, which the commands make as soon as
// their flags are parsed, so that loading the file counts.
func (g *genFlags) totalBudget() *budget.B {
	if g.total > 0 && g.run == nil {
		g.run = budget.New(0, time.Now().Add(g.total))
	}
	return g.run
}

// target is a parsed FILE.c:LINE[:OUTCOME].
type target struct {
	file    string
	line    int
	outcome string // "" for a statement
}

func parseTarget(s string) (target, error) {
	// FILE may contain ':' only in odd paths; split from the right on the
	// first component that is a number.
	parts := strings.Split(s, ":")
	for i := len(parts) - 1; i >= 1; i-- {
		n, err := strconv.Atoi(parts[i])
		if err != nil || n <= 0 {
			continue
		}
		t := target{file: strings.Join(parts[:i], ":"), line: n, outcome: strings.Join(parts[i+1:], ":")}
		if t.file == "" {
			break
		}
		return t, nil
	}
	return target{}, &frontend.Error{Msg: fmt.Sprintf("bad goal %q: want FILE.c:LINE or FILE.c:LINE:true|false", s)}
}

// funcOnLine returns the function of u with a statement on line.
func funcOnLine(u *frontend.Unit, file string, line int) (string, error) {
	if f := u.FunctionAt(line); f != "" {
		return f, nil
	}
	return "", lineError(file, line, "no statement on line %d", line)
}

// lineError is an error of the input at the start of a line.
func lineError(file string, line int, format string, args ...any) error {
	return &frontend.Error{Pos: ir.Pos{File: file, Line: line, Col: 1}, Msg: fmt.Sprintf(format, args...)}
}

func hasLine(ss []ir.Stmt, line int) bool {
	for _, s := range ss {
		if s.Position().Line == line {
			return true
		}
		switch s := s.(type) {
		case *ir.If:
			if hasLine(s.Then, line) || hasLine(s.Else, line) {
				return true
			}
		case *ir.While:
			if hasLine(s.Pre, line) || hasLine(s.Body, line) {
				return true
			}
		}
	}
	return false
}

// findGoal turns a target into a goal of g's function.
func findGoal(g *testgen.Generator, t target) (testgen.Goal, error) {
	if t.outcome == "" {
		if !hasLine(g.Fn.Body, t.line) {
			return testgen.Goal{}, lineError(t.file, t.line, "no statement of %s on line %d", g.Fn.Name, t.line)
		}
		return testgen.Goal{Kind: testgen.StatementGoal, File: g.Fn.Pos.File, Line: t.line}, nil
	}
	var best *testgen.Goal
	for _, gl := range append(g.Decisions(), g.Assertions()...) {
		if gl.Dec.Pos.Line != t.line || gl.Dec.Outcomes[gl.Outcome] != t.outcome {
			continue
		}
		if best == nil || gl.Dec.Pos.Col < best.Dec.Pos.Col {
			gl := gl
			best = &gl
		}
	}
	if best == nil {
		return testgen.Goal{}, lineError(t.file, t.line, "no decision with outcome %q on line %d", t.outcome, t.line)
	}
	return *best, nil
}

// runReach implements `inka reach FILE.c:LINE[:OUTCOME]`.
func runReach(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("reach", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fn := fs.String("func", "", "function `F` (default: the one with a statement on LINE)")
	all := 1
	fs.Func("all", "enumerate up to `N` distinct tests (1..100000, default 1)", intIn(&all, 1, 100000))
	format := fs.String("format", "text", "output format: text or json")
	var gf genFlags
	gf.register(fs)
	var ff frontendFlags
	ff.register(fs)
	ff.registerDataModel(fs)
	pos, status, ok := parseCommand(fs, args)
	if !ok {
		return status
	}
	gf.totalBudget()
	if len(pos) != 1 || (*format != "text" && *format != "json") {
		fmt.Fprintln(stderr, "usage: inka reach FILE.c:LINE[:true|false] [--func F] [--all N] [--format text|json]")
		return exitUsage
	}
	out := &failure{stdout: stdout, stderr: stderr, json: *format == "json", file: pos[0], fn: *fn}
	t, err := parseTarget(pos[0])
	if err != nil {
		return out.fail(err)
	}
	out.file = t.file
	if err := gf.prepare(); err != nil {
		return out.fail(err)
	}
	u, err := frontend.Load(t.file, ff.options())
	if err != nil {
		return out.fail(err)
	}
	name := *fn
	if name == "" {
		if name, err = funcOnLine(u, t.file, t.line); err != nil {
			return out.fail(err)
		}
	}
	out.fn = name
	p, err := u.Lower(name)
	if err != nil {
		return out.fail(err)
	}
	g, err := testgen.NewGenerator(p, gf.options(gf.totalBudget()))
	if err != nil {
		return out.fail(err)
	}
	goal, err := findGoal(g, t)
	if err != nil {
		return out.fail(err)
	}
	r := g.Reach(goal, all)
	if f := g.SanityFailures(); len(f) > 0 {
		fmt.Fprintf(stderr, "inka: %s\n", strings.Join(f, "\ninka: "))
		return exitInternal
	}
	run := report.FromReach(t.file, name, r)
	run.Options = gf.report()
	run.Options.DataModel = ff.dataModel.NonDefault()
	if *format == "json" {
		if err := report.WriteJSON(stdout, run); err != nil {
			fmt.Fprintf(stderr, "inka: %v\n", err)
			return exitInternal
		}
		return exitOK
	}
	report.WriteText(stdout, run)
	return exitOK
}
