package testcomp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Measure is what the validator measures of a suite.
type Measure struct {
	Tests int
	// Branches are the branch outcomes gcov counts in the program (each
	// outcome of a condition gcc compiles, && and || included), Taken
	// those taken by at least one test.
	Branches, Taken int
	// Lines are the program's lines with code, Run those run.
	Lines, Run int
	// ErrorCalls counts the calls of the error function over the suite.
	ErrorCalls int64
	// Timeouts counts the tests stopped by the per-test timeout.
	Timeouts int
	Time     time.Duration
}

// BranchCoverage is Taken/Branches (1 when there is no branch).
func (m *Measure) BranchCoverage() float64 {
	if m.Branches == 0 {
		return 1
	}
	return float64(m.Taken) / float64(m.Branches)
}

// Validator measures suites on one program with gcc's coverage.
type Validator struct {
	Program string        // the C file
	CC      string        // the compiler (default gcc); gcov must match it
	Dir     string        // work directory (default: a fresh temporary one)
	Timeout time.Duration // per test (default 2 s)
	Flags   []string      // more compiler flags (-m32 for ILP32)
	exe     string
	base    string // the program's base name in Dir
}

// build compiles the program with --coverage and the harness.
func (v *Validator) build() error {
	if v.exe != "" {
		return nil
	}
	if v.CC == "" {
		v.CC = "gcc"
	}
	if v.Timeout <= 0 {
		v.Timeout = 2 * time.Second
	}
	if v.Dir == "" {
		d, err := os.MkdirTemp("", "inka-testcov-")
		if err != nil {
			return fmt.Errorf("testcov: %w", err)
		}
		v.Dir = d
	} else if err := os.MkdirAll(v.Dir, 0o755); err != nil {
		return fmt.Errorf("testcov: %w", err)
	}
	src, err := os.ReadFile(v.Program)
	if err != nil {
		return fmt.Errorf("testcov: %w", err)
	}
	v.base = filepath.Base(v.Program)
	if !strings.HasSuffix(v.base, ".c") {
		v.base += ".c"
	}
	files := map[string][]byte{v.base: src, "inka_testcov_harness.c": []byte(harnessSource())}
	for n, data := range files {
		if err := os.WriteFile(filepath.Join(v.Dir, n), data, 0o644); err != nil {
			return fmt.Errorf("testcov: %w", err)
		}
	}
	// The object is named after the program: gcov finds base.gcno.
	obj := strings.TrimSuffix(v.base, ".c") + ".o"
	steps := [][]string{
		append([]string{v.CC, "-O0", "-g", "--coverage", "-w", "-c", v.base, "-o", obj}, v.Flags...),
		append([]string{v.CC, "-O0", "-w", "-c", "inka_testcov_harness.c", "-o", "inka_testcov_harness.o"}, v.Flags...),
		append([]string{v.CC, "--coverage", obj, "inka_testcov_harness.o", "-o", "program"}, v.Flags...),
	}
	for _, s := range steps {
		cmd := exec.Command(s[0], s[1:]...)
		cmd.Dir = v.Dir
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("testcov: %s: %v\n%s", strings.Join(s, " "), err, firstLines(string(out), 10))
		}
	}
	v.exe = filepath.Join(v.Dir, "program")
	return nil
}

// reset removes the counters of earlier runs.
func (v *Validator) reset() {
	matches, _ := filepath.Glob(filepath.Join(v.Dir, "*.gcda"))
	for _, m := range matches {
		os.Remove(m)
	}
	os.Remove(filepath.Join(v.Dir, "marks"))
}

// run runs the program once with the given environment; true when the
// timeout stopped it.
func (v *Validator) run(env []string, timeout time.Duration) (bool, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, v.exe)
	cmd.Dir = v.Dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Env = append(cmd.Env, "INKA_TESTCOV_MARK="+filepath.Join(v.Dir, "marks"))
	// The timeout sends SIGTERM, on which the harness writes the counters.
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = time.Second
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ctx.Err() != nil {
		return true, nil
	}
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		return false, fmt.Errorf("testcov: running the program: %w", err)
	}
	return false, nil
}

// Validate runs every test of the suite and measures the coverage.
func (v *Validator) Validate(s *Suite) (*Measure, error) {
	for _, t := range s.Tests {
		if err := checkInputs(t); err != nil {
			return nil, fmt.Errorf("testcov: %w", err)
		}
	}
	start := time.Now()
	if err := v.build(); err != nil {
		return nil, err
	}
	v.reset()
	m := &Measure{}
	in := filepath.Join(v.Dir, "input.txt")
	for _, t := range s.Tests {
		var b strings.Builder
		for _, x := range t.Inputs {
			b.WriteString(strings.TrimRight(strings.TrimSpace(x.Value), "uUlL") + "\n")
		}
		if err := os.WriteFile(in, []byte(b.String()), 0o644); err != nil {
			return nil, fmt.Errorf("testcov: %w", err)
		}
		stopped, err := v.run([]string{"INKA_TESTCOV_INPUT=" + in}, v.Timeout)
		if err != nil {
			return nil, err
		}
		if stopped {
			m.Timeouts++
		}
		m.Tests++
	}
	if err := v.gcov(m); err != nil {
		return nil, err
	}
	m.Time = time.Since(start)
	return m, nil
}

// Random measures the suite of random values drawn for d (the baseline):
// runs with seeds seed, seed+1, ... until d is spent, at most max runs
// (0: no bound).
func (v *Validator) Random(d time.Duration, seed uint64, max int) (*Measure, error) {
	start := time.Now()
	if err := v.build(); err != nil {
		return nil, err
	}
	v.reset()
	m := &Measure{}
	deadline := start.Add(d)
	for i := uint64(0); time.Now().Before(deadline) && (max <= 0 || m.Tests < max); i++ {
		timeout := min(v.Timeout, time.Until(deadline)+100*time.Millisecond)
		stopped, err := v.run([]string{"INKA_TESTCOV_RANDOM=" + strconv.FormatUint(seed+i, 10)}, timeout)
		if err != nil {
			return nil, err
		}
		if stopped {
			m.Timeouts++
		}
		m.Tests++
	}
	if err := v.gcov(m); err != nil {
		return nil, err
	}
	m.Time = time.Since(start)
	return m, nil
}

// gcovJSON is the part of gcov's JSON format read here.
type gcovJSON struct {
	Files []struct {
		File      string `json:"file"`
		Functions []struct {
			Name           string `json:"name"`
			ExecutionCount int64  `json:"execution_count"`
		} `json:"functions"`
		Lines []struct {
			Count    int64 `json:"count"`
			Branches []struct {
				Count int64 `json:"count"`
			} `json:"branches"`
		} `json:"lines"`
	} `json:"files"`
}

// gcov reads the counters of the runs into m.
func (v *Validator) gcov(m *Measure) error {
	cmd := exec.Command("gcov", "-b", "--json-format", "--stdout", "-o", v.Dir, v.base)
	cmd.Dir = v.Dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("testcov: gcov: %v\n%s", err, firstLines(stderr.String(), 5))
	}
	var g gcovJSON
	if err := json.Unmarshal(out, &g); err != nil {
		return fmt.Errorf("testcov: reading gcov's output: %w", err)
	}
	for _, f := range g.Files {
		if filepath.Base(f.File) != v.base {
			continue // a header's inline functions
		}
		for _, fn := range f.Functions {
			if fn.Name == "reach_error" || fn.Name == "__VERIFIER_error" {
				m.ErrorCalls += fn.ExecutionCount
			}
		}
		for _, l := range f.Lines {
			m.Lines++
			if l.Count > 0 {
				m.Run++
			}
			for _, b := range l.Branches {
				m.Branches++
				if b.Count > 0 {
					m.Taken++
				}
			}
		}
	}
	if marks, err := os.ReadFile(filepath.Join(v.Dir, "marks")); err == nil {
		m.ErrorCalls += int64(strings.Count(string(marks), "\n"))
	}
	return nil
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}
