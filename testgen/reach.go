// Package testgen generates tests for goals: a decision outcome or a
// statement of a C function. It builds the points-to analysis, the
// Pointer-SSA form and the constraint model of the function once, with a
// reach indicator per decision outcome (model.Options.Reach); for each
// decision goal it opens a choice point, posts the request "the goal's
// indicator is 1", propagates, labels the inputs, and pops. A statement
// goal, and the model cut at a goal (below), instrument the function with
// a flag set where the goal is reached (goal.go) and get a model of their
// own, whose request is "the flag is 1 at the end". Every solution is
// replayed by the concrete interpreter before it is reported: a replay
// that does not reach the goal is a bug, never a test.
//
// Every answer is one of:
//   - covered: with a test the interpreter replayed without undefined
//     behaviour or assertion failure, and saw reach the goal;
//   - unreachable: the model of the executions that reach the goal, cut
//     there so that nothing after the goal constrains the inputs, was
//     proved contradictory with no approximation on the way (no unrolling
//     bound hit, nothing unsupported met, search complete);
//   - unknown: with the reason (budget, bound, unsupported construct, or
//     a goal reached only by executions that go wrong afterwards).
//
// A goal is first searched on the model of the runs that return normally
// (which give tests), then on the model cut at the goal (which alone
// proves unreachability, or shows a run that reaches the goal and then
// goes wrong). In the cut model the flag is set as the goal is reached and
// everything after it, the rest of the branch that starts there included,
// runs only while the flag is 0: a failing assertion or undefined
// behaviour right after a decision must not make the decision
// unreachable. The cut model also stops at the places the model does not
// follow (cut points: a call past the recursion bound, a call of the C
// library inka does not model), so that a proof covers the runs through
// them, and gives every read of a volatile object a fresh value (goal.go).
// Undefined callees follow the stub contract of stubs.go; a proof that
// holds only under that contract or for inka's input shapes is unknown
// (assume.go).
package testgen

import (
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/inka-tool/inka/budget"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/pointsto"
)

// Status is the answer for a goal.
type Status int

const (
	Covered Status = iota
	Unreachable
	Unknown
)

var statusNames = [...]string{"covered", "unreachable", "unknown"}

func (s Status) String() string { return statusNames[s] }

// Options bound the work on a goal.
//
// The work is counted in steps (package budget): points-to transfers,
// propagator runs, search nodes, statements replayed. Steps make the
// answers the same on any machine; Timeout (CPU time, under a wall clock
// WallFactor times larger) and Total's deadline are only outer guards.
type Options struct {
	Steps     int64         // step budget per goal (default budget.DefaultSteps)
	Timeout   time.Duration // CPU-time guard per goal (default 60 s; see guarded)
	MaxUnroll int           // loop iterations (default 64)
	MaxInline int           // nested calls inlined (default 8)
	MaxNodes  int64         // search nodes per goal (0: no limit)
	Seed      uint64
	// Total is the budget of the whole run (nil: none): every goal's
	// budget is a child of it, and the setup of the generator spends
	// from it. When it is exhausted the goals left are unknown.
	Total *budget.B
	// UseInitializers: globals start from their initializers instead of
	// being inputs.
	UseInitializers bool
	ArrayLen        int // elements behind a T* input (default 4)
	// MaxLen bounds the length of the input objects whose elements hold
	// no pointer (strings, buffers) when a goal needs longer ones than
	// ArrayLen (grow.go): default DefaultMaxLen; at most ArrayLen, no
	// growth.
	MaxLen int
	// flatLen is the length of those objects in this generator (0:
	// ArrayLen): set on the generators of longer inputs.
	flatLen int
	// deepened counts the times the bounds grew (deepen.go) on the way to
	// this generator.
	deepened int
	// depth is the depth of the linked input objects in this generator
	// (0: PtrDepth): set on the generators of deeper inputs (linked.go).
	depth int
	// maxRec bounds the activations of a function on a chain of inlined
	// calls (ir.InlineRec; 0: only MaxInline): set on the shallow
	// generator (shallow.go).
	maxRec int
	// goalShare > 0: a goal's search gets Steps/goalShare (the analyses
	// and the models get Steps): set on the shallow generator.
	goalShare int64
	PtrDepth  int // levels of fresh objects behind pointer inputs (default 3)
	// Engine picks the solver (portfolio.go): EngineFD, EngineSAT, or
	// EngineAuto (the default) for a choice per goal.
	Engine string
	// PrepassSteps is the budget of the concrete pre-pass of a coverage
	// run (prepass.go), in interpreter steps: 0 is DefaultPrepassSteps,
	// negative none.
	PrepassSteps int64
	// NoSolver leaves the goals the pre-pass does not cover unknown (the
	// pre-pass alone: a baseline for benchmarks).
	NoSolver bool
	// Baseline, when > 0, makes the pre-pass the random-testing baseline
	// of bench/hybrid: plain random draws (no boundary values, constants
	// or mutations) until Clock says Baseline has passed, whether or not
	// runs still find new goals. For benchmarks only: the answers then
	// depend on the clock.
	Baseline time.Duration
	// BaselineMost, when > 0, stops the baseline once it has covered that
	// many goals: bench/hybrid passes the goals the full run did not prove
	// unreachable, past which no run can find anything new.
	BaselineMost int
	// Clock measures GoalStatus.At and Baseline from the start of a
	// coverage run (nil: the wall clock).
	Clock func() time.Duration
	// DumpSMT2 names a directory where the SMT-LIB query of every goal is
	// written (sat.go); empty: none.
	DumpSMT2 string
	// Check runs the sanity checkers of the three forms after every
	// transformation (debugging, and the tests): ir.SanityCheckInlined
	// after the inlining, the stubs' stores and each goal's
	// instrumentation, pointsto.SanityCheck after each analysis,
	// ssa.SanityCheck after each Pointer-SSA. A failure is recorded
	// (Generator.SanityFailures) and the goal is unknown with it.
	Check bool
	// StopsCover: a run that reaches the goal and then ends the program
	// (abort, exit, a failed assertion: Test-Comp's error call) covers it,
	// as in the competition, where the test of an error ends there and a
	// harness stops the runs an assumption excludes. Otherwise only a run
	// that returns does (or, for an assertion's false outcome, one that
	// fails there). A run with undefined behaviour never does.
	StopsCover bool
	// AllocNeverFails: every allocation succeeds, as Test-Comp and
	// SV-COMP take malloc (their exchange format has no way to say that
	// one fails). The pre-pass and the replays make none fail, and the
	// model's allocations do not fail (the branches of a failure are
	// unreachable under that rule).
	AllocNeverFails bool
}

// DefaultTimeout is the default time guard of a goal: CPU time far above
// what the default step budget takes, so that it fires only on a machine
// many times slower than usual, however busy.
const DefaultTimeout = 60 * time.Second

// WallFactor is how many times Timeout a goal may take on the wall clock:
// the outer guard of a process that gets a small share of the cores (on a
// machine many times overloaded), so that a run still ends.
const WallFactor = 10

// guarded returns a child of the run's budget of steps, guarded by
// Timeout of CPU time and WallFactor times that of wall clock: the guard
// of a goal and of the work charged to one (analyses, models). Under load
// a goal's steps take longer on the wall clock but not in CPU time, so the
// guard does not make its answer depend on the load.
func (o Options) guarded(name string, steps int64) *budget.B {
	return o.Total.Child(name, steps, time.Now().Add(WallFactor*o.Timeout)).WithCPU(o.Timeout)
}

func (o Options) withDefaults() Options {
	if o.Steps <= 0 {
		o.Steps = budget.DefaultSteps
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MaxUnroll <= 0 {
		o.MaxUnroll = 64
	}
	if o.MaxInline <= 0 {
		o.MaxInline = 8
	}
	if o.ArrayLen <= 0 {
		o.ArrayLen = ir.DefaultArrayLen
	}
	if o.MaxLen == 0 {
		o.MaxLen = DefaultMaxLen
	}
	if o.PtrDepth <= 0 {
		o.PtrDepth = 3
	}
	if o.Engine == "" {
		o.Engine = EngineAuto
	}
	return o
}

// Stats are the solvers' figures for one goal (the paper's #c and #pr for
// fd; ticks of propagations and solver calls for gini).
type Stats struct {
	Constraints, Prunings, Nodes, Failures, Propagations, Trials int64
	// Steps is the work spent on the goal (package budget).
	Steps int64
	// PrepassRuns and PrepassSteps are the runs of the concrete pre-pass
	// and the interpreter steps they took (a coverage run's).
	PrepassRuns, PrepassSteps int64
	SATTicks, SATSolves       int64
	Time                      time.Duration
}

func (s *Stats) sub(t Stats) {
	s.Steps -= t.Steps
	s.Constraints -= t.Constraints
	s.Prunings -= t.Prunings
	s.Nodes -= t.Nodes
	s.Failures -= t.Failures
	s.Propagations -= t.Propagations
	s.Trials -= t.Trials
	s.SATTicks -= t.SATTicks
	s.SATSolves -= t.SATSolves
	s.Time -= t.Time
}

// Add adds the figures of t to s (a client that answers goals one by one,
// package mcdc, sums their Stats).
func (s *Stats) Add(t Stats) {
	s.PrepassRuns += t.PrepassRuns
	s.PrepassSteps += t.PrepassSteps
	s.Constraints += t.Constraints
	s.Prunings += t.Prunings
	s.Nodes += t.Nodes
	s.Failures += t.Failures
	s.Propagations += t.Propagations
	s.Trials += t.Trials
	s.Steps += t.Steps
	s.SATTicks += t.SATTicks
	s.SATSolves += t.SATSolves
	s.Time += t.Time
}

// GoalResult is the answer for one goal.
type GoalResult struct {
	Goal   Goal
	Status Status
	Reason string  // for unknown (and a note for unreachable)
	Tests  []*Test // covered: at least one
	// Domains are the input domains left by propagation alone, before any
	// labeling (the paper's first request), by access path.
	Domains map[string]string
	Stats   Stats
	// Spurious counts the solutions of the model that the replay did not
	// confirm (each one is a bug of inka, reported in Reason if no test
	// was found).
	Spurious int
	// Engine is the engine that answered (EngineFD, EngineSAT, or
	// "constant" for an outcome a constant condition never takes); for an
	// unknown goal, the last one that tried.
	Engine string
	// NoTest: an unknown answer after a complete search on an exact
	// model, which only the input model's caveat in Reason keeps from
	// being a proof: no test exists for inka's input model, and the other
	// engine, under the same caveat, has nothing to add.
	NoTest bool
}

// Generator answers goals on one function.
type Generator struct {
	Prog    *ir.Program
	Fn      *ir.Func
	Opts    Options
	inlined *ir.Inlined
	shape   *ir.InputShape
	inputs  map[*ir.Var]bool
	nullOK  map[string]bool
	// defs and bitDecs serve the engine choice of each goal
	// (portfolio.go), computed once for the function.
	defs    *defIndex
	bitDecs map[*ir.Decision]level
	// returns maps the calls whose pointer results are inputs to the
	// roots of their objects in shape (ir.StubReturns, stubptr.go).
	returns map[*ir.Call]string
	// modelFn is the inlined function with the stores of the stubs made
	// explicit (stubs.go): the function the models are built from.
	modelFn *ir.Func
	// writeOf maps the synthetic externs of those stores to the extern
	// whose call makes them.
	writeOf map[*ir.Extern]*ir.Extern
	// allocFails is the synthetic extern whose calls say which
	// allocations fail in the model (heapsites.go), nil until needed.
	allocFails *ir.Extern
	// changed are the statics a callee could change by calling back into
	// the file (callbackWrites).
	changed map[*ir.Var]bool
	// shared is the model every decision goal is answered on, built on
	// first use.
	shared *shared
	// sharePaths: the goals of a coverage run keep the branches above
	// the last goal set on the shared model (paths, paths.go).
	sharePaths bool
	paths      []pathLevel
	// ownPaths turns the sharing off (tests: what it saves).
	ownPaths bool
	// setupErr is why the generator could not be set up within the total
	// budget: every goal is unknown with it.
	setupErr error
	// argOrder is Test.ArgOrder.
	argOrder []string
	// covered are the decision outcomes the tests of a coverage run cover
	// so far: a search prefers the others (searcher.elseFirst).
	done map[outcome]bool
	// near are, for each decision outcome of a coverage run that the
	// pre-pass did not cover, the inputs of its first run that reached
	// the decision: the values labeling tries first (searcher.hints).
	near map[outcome]map[string]interp.Val
	// sat is the bit-level engine of the function, built on first use.
	sat *satEngine
	// sanity lists the failures of the checkers (Options.Check).
	sanity []string
	// longer is the generator of the same function on longer inputs
	// (grow.go), built on first use; noLonger when there is none.
	longer   *Generator
	noLonger bool
	// deeper is the generator of the function with deeper bounds
	// (deepen.go), built on first use; noDeeper when there is none.
	deeper   *Generator
	noDeeper bool
	// linked is the generator of the function on linked inputs one
	// level deeper (linked.go), built on first use; noLinked when there
	// is none.
	linked   *Generator
	noLinked bool
	// shallow is the generator of the function with its recursion
	// inlined shallow (shallow.go), built on first use; noShallow when
	// there is none.
	shallow   *Generator
	noShallow bool
	// quick is set during the quick round of a coverage run (cover.go).
	quick bool
	// quickLeft holds the reasons of the goals the quick round left
	// unknown, by goal ID: the probes do not search again on these inputs
	// what the quick round searched with more steps (probe.go).
	quickLeft map[string]string
	// walks says whether the function walks its input arrays (probe.go):
	// 0 not known yet, 1 yes, 2 no.
	walks int8
	// twice is the generator of the function on inputs twice as long
	// as --array-len, for the probes (probe.go); noTwice when there is
	// none.
	twice   *Generator
	noTwice bool
}

// NewGenerator prepares the goals of p's entry function.
func NewGenerator(p *ir.Program, opts Options) (*Generator, error) {
	opts = opts.withDefaults()
	g := &Generator{Prog: p, Fn: p.Funcs[0], Opts: opts, writeOf: map[*ir.Extern]*ir.Extern{},
		changed: callbackWrites(p)}
	// The inputs as the interpreter makes them (a global shadowed by a
	// parameter is "g#ID").
	var roots []ir.InputRoot
	roots, g.inputs = ir.EntryInputs(g.Fn, p.Globals, opts.UseInitializers)
	g.shape = ir.ComputeInputShapeDeep(roots, opts.ArrayLen, opts.flatLen, opts.PtrDepth, opts.depth)
	// Pointers the code compares or subtracts may point into one object.
	g.shape.Relate(ir.UsesOfPointers(g.Fn))
	// Calls through function pointers are resolved by the points-to
	// analysis as the function is inlined.
	// The analyses of the setup share a budget: out of it, every goal is
	// unknown (setupErr) and the function is still listed.
	setup := opts.guarded("analysis", opts.Steps)
	in, err := pointsto.Inline(p, opts.MaxInline, opts.maxRec, pointsto.Config{Shape: g.shape, Inputs: g.inputs,
		MayBeNull: func(string) bool { return true }, Budget: setup})
	var be *budget.Error
	if errors.As(err, &be) {
		g.setupErr = fmt.Errorf("%w, inlining the calls of %s (to --max-inline %d; the points-to analysis resolves the calls through pointers as it goes)",
			err, g.Fn.Name, opts.MaxInline)
	} else if err != nil {
		return nil, err
	}
	g.inlined = in
	// The objects the calls of undefined functions return (known once
	// inlined) are pointer inputs too (stubptr.go).
	g.shape.Add(ir.StubReturnRoots(in.Func)...)
	g.returns = pointsto.StubReturnMap(in.Func)
	if err := g.checkIR("inlining", in.Func, false); err != nil {
		return nil, err
	}
	g.nullOK = nullTested(in.Func, g.returns)
	for _, v := range g.Fn.Params {
		for _, l := range v.Typ.Leaves() {
			g.argOrder = append(g.argOrder, v.Name+l.Path)
		}
	}
	if g.modelFn, err = g.stubWrites(in.Func, setup); err != nil {
		if !errors.As(err, &be) {
			return nil, fmt.Errorf("%s: %w", g.Fn.Name, err)
		}
		n := stmtCount(in.Func)
		g.setupErr = fmt.Errorf("%w, finding what the undefined functions %s calls may write (%d statements once its calls are inlined)", err, g.Fn.Name, n)
	}
	if err := g.checkIR("the stubs' stores", g.modelFn, false); err != nil {
		return nil, err
	}
	if g.modelFn != nil {
		g.modelFn = g.heapSites(g.modelFn)
		if err := g.checkIR("the allocation sites", g.modelFn, false); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// Decisions returns the goals of the all-decisions criterion: every
// outcome of every decision of the function and of the functions it calls
// that are inlined.
func (g *Generator) Decisions() []Goal {
	return g.decisionGoals(func(k ir.DecisionKind) bool { return k.IsDecision() })
}

// Assertions returns the outcomes of the assert() calls of the function
// (and of the functions inlined into it). The false outcome of an
// assertion is a goal `inka reach` answers with a test that makes the
// assertion fail.
func (g *Generator) Assertions() []Goal {
	return g.decisionGoals(func(k ir.DecisionKind) bool { return k == ir.DecAssert })
}

// decisionGoals returns the outcomes of the decisions of the kinds keep
// accepts, in source order.
func (g *Generator) decisionGoals(keep func(ir.DecisionKind) bool) []Goal {
	var out []Goal
	seen := map[*ir.Decision]bool{}
	var walk func(ss []ir.Stmt)
	add := func(r *ir.DecRef) {
		if r == nil || seen[r.D] || !keep(r.D.Kind) {
			return
		}
		seen[r.D] = true
	}
	walk = func(ss []ir.Stmt) {
		for _, s := range ss {
			switch s := s.(type) {
			case *ir.If:
				add(s.Dec)
				walk(s.Then)
				walk(s.Else)
			case *ir.While:
				add(s.Dec)
				walk(s.Pre)
				walk(s.Body)
			case *ir.Assert:
				add(s.Dec)
			}
		}
	}
	walk(g.inlined.Func.Body)
	var ds []*ir.Decision
	for d := range seen {
		ds = append(ds, d)
	}
	sort.Slice(ds, func(i, j int) bool {
		a, b := ds[i].Pos, ds[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		// `a && b`: the decision and its condition a start at the same
		// place; seen is a map, so the order is settled here.
		if ds[i].Func.Name != ds[j].Func.Name {
			return ds[i].Func.Name < ds[j].Func.Name
		}
		return ds[i].Index < ds[j].Index
	})
	for _, d := range ds {
		for o := range d.Outcomes {
			out = append(out, Goal{Kind: DecisionGoal, Dec: d, Outcome: o})
		}
	}
	return out
}

// nullTested returns the pointer inputs the function compares with NULL
// (directly, or a copy of them): only those may be NULL in a test.
func nullTested(f *ir.Func, returns map[*ir.Call]string) map[string]bool {
	// A pointer parameter p may be NULL when some test compares p (or a
	// variable copied from it) with a null constant, or branches on it;
	// so may the pointer a call returns (its root: returns).
	origin := map[*ir.Var]string{}
	for _, v := range f.Params {
		if v.Typ.IsPointer() {
			origin[v] = v.Name
		}
	}
	out := map[string]bool{}
	var walk func(ss []ir.Stmt)
	walk = func(ss []ir.Stmt) {
		for _, s := range ss {
			switch s := s.(type) {
			case *ir.Call:
				if root := returns[s]; root != "" {
					origin[s.Dst] = root
				}
			case *ir.Copy:
				if v, ok := s.Src.(*ir.Var); ok && origin[v] != "" {
					origin[s.Dst] = origin[v]
				}
			case *ir.Conv:
				if v, ok := s.X.(*ir.Var); ok && origin[v] != "" && s.Dst.Typ.IsPointer() {
					origin[s.Dst] = origin[v]
				}
			case *ir.Binary:
				if s.Op == ir.Eq || s.Op == ir.Ne {
					for _, pair := range [][2]ir.Value{{s.X, s.Y}, {s.Y, s.X}} {
						v, ok := pair[0].(*ir.Var)
						c, isC := pair[1].(*ir.Const)
						if ok && isC && c.Bits == 0 && origin[v] != "" {
							out[origin[v]] = true
						}
					}
				}
			case *ir.Unary:
				if v, ok := s.X.(*ir.Var); ok && s.Op == ir.LNot && origin[v] != "" {
					out[origin[v]] = true
				}
			case *ir.If:
				if v, ok := s.Cond.(*ir.Var); ok && origin[v] != "" {
					out[origin[v]] = true
				}
				walk(s.Then)
				walk(s.Else)
			case *ir.While:
				walk(s.Pre)
				if v, ok := s.Cond.(*ir.Var); ok && origin[v] != "" {
					out[origin[v]] = true
				}
				walk(s.Body)
			}
		}
	}
	walk(f.Body)
	return out
}
