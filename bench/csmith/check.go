package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"time"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/internal/cdriver"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
)

// defaultFlags are the generator's options unless -csmith-flags says
// otherwise: no bit-fields, volatiles, floats nor unions, three functions
// at most so that a program stays small; the rest is Csmith's defaults.
// `-csmith-flags "--max-funcs 3"` checks Csmith's defaults (bit-fields,
// volatiles and unions on).
const defaultFlags = "--no-bitfields --no-volatiles --no-float --no-unions --max-funcs 3"

// entry is the function checked: Csmith's main calls it once, with the
// globals at their initializers.
const entry = "func_1"

// maxSteps bounds the interpreter's run of a program (interp's default);
// a program that runs longer is counted, not compared.
const maxSteps = 10_000_000

// Kind classifies what the check of one program found.
type Kind string

// The kinds of outcome of a program. Failures (fail reports true) make
// the check fail; the others are counted.
const (
	Agree        Kind = "agree"          // interp and gcc agree on the return value and every global
	Refused      Kind = "refused"        // inka does not take the program (Reason says why)
	StepLimit    Kind = "step limit"     // the interpreter stopped at maxSteps
	DepthLimit   Kind = "depth limit"    // the interpreter stopped at its recursion bound
	NoReference  Kind = "no reference"   // csmith, gcc or the driver failed, or gcc timed out
	Disagree     Kind = "disagreement"   // interp and gcc differ
	FalseUB      Kind = "false UB"       // the interpreter reports undefined behaviour (Csmith's programs have none)
	Panic        Kind = "panic"          // a Go panic in inka
	InternalErr  Kind = "internal error" // an error of inka that is not a refusal
	WrongAnswer  Kind = "wrong answer"   // the model's answer contradicted by gcc (see model.go)
	ModelSkipped Kind = "model skipped"  // not a kind of a program: a model check not made
)

func (k Kind) fail() bool {
	switch k {
	case Disagree, FalseUB, Panic, InternalErr, WrongAnswer:
		return true
	}
	return false
}

// Result is the check of one program.
type Result struct {
	Seed   int
	Kind   Kind
	Reason string // the refusal reason, normalized (Refused, NoReference)
	Detail string // what went wrong, for failures
	UB     string // the kind of a false UB
	File   string // the preprocessed program, kept for failures
	Model  *ModelResult
	Time   time.Duration
}

// checker holds the options of a campaign.
type checker struct {
	csmith     string // the csmith binary
	include    string // csmith's include directory
	work       string // where programs are written
	model      bool   // run the model check on accepted programs
	modelEvery int    // ... whose seed is a multiple of modelEvery
	mopts      modelOptions
	keep       string   // directory where failing programs are kept ("" : none)
	flags      []string // csmith's options
}

// generate writes the preprocessed program of seed into dir and returns
// its path: csmith's output through gcc -E -P with csmith's headers (so
// that their helpers are in the file), its main renamed (the gcc driver
// has its own).
func (c *checker) generate(ctx context.Context, seed int, dir string) (string, error) {
	raw := filepath.Join(dir, fmt.Sprintf("s%d.c", seed))
	args := append([]string{"--seed", fmt.Sprint(seed), "-o", raw}, c.flags...)
	gen := exec.CommandContext(ctx, c.csmith, args...)
	gen.Dir = dir // csmith writes platform.info where it runs
	if out, err := gen.CombinedOutput(); err != nil {
		return "", fmt.Errorf("csmith: %v: %s", err, firstLine(out))
	}
	pre := filepath.Join(dir, fmt.Sprintf("p%d.c", seed))
	if out, err := exec.CommandContext(ctx, "gcc", "-E", "-P", "-I", c.include, raw, "-o", pre).CombinedOutput(); err != nil {
		return "", fmt.Errorf("gcc -E: %v: %s", err, firstLine(out))
	}
	src, err := os.ReadFile(pre)
	if err != nil {
		return "", err
	}
	renamed, ok := renameMain(src)
	if !ok {
		return "", fmt.Errorf("no main in the program")
	}
	return pre, os.WriteFile(pre, renamed, 0o644)
}

var mainDef = regexp.MustCompile(`(?m)^int main *\(`)

// renameMain renames the program's own main function (csmith_main).
func renameMain(src []byte) ([]byte, bool) {
	loc := mainDef.FindIndex(src)
	if loc == nil {
		return src, false
	}
	var b bytes.Buffer
	b.Write(src[:loc[0]])
	b.WriteString("int csmith_main(")
	b.Write(src[loc[1]:])
	return b.Bytes(), true
}

// checkSeed generates and checks the program of one seed.
func (c *checker) checkSeed(ctx context.Context, seed int) *Result {
	start := time.Now()
	dir, err := os.MkdirTemp(c.work, fmt.Sprintf("seed%d-", seed))
	if err != nil {
		return &Result{Seed: seed, Kind: InternalErr, Detail: err.Error()}
	}
	defer os.RemoveAll(dir)
	r := &Result{Seed: seed}
	file, err := c.generate(ctx, seed, dir)
	if err != nil {
		r.Kind, r.Reason = NoReference, "generation: "+err.Error()
	} else {
		c.checkFile(ctx, file, r)
	}
	r.Time = time.Since(start)
	if r.Kind.fail() || (r.Model != nil && len(r.Model.Wrong) > 0) {
		r.File = c.keepFile(file, seed)
	}
	return r
}

// keepFile copies a failing program to the keep directory.
func (c *checker) keepFile(file string, seed int) string {
	if c.keep == "" || file == "" {
		return ""
	}
	src, err := os.ReadFile(file)
	if err != nil {
		return ""
	}
	dst := filepath.Join(c.keep, fmt.Sprintf("seed%d.c", seed))
	if os.MkdirAll(c.keep, 0o755) != nil || os.WriteFile(dst, src, 0o644) != nil {
		return ""
	}
	return dst
}

// checkFile checks one preprocessed program: inka's interpreter against
// gcc on func_1, then, when the interpreter's run agrees, the model.
func (c *checker) checkFile(ctx context.Context, file string, r *Result) {
	defer func() {
		if e := recover(); e != nil {
			r.Kind, r.Detail = Panic, fmt.Sprintf("%v\n%s", e, debug.Stack())
		}
	}()
	prog, res, ok := c.interpret(file, r)
	if !ok {
		return
	}
	c.reference(ctx, file, prog, res, r)
	if r.Kind == Agree && c.model && r.Seed%c.modelEvery == 0 {
		r.Model = c.checkModel(ctx, file, r)
		if len(r.Model.Wrong) > 0 {
			r.Kind, r.Detail = WrongAnswer, strings.Join(r.Model.Wrong, "\n")
		}
		if r.Model.Panic != "" {
			r.Kind, r.Detail = Panic, r.Model.Panic
		}
	}
}

// interpret lowers func_1 and runs it with the globals at their
// initializers; ok is false when the program stops there (refused,
// limits, undefined behaviour).
func (c *checker) interpret(file string, r *Result) (*ir.Program, *interp.Result, bool) {
	prog, err := lower(file)
	if err != nil {
		classify(err, r)
		return nil, nil, false
	}
	res, err := interp.Run(prog, entry, interp.Inputs{}, interp.Config{UseInitializers: true, MaxSteps: maxSteps})
	if err != nil {
		classify(err, r)
		return nil, nil, false
	}
	switch res.Outcome {
	case interp.StepLimit:
		r.Kind = StepLimit
		return nil, nil, false
	case interp.DepthLimit:
		r.Kind = DepthLimit
		return nil, nil, false
	case interp.UB:
		r.Kind, r.Detail, r.UB = FalseUB, res.UB.String(), res.UB.Kind.String()
		return nil, nil, false
	case interp.Unsupported, interp.Unmodelled:
		// the run reaches a construct inka does not model (a cut of the
		// front end) or a library call it does not know: refused there
		r.Kind, r.Reason, r.Detail = Refused, refusal(res.Msg), fmt.Sprintf("%s: %s", res.Pos, res.Msg)
		return nil, nil, false
	}
	return prog, res, true
}

// lower loads file and lowers func_1, its IR checked.
func lower(file string) (*ir.Program, error) {
	u, err := frontend.Load(file, frontend.Options{})
	if err != nil {
		return nil, err
	}
	prog, err := u.Lower(entry)
	if err != nil {
		return nil, err
	}
	if err := ir.SanityCheck(prog); err != nil {
		return nil, fmt.Errorf("internal error: the IR fails the sanity check: %v", err)
	}
	return prog, nil
}

// classify records an error of inka: a refusal ("unsupported: ..."), a
// panic the front end caught, or an internal error.
func classify(err error, r *Result) {
	msg := err.Error()
	var fe *frontend.Error
	switch {
	case strings.Contains(msg, "internal error") && strings.Contains(msg, "goroutine"):
		r.Kind, r.Detail = Panic, msg
	case errors.As(err, &fe) || strings.Contains(msg, "unsupported"):
		r.Kind, r.Reason, r.Detail = Refused, refusal(msg), msg
	default:
		r.Kind, r.Detail = InternalErr, msg
	}
}

var (
	csmithName = regexp.MustCompile(`\b(g|l|p|func|si|ui|f|S)_?[0-9]+\b`)
	number     = regexp.MustCompile(`\b[0-9]+\b`)
	position   = regexp.MustCompile(`^\S+:[0-9]+:[0-9]+: `)
)

// refusal normalizes a refusal message into a reason ("unsupported:
// pointer to pointer conversion ..." with the program's names and numbers
// replaced), so that reasons can be counted.
func refusal(msg string) string {
	msg = firstLine([]byte(msg))
	msg = position.ReplaceAllString(msg, "")
	if i := strings.Index(msg, "unsupported: "); i >= 0 {
		msg = msg[i+len("unsupported: "):]
	}
	msg = csmithName.ReplaceAllString(msg, "X")
	return number.ReplaceAllString(msg, "N")
}

func firstLine(b []byte) string {
	s := strings.TrimSpace(string(b))
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

// reference runs func_1 in a gcc -O0 build (internal/cdriver: probes
// around every decision, the globals printed after the call) and
// compares with the interpreter's run: how it ended, the decisions taken,
// the return value and every global's final value.
func (c *checker) reference(ctx context.Context, file string, prog *ir.Program, res *interp.Result, r *Result) {
	drv, err := cdriver.New(prog, entry, cdriver.Options{UseInitializers: true})
	if err != nil {
		r.Kind, r.Reason = NoReference, "driver: "+refusal(err.Error())
		return
	}
	out, err := runDriver(ctx, file, drv, []cdriver.Case{{}})
	if err != nil {
		r.Kind, r.Reason, r.Detail = NoReference, "gcc build", err.Error()
		return
	}
	if st := out[0].Status; st != "ok" && res.Outcome == interp.Returned {
		r.Kind, r.Reason = NoReference, "gcc run: "+st // a timeout (alarm) or a crash of the build
		if !strings.Contains(st, "signal 14") {
			r.Kind, r.Reason, r.Detail = Disagree, "", "gcc run "+st+", the interpreter returns\n"+out[0].Raw
		}
		return
	}
	live, names := map[string]bool{}, map[string]bool{}
	for _, o := range drv.Objects {
		live[o.Name], names[o.Name] = true, true
	}
	if msgs := sameDecisions(cdriver.Compare(drv, live, names, res, out[0])); len(msgs) > 0 {
		r.Kind, r.Detail = Disagree, shorten(msgs)
		return
	}
	r.Kind = Agree
}

// runDriver builds the driver of file into a temporary directory and runs
// the cases.
func runDriver(ctx context.Context, file string, drv *cdriver.Driver, cases []cdriver.Case, flags ...string) ([]cdriver.Output, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp(filepath.Dir(file), "gcc-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	bin, err := cdriver.Build(dir, src, file, []*cdriver.Driver{drv}, flags...)
	if err != nil {
		return nil, err
	}
	return bin.Run(drv, cases)
}

// shorten makes the differences Compare lists readable for traces of
// thousands of decisions: where the decision sequences first differ, with
// a few steps of context, and positions without the directory.
func shorten(msgs []string) string {
	for i, m := range msgs {
		lines := strings.Split(m, "\n")
		if len(lines) != 3 || lines[0] != "decisions:" {
			continue
		}
		it := traceList(lines[1], "interp")
		gt := traceList(lines[2], "gcc")
		k := 0
		for k < len(it) && k < len(gt) && it[k] == gt[k] {
			k++
		}
		window := func(t []string) string {
			lo, hi := max(k-3, 0), min(k+3, len(t))
			return strings.Join(t[lo:hi], " ")
		}
		msgs[i] = fmt.Sprintf("decisions differ at step %d (interp %d steps, gcc %d):\n  interp … %s …\n  gcc    … %s …",
			k, len(it), len(gt), window(it), window(gt))
	}
	return strings.Join(msgs, "\n")
}

// traceList reads "  interp [a b c]" into its outcomes, positions
// without their directory.
func traceList(line, who string) []string {
	s := strings.TrimSpace(line)
	s = strings.TrimPrefix(s, who)
	s = strings.Trim(strings.TrimSpace(s), "[]")
	f := strings.Fields(s)
	for i, x := range f {
		f[i] = filepath.Base(x)
	}
	return f
}

// sameDecisions drops the difference of decision sequences from msgs when
// the two runs took the same decision outcomes the same number of times:
// C leaves the order in which a call's arguments are evaluated
// unspecified (gcc goes right to left, the interpreter left to right), and
// Csmith's programs do not depend on it, but their traces do.
func sameDecisions(msgs []string) []string {
	var out []string
	for _, m := range msgs {
		lines := strings.Split(m, "\n")
		if len(lines) == 3 && lines[0] == "decisions:" && sameMultiset(traceList(lines[1], "interp"), traceList(lines[2], "gcc")) {
			continue
		}
		out = append(out, m)
	}
	return out
}

func sameMultiset(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	n := map[string]int{}
	for _, x := range a {
		n[x]++
	}
	for _, x := range b {
		n[x]--
	}
	for _, k := range n {
		if k != 0 {
			return false
		}
	}
	return true
}
