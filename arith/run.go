package arith

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Config is one compiler configuration of the run matrix: a compiler
// command (gcc, clang, tcc, or the path of any program that takes gcc's
// options) with an optimization level, or a sanitizer build.
type Config struct {
	CC  string // command
	Opt string // optimization level without the dash: O0, O1, O2, O3, Os
	// UBSan builds with -fsanitize=undefined (gcc: aborting on the first
	// report; clang: trapping, which needs no runtime library).
	UBSan bool
}

func (c Config) String() string {
	s := c.CC + " -" + c.Opt
	if c.UBSan {
		s += " ubsan"
	}
	return s
}

// Args are the compiler's arguments to build src into exe.
func (c Config) Args(src, exe string) []string {
	args := []string{"-" + c.Opt, "-w"}
	if c.UBSan {
		args = append(args, "-fsanitize=undefined")
		if strings.Contains(filepath.Base(c.CC), "clang") {
			args = append(args, "-fsanitize-trap=undefined")
		} else {
			args = append(args, "-fno-sanitize-recover=all")
		}
	}
	return append(args, src, "-o", exe)
}

// BuildCommand is the shell command that builds and runs src.
func (c Config) BuildCommand(src string) string {
	exe := strings.TrimSuffix(src, ".c")
	return c.CC + " " + strings.Join(c.Args(src, exe), " ") + " && ./" + exe
}

// ParseConfigs reads --cc and --opt lists ("gcc,clang,tcc", "O0,O2")
// into their product.
func ParseConfigs(ccs, opts string) ([]Config, error) {
	var out []Config
	for _, cc := range strings.Split(ccs, ",") {
		if cc = strings.TrimSpace(cc); cc == "" {
			return nil, fmt.Errorf("--cc %q: empty compiler name", ccs)
		}
		for _, o := range strings.Split(opts, ",") {
			o = strings.TrimPrefix(strings.TrimSpace(o), "-")
			switch o {
			case "O0", "O1", "O2", "O3", "Os", "Oz", "Og", "Ofast":
			default:
				return nil, fmt.Errorf("--opt %q: unknown optimization level %q (O0, O1, O2, O3, Os)", opts, o)
			}
			out = append(out, Config{CC: cc, Opt: o})
		}
	}
	return out, nil
}

// Kind classifies what a configuration did with a program.
type Kind int

// Outcomes of one compile and run.
const (
	Pass       Kind = iota // compiled, ran, every check passed
	Wrong                  // a check failed: a miscompilation (or a bug of inka's expected values)
	CCCrash                // the compiler crashed (internal compiler error, signal)
	CCError                // the compiler rejected the program
	CCTimeout              // the compiler did not finish in time
	RunCrash               // the program died of a signal (a sanitizer trap too)
	RunTimeout             // the program did not finish in time
	RunError               // the program exited with another status or printed something else
)

var kindNames = [...]string{"pass", "wrong", "cc-crash", "cc-error", "cc-timeout", "run-crash", "run-timeout", "run-error"}

func (k Kind) String() string { return kindNames[k] }

// Kinds lists every Kind, for tables.
func Kinds() []Kind {
	return []Kind{Pass, Wrong, CCCrash, CCError, CCTimeout, RunCrash, RunTimeout, RunError}
}

// Outcome is what a configuration did with a program.
type Outcome struct {
	Kind  Kind
	Wrong []int  // Wrong: the IDs of the expressions whose check failed
	Msg   string // the compiler's or the program's message (first lines)
}

// Failed reports whether the outcome is a failure.
func (o Outcome) Failed() bool { return o.Kind != Pass }

func (o Outcome) String() string {
	s := o.Kind.String()
	if len(o.Wrong) > 0 {
		ids := make([]string, len(o.Wrong))
		for i, id := range o.Wrong {
			ids[i] = "e" + strconv.Itoa(id)
		}
		s += " " + strings.Join(ids, ",")
	}
	if o.Msg != "" {
		s += ": " + o.Msg
	}
	return s
}

// Runner compiles and runs programs in a directory of its own.
type Runner struct {
	Dir        string
	CCTimeout  time.Duration // default 60s
	RunTimeout time.Duration // default 10s
}

// Test writes src to the runner's directory, builds it with c and runs
// it. The error is for inka's own problems (the directory, a compiler
// that cannot be started).
func (r *Runner) Test(src []byte, c Config) (Outcome, error) {
	file := filepath.Join(r.Dir, "prog.c")
	exe := filepath.Join(r.Dir, "prog")
	if err := os.WriteFile(file, src, 0o644); err != nil {
		return Outcome{}, err
	}
	os.Remove(exe)
	res, err := execute(withDefault(r.CCTimeout, time.Minute), r.Dir, c.CC, c.Args("prog.c", "prog")...)
	if err != nil {
		return Outcome{}, fmt.Errorf("%s: %w", c, err)
	}
	if o, done := compileOutcome(res); done {
		return o, nil
	}
	res, err = execute(withDefault(r.RunTimeout, 10*time.Second), r.Dir, exe)
	if err != nil {
		return Outcome{}, fmt.Errorf("running %s: %w", exe, err)
	}
	return runOutcome(res), nil
}

func withDefault(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

// result is how a command ended.
type result struct {
	timedOut bool
	signal   string // the signal that killed it, if any
	status   int
	out      string // stdout and stderr
}

// execute runs a command in its own process group, killed whole at the
// timeout (gcc's cc1 and the linker included).
func execute(timeout time.Duration, dir, name string, args ...string) (result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	res := result{out: out.String()}
	if ctx.Err() != nil {
		res.timedOut = true
		return res, nil
	}
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			res.signal = ws.Signal().String()
		}
		res.status = ee.ExitCode()
	default:
		return res, err
	}
	return res, nil
}

// crashText recognizes a compiler's report of its own crash.
var crashText = regexp.MustCompile(`internal compiler error|PLEASE submit a bug report|Stack dump:|Assertion .* failed|clang frontend command failed|terminated program|Segmentation fault`)

func compileOutcome(r result) (Outcome, bool) {
	switch {
	case r.timedOut:
		return Outcome{Kind: CCTimeout}, true
	case r.signal != "":
		return Outcome{Kind: CCCrash, Msg: "killed by " + r.signal + firstLinesSep(crashSignature(r.out))}, true
	case r.status != 0 && crashText.MatchString(r.out):
		return Outcome{Kind: CCCrash, Msg: crashSignature(r.out)}, true
	case r.status != 0:
		return Outcome{Kind: CCError, Msg: firstLines(r.out, 3)}, true
	}
	return Outcome{}, false
}

// crashSignature is the line of a compiler's crash report that names it,
// without the program's positions, so that the minimizer can tell the
// same crash from another.
func crashSignature(out string) string {
	for _, l := range strings.Split(out, "\n") {
		if m := crashText.FindStringIndex(l); m != nil {
			return strings.TrimSpace(l[m[0]:])
		}
	}
	return firstLines(out, 1)
}

var ngLine = regexp.MustCompile(`^NG e(\d+) `)

func runOutcome(r result) Outcome {
	switch {
	case r.timedOut:
		return Outcome{Kind: RunTimeout}
	case r.signal != "":
		return Outcome{Kind: RunCrash, Msg: "killed by " + r.signal + firstLinesSep(r.out)}
	}
	var ids []int
	other := false
	for _, l := range strings.Split(strings.TrimSpace(r.out), "\n") {
		if m := ngLine.FindStringSubmatch(l); m != nil {
			id, _ := strconv.Atoi(m[1])
			ids = append(ids, id)
		} else if l != "" {
			other = true
		}
	}
	sort.Ints(ids)
	switch {
	case r.status == 1 && len(ids) > 0 && !other:
		return Outcome{Kind: Wrong, Wrong: ids, Msg: firstLines(r.out, 3)}
	case r.status != 0 || other || len(ids) > 0:
		return Outcome{Kind: RunError, Msg: fmt.Sprintf("exit status %d%s", r.status, firstLinesSep(r.out))}
	}
	return Outcome{Kind: Pass}
}

func firstLines(s string, n int) string {
	ls := strings.Split(strings.TrimSpace(s), "\n")
	if len(ls) > n {
		ls = append(ls[:n], "...")
	}
	return strings.Join(ls, " | ")
}

func firstLinesSep(s string) string {
	if strings.TrimSpace(s) == "" {
		return ""
	}
	return ": " + firstLines(s, 3)
}
