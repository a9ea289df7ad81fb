package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/inka-tool/inka/internal/cdriver"
)

// signature is what a reduced program must keep failing with: the kind,
// and for a false UB the kind of undefined behaviour ("false UB:write to
// read-only object"), so that creduce does not drift to a program with a
// real one.
func (r *Result) signature() string {
	if r.Kind == FalseUB {
		return string(r.Kind) + ":" + r.UB
	}
	return string(r.Kind)
}

// reduceFile runs creduce on a failing program with the interestingness
// test "csmith -interesting SIGNATURE prog.c" (this command) and returns a
// line saying where the reduced program is.
func (c *checker) reduceFile(ctx context.Context, r *Result, limit time.Duration) string {
	creduce, err := exec.LookPath("creduce")
	if err != nil {
		return "not reduced: creduce is not installed (apt-get install creduce)"
	}
	self, err := os.Executable()
	if err != nil {
		return "not reduced: " + err.Error()
	}
	dir := filepath.Join(filepath.Dir(r.File), fmt.Sprintf("seed%d-reduced", r.Seed))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "not reduced: " + err.Error()
	}
	src, err := os.ReadFile(r.File)
	if err != nil {
		return "not reduced: " + err.Error()
	}
	prog := filepath.Join(dir, "prog.c")
	script := filepath.Join(dir, "interesting.sh")
	test := fmt.Sprintf("#!/bin/sh\nexec %q -model=%v -goals %d -steps %d -total-steps %d -attacks %d -interesting %q prog.c\n",
		self, r.Kind == WrongAnswer, c.mopts.goals, c.mopts.steps, c.mopts.totalSteps, c.mopts.attacks, r.signature())
	if os.WriteFile(prog, src, 0o644) != nil || os.WriteFile(script, []byte(test), 0o755) != nil {
		return "not reduced: cannot write " + dir
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, "nice", "-n", "19", creduce, "--n", "1", script, prog)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil && ctx.Err() == nil {
		return fmt.Sprintf("not reduced: creduce: %v: %s", err, lastLine(out))
	}
	n := len(src)
	if red, err := os.ReadFile(prog); err == nil {
		n = len(red)
	}
	return fmt.Sprintf("reduced (%d → %d bytes): %s (test: %s)", len(src), n, prog, script)
}

func lastLine(b []byte) string {
	s := strings.TrimSpace(string(b))
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return s
}

// interesting reports whether file fails with the signature sig (see
// Result.signature) while gcc compiles it cleanly (no warning that
// signals undefined behaviour) and its UBSan build runs func_1 without
// complaint: the interestingness test of creduce.
func (c *checker) interesting(ctx context.Context, sig, file string) bool {
	if out, err := exec.CommandContext(ctx, "gcc", "-std=c11", "-c", "-o", os.DevNull, "-Wall", "-Werror=uninitialized",
		"-Werror=maybe-uninitialized", "-Werror=sequence-point", "-Werror=return-type", "-Werror=implicit-function-declaration",
		"-Werror=int-conversion", "-Werror=incompatible-pointer-types", "-Werror=array-bounds", file).CombinedOutput(); err != nil {
		_ = out
		return false
	}
	r := &Result{}
	c.checkFile(ctx, file, r)
	if r.signature() != sig {
		return false
	}
	if r.Kind == Panic || r.Kind == InternalErr {
		return true
	}
	return c.ubsanClean(ctx, file)
}

// ubsanClean reports whether func_1 of file runs without a complaint of
// gcc's UBSan, from the initializers.
func (c *checker) ubsanClean(ctx context.Context, file string) bool {
	prog, err := lower(file)
	if err != nil {
		return false
	}
	drv, err := cdriver.New(prog, entry, cdriver.Options{UseInitializers: true})
	if err != nil {
		return false
	}
	out, err := runDriver(ctx, file, drv, []cdriver.Case{{}}, "-fsanitize=undefined", "-fno-sanitize-recover=all")
	return err == nil && out[0].Status == "ok"
}
