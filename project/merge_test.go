package project

import (
	"sync/atomic"
	"testing"

	"github.com/inka-tool/inka/report"
)

// The shards of a project partition its functions, whatever their
// number, and merging them gives what the whole run gives: the same files
// in the same order, functions in source order, tests renumbered per
// file, the failed file once.
func TestShardMergeEqualsWhole(t *testing.T) {
	dir := writeProject(t)
	srcs := collect(t, dir)
	whole, err := Run(srcs, Options{Jobs: 2, Analyse: cover, Criterion: "all-decisions"})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 2, 3, 7} {
		var shards []*report.Project
		funcs := 0
		for i := 1; i <= n; i++ {
			p, err := Run(srcs, Options{Jobs: 2, Analyse: cover, Criterion: "all-decisions", Shard: Shard{Index: i, Count: n}})
			if err != nil {
				t.Fatal(err)
			}
			funcs += p.Summary.Functions
			shards = append(shards, p)
		}
		if funcs != whole.Summary.Functions {
			t.Errorf("%d shards: %d functions in all, the whole run has %d", n, funcs, whole.Summary.Functions)
		}
		// in the reverse order: merge sorts
		for i, j := 0, len(shards)-1; i < j; i, j = i+1, j-1 {
			shards[i], shards[j] = shards[j], shards[i]
		}
		merged, warnings, err := Merge(shards)
		if err != nil || len(warnings) > 0 {
			t.Fatalf("%d shards: %v %v", n, err, warnings)
		}
		if got, want := stable(t, merged), stable(t, whole); got != want {
			t.Errorf("%d shards merged differ from the whole run:\n%s\nwant\n%s", n, got, want)
		}
	}
}

func TestMergeChecks(t *testing.T) {
	dir := writeProject(t)
	srcs := collect(t, dir, "broken.c")
	var calls atomic.Int64
	shard := func(i, n int) *report.Project {
		p, err := Run(srcs, Options{Analyse: countingAnalyse(&calls), Shard: Shard{Index: i, Count: n}})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	if _, w, err := Merge([]*report.Project{shard(1, 3), shard(3, 3)}); err != nil || len(w) != 1 {
		t.Errorf("shard 2/3 missing: warnings %q, error %v", w, err)
	}
	if _, _, err := Merge([]*report.Project{shard(1, 2), shard(1, 2)}); err == nil {
		t.Error("shard 1/2 given twice is not an error")
	}
	if _, _, err := Merge([]*report.Project{shard(1, 2), shard(1, 3)}); err == nil {
		t.Error("shards of 2 and 3 merged")
	}
	other := shard(2, 2)
	other.Criterion = "mcdc"
	if _, _, err := Merge([]*report.Project{shard(1, 2), other}); err == nil {
		t.Error("results of two criteria merged")
	}
}
