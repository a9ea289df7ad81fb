package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// newTestChecker returns a checker for the tests, or skips when csmith is
// not installed (.ci/run installs it).
func newTestChecker(t *testing.T) *checker {
	t.Helper()
	bin, inc, err := findCsmith(false)
	if err != nil {
		t.Skipf("%v: the Csmith check is left out", err)
	}
	return &checker{csmith: bin, include: inc, work: t.TempDir(), modelEvery: 1,
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

// TestModelSeed: the model check on a program whose func_1 is small: the
// covered claims are run by gcc, the unreachable ones attacked; no answer
// is wrong.
func TestModelSeed(t *testing.T) {
	c := newTestChecker(t)
	c.model = true
	r := c.checkSeed(context.Background(), 37)
	require.Equal(t, Agree, r.Kind, "%s %s", r.Reason, r.Detail)
	m := r.Model
	require.NotNil(t, m)
	assert.Empty(t, m.Skipped)
	assert.Empty(t, m.Wrong)
	assert.Positive(t, m.Confirmed, "the check confirms something")
	assert.Equal(t, m.Covered, m.Confirmed+m.NotReplayed, "every covered claim confirmed by gcc")
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
