package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/ir"
)

// newTestChecker returns a checker for the tests, or skips when csmith is
// not installed (.ci/run installs it).
func newTestChecker(t *testing.T) *checker {
	t.Helper()
	bin, inc, err := findCsmith(false)
	if err != nil {
		t.Skipf("%v: the Csmith check is left out", err)
	}
	return &checker{csmith: bin, include: inc, work: t.TempDir(), modelEvery: 1, flags: strings.Fields(defaultFlags),
		mopts: modelOptions{goals: 2, steps: 2_000_000, totalSteps: 10_000_000, guard: 5 * time.Minute, maxUnroll: 16, attacks: 20}}
}

// TestSeeds: the interpreter agrees with gcc on the programs of a few
// fixed seeds: those where it once reported a false "write to read-only
// object" (issue 24: `static uint16_t *const ***g` written through a
// pointer), one whose structs are laid out by #pragma pack, which it
// once read at the wrong offsets, and two plain ones.
func TestSeeds(t *testing.T) {
	c := newTestChecker(t)
	for _, seed := range []int{302, 337, 561, 685, 852, 523, 1, 13} {
		r := c.checkSeed(context.Background(), seed)
		assert.Equal(t, Agree, r.Kind, "seed %d: %s %s", seed, r.Reason, r.Detail)
	}
}

// TestDefaultFlagSeeds: programs of Csmith's default flags (bit-fields,
// packed structs of bit-fields, volatiles, unions) the interpreter once
// disagreed on: seed 27 a false "write to read-only object" (a union with
// a const member written through the other), seed 31 the union globals
// whose first member is a bit-field (their initializers were dropped),
// seed 30 packed bit-fields (refused before; its program takes 8 s of
// CPU, so it runs with -tags heavy only: frontend's TestLayoutAgainstGCC
// keeps Csmith's packed structs of bit-fields laid out as gcc does).
func TestDefaultFlagSeeds(t *testing.T) {
	c := newTestChecker(t)
	c.flags = strings.Fields("--max-funcs 3")
	seeds := []int{27, 31}
	if heavy {
		seeds = append(seeds, 30)
	}
	for _, seed := range seeds {
		r := c.checkSeed(context.Background(), seed)
		assert.Equal(t, Agree, r.Kind, "seed %d: %s %s", seed, r.Reason, r.Detail)
	}
}

// TestModelSeed: the model check on two programs whose func_1 is small:
// the covered claims are run by gcc, the unreachable one (seed 69) is
// attacked; no answer is wrong.
func TestModelSeed(t *testing.T) {
	c := newTestChecker(t)
	c.model = true
	attacked := 0
	for _, seed := range []int{37, 69} {
		r := c.checkSeed(context.Background(), seed)
		require.Equal(t, Agree, r.Kind, "%s %s", r.Reason, r.Detail)
		m := r.Model
		require.NotNil(t, m)
		assert.Empty(t, m.Skipped)
		assert.Empty(t, m.Wrong)
		assert.Positive(t, m.Confirmed, "the check confirms something")
		assert.Equal(t, m.Covered, m.Confirmed+m.NotReplayed, "every covered claim confirmed by gcc")
		if m.Unreachable > 0 {
			attacked += m.Attacks
		}
	}
	assert.Positive(t, attacked, "an unreachable claim attacked")
}

// TestRefusal: refusal messages are counted by reason, the program's
// names and numbers left out.
func TestRefusal(t *testing.T) {
	assert.Equal(t, "comparison of int* and unsigned int*",
		refusal("/tmp/x/p8.c:1702:44: unsupported: comparison of int* and unsigned int*"))
	assert.Equal(t, "call of X deeper than the inlining bound (N)",
		refusal("p.c:3:4: unsupported: call of func_12 deeper than the inlining bound (8)\nmore"))
}

func TestParseSeeds(t *testing.T) {
	s, err := parseSeeds("1-3,7,10-11")
	require.NoError(t, err)
	assert.Equal(t, []int{1, 2, 3, 7, 10, 11}, s)
	for _, bad := range []string{"", "3-1", "a", "1-b"} {
		_, err := parseSeeds(bad)
		assert.Error(t, err, bad)
	}
}

// TestSummary: the figures of a campaign, with the failures listed.
func TestSummary(t *testing.T) {
	results := []*Result{
		{Seed: 1, Kind: Agree, Model: &ModelResult{Goals: 3, Covered: 1, Confirmed: 1, Unreachable: 1, Attacks: 20, Unknown: 1,
			Unknowns: map[string]int{"time or search budget exhausted": 1}}},
		{Seed: 2, Kind: Refused, Reason: "comparison of int* and unsigned int*"},
		{Seed: 3, Kind: StepLimit},
		{Seed: 4, Kind: FalseUB, Detail: "p.c:1:2: undefined behaviour: write to read-only object: *l = …", UB: "write to read-only object"},
	}
	s := summarize(results)
	assert.Equal(t, 1, s.failures)
	var b strings.Builder
	s.write(&b, time.Second)
	out := b.String()
	for _, want := range []string{"agree", "refused", "step limit", "1  comparison of int* and unsigned int*",
		"model check on 1 programs", "1 unreachable (attacked by 20 runs)", "1 failures", "seed 4: false UB"} {
		assert.Contains(t, out, want)
	}
	assert.Equal(t, "false UB:write to read-only object", results[3].signature())
}

// TestRun: the command on one seed: the figures, and the program's line
// with -v.
func TestRun(t *testing.T) {
	if _, _, err := findCsmith(false); err != nil {
		t.Skipf("%v", err)
	}
	var out strings.Builder
	require.NoError(t, run([]string{"-seeds", "13", "-model=false", "-reduce=false", "-v", "-keep", t.TempDir()}, &out))
	s := out.String()
	assert.Contains(t, s, "csmith check: 1 seeds (13), csmith 2.3.0")
	assert.Contains(t, s, "seed 13: agree")
	assert.Contains(t, s, "1 programs in")
	assert.Contains(t, s, "0 failures")
	assert.Error(t, run([]string{"-seeds", "9-1"}, &out), "a bad range")
}

// TestInteresting: creduce's test says no for a program inka gets right,
// and the signature of a failure names its kind of undefined behaviour.
func TestInteresting(t *testing.T) {
	c := newTestChecker(t)
	dir := t.TempDir()
	file, err := c.generate(context.Background(), 13, dir)
	require.NoError(t, err)
	assert.False(t, c.interesting(context.Background(), string(Disagree), file))
	r := &Result{}
	c.checkFile(context.Background(), file, r)
	assert.Equal(t, "agree", r.signature())
	assert.True(t, c.ubsanClean(context.Background(), file))
}

// TestDecisionTraces: the same decisions in another order (C leaves the
// order of a call's arguments unspecified) are no disagreement; other
// traces are, shown where they first differ.
func TestDecisionTraces(t *testing.T) {
	same := "decisions:\n  interp [/d/p.c:3:5:true /d/p.c:9:2:false]\n  gcc    [/d/p.c:9:2:false /d/p.c:3:5:true]"
	assert.Empty(t, sameDecisions([]string{same}))
	diff := "decisions:\n  interp [/d/p.c:3:5:true /d/p.c:9:2:false]\n  gcc    [/d/p.c:3:5:true /d/p.c:9:2:true]"
	msgs := sameDecisions([]string{diff, "return: interp [1], gcc [2]"})
	require.Len(t, msgs, 2)
	s := shorten(msgs)
	assert.Contains(t, s, "decisions differ at step 1 (interp 2 steps, gcc 2)")
	assert.Contains(t, s, "p.c:9:2:false")
	assert.NotContains(t, s, "/d/", "positions without their directory")
	assert.Contains(t, s, "return: interp [1], gcc [2]")
}

// TestClassify: inka's errors: a refusal by reason, a panic the front
// end caught, an internal error.
func TestClassify(t *testing.T) {
	r := &Result{}
	classify(&frontend.Error{Pos: ir.Pos{File: "p.c", Line: 3, Col: 4}, Msg: "unsupported: comparison of int* and unsigned int*"}, r)
	assert.Equal(t, Refused, r.Kind)
	assert.Equal(t, "comparison of int* and unsigned int*", r.Reason)
	r = &Result{}
	classify(errors.New("internal error lowering func_1: index out of range\ngoroutine 1 [running]:"), r)
	assert.Equal(t, Panic, r.Kind)
	r = &Result{}
	classify(errors.New("interp: bad program"), r)
	assert.Equal(t, InternalErr, r.Kind)
	assert.True(t, r.Kind.fail())

	c := &checker{keep: t.TempDir()}
	src := filepath.Join(t.TempDir(), "p.c")
	require.NoError(t, os.WriteFile(src, []byte("int func_1(void) { return 0; }\n"), 0o644))
	kept := c.keepFile(src, 42)
	assert.Equal(t, filepath.Join(c.keep, "seed42.c"), kept)
	assert.FileExists(t, kept)
	assert.Equal(t, "", (&checker{}).keepFile(src, 1), "no keep directory")
}
