package project

import (
	"fmt"
	"reflect"
	"sort"

	"github.com/inka-tool/inka/report"
)

// Merge combines the results of the shards of a project (or of any runs
// over disjoint functions: two directories, one-file runs made into
// projects by FromRun) into the object one run over all of them prints:
// files in path order, the functions of a file in source order (by their
// report.FuncSpan), tests numbered per file. The runs must share their
// criterion and options. A file that failed in one of them failed. It
// also returns warnings: the shards missing for a complete project.
func Merge(ps []*report.Project) (*report.Project, []string, error) {
	if len(ps) == 0 {
		return nil, nil, fmt.Errorf("merge: no result to merge")
	}
	out := &report.Project{Schema: report.Schema, Criterion: ps[0].Criterion, MCDCForm: ps[0].MCDCForm,
		Files: []*report.Run{}, Run: &report.RunInfo{}}
	for i, p := range ps {
		if p.Criterion != out.Criterion || p.MCDCForm != out.MCDCForm {
			return nil, nil, fmt.Errorf("merge: result %d is of criterion %s, result 1 of %s", i+1, p.Criterion, out.Criterion)
		}
		if out.Options == nil {
			out.Options = p.Options
		} else if p.Options != nil && !reflect.DeepEqual(p.Options, out.Options) {
			return nil, nil, fmt.Errorf("merge: result %d was made with other options than result 1", i+1)
		}
		if r := p.Run; r != nil {
			out.Run.WallMS = max(out.Run.WallMS, r.WallMS)
			out.Run.PeakRSSKB = max(out.Run.PeakRSSKB, r.PeakRSSKB)
			out.Run.CacheHits += r.CacheHits
			out.Run.CacheMisses += r.CacheMisses
			out.Run.FilesParsed += r.FilesParsed
			out.Run.CPUMS += r.CPUMS
		}
	}
	warnings, err := checkShards(ps)
	if err != nil {
		return nil, nil, err
	}
	byFile := map[string][]*report.Run{}
	var names []string
	for _, p := range ps {
		for _, f := range p.Files {
			if byFile[f.File] == nil {
				names = append(names, f.File)
			}
			byFile[f.File] = append(byFile[f.File], f)
		}
	}
	sort.Strings(names)
	funcs := 0
	for _, name := range names {
		f, n, err := mergeFile(name, byFile[name])
		if err != nil {
			return nil, nil, err
		}
		funcs += n
		out.Files = append(out.Files, f)
	}
	out.Finish(funcs)
	return out, warnings, nil
}

// checkShards checks that no shard is given twice and lists those missing
// when the runs are shards.
func checkShards(ps []*report.Project) ([]string, error) {
	count := 0
	seen := map[int]bool{}
	for i, p := range ps {
		if p.Shard == nil {
			continue
		}
		if count != 0 && p.Shard.Count != count {
			return nil, fmt.Errorf("merge: result %d is shard %d/%d, another of %d shards", i+1, p.Shard.Index, p.Shard.Count, count)
		}
		count = p.Shard.Count
		if seen[p.Shard.Index] {
			return nil, fmt.Errorf("merge: shard %d/%d given twice", p.Shard.Index, count)
		}
		seen[p.Shard.Index] = true
	}
	var warnings []string
	for i := 1; i <= count; i++ {
		if !seen[i] {
			warnings = append(warnings, fmt.Sprintf("merge: shard %d/%d is missing: its functions are not in the result", i, count))
		}
	}
	return warnings, nil
}

// mergeFile merges the runs of one file; n is the number of its
// functions.
func mergeFile(name string, runs []*report.Run) (*report.Run, int, error) {
	var pieces []piece
	for _, r := range runs {
		if r.Error != "" {
			return report.Failed(name, "", r.Error), 0, nil
		}
		ps, err := split(r)
		if err != nil {
			return nil, 0, err
		}
		pieces = append(pieces, ps...)
	}
	sort.SliceStable(pieces, func(i, j int) bool { return pieces[i].span.Line < pieces[j].span.Line })
	// The figures are per file: those of the runs, which are the sums
	// of their functions'.
	out := &report.Run{Schema: report.Schema, File: name, Goals: []report.Goal{}, Tests: []report.Test{},
		Stats: report.Stats{Engines: map[string]int{}}}
	for _, r := range runs {
		report.AddStats(&out.Stats, r.Stats)
		out.Criterion, out.MCDCForm, out.Options = r.Criterion, r.MCDCForm, r.Options
		if r.Decisions != nil && out.Decisions == nil {
			out.Decisions = []report.MCDCDecision{}
		}
	}
	for i, p := range pieces {
		if i > 0 && p.span.Name == pieces[i-1].span.Name {
			return nil, 0, fmt.Errorf("merge: function %s of %s is in two results", p.span.Name, name)
		}
		out.Functions = append(out.Functions, p.span)
		out.Append(p.run)
	}
	return out, len(pieces), nil
}

// piece is what a file's run says of one of its functions.
type piece struct {
	span report.FuncSpan
	run  *report.Run
}

// split cuts the run of a file into one run per function (Append's
// inverse), each with its tests numbered from 0.
func split(r *report.Run) ([]piece, error) {
	var out []piece
	for _, s := range r.Functions {
		f := &report.Run{Schema: r.Schema, File: r.File, Goals: []report.Goal{}, Tests: []report.Test{}}
		ids := map[int]int{}
		for _, t := range r.Tests {
			if t.Function == s.Name {
				ids[t.ID] = len(f.Tests)
				t.ID = len(f.Tests)
				f.Tests = append(f.Tests, t)
			}
		}
		renum := func(p *int) *int {
			if p == nil {
				return nil
			}
			v := ids[*p]
			return &v
		}
		for _, g := range r.Goals {
			if g.Function != s.Name {
				continue
			}
			g.Test = renum(g.Test)
			if g.Pair != nil {
				g.Pair = []int{ids[g.Pair[0]], ids[g.Pair[1]]}
			}
			f.Goals = append(f.Goals, g)
		}
		for _, d := range r.Decisions {
			if d.Function != s.Name {
				continue
			}
			f.Decisions = append(f.Decisions, d.MapTests(renum))
		}
		for _, sk := range r.Skipped {
			if sk.Function == s.Name {
				f.Skipped = append(f.Skipped, sk)
			}
		}
		out = append(out, piece{span: s, run: f})
	}
	if len(out) == 0 && (len(r.Goals) > 0 || len(r.Skipped) > 0) {
		return nil, fmt.Errorf("merge: %s has results but no functions (a run of an inka without \"functions\")", r.File)
	}
	return out, nil
}

// FromRun makes the result of a one-file run (inka cover FILE.c) a
// project of that file, for Merge. A run of one function (--func F)
// names it in its goals and tests, as a project's runs do.
func FromRun(run *report.Run) *report.Project {
	if fn := run.Function; fn != "" {
		run.Function = ""
		for i := range run.Goals {
			run.Goals[i].Function = fn
		}
		for i := range run.Tests {
			run.Tests[i].Function = fn
		}
		for i := range run.Decisions {
			run.Decisions[i].Function = fn
		}
	}
	p := &report.Project{Schema: report.Schema, Criterion: run.Criterion, MCDCForm: run.MCDCForm,
		Files: []*report.Run{run}, Options: run.Options}
	p.Finish(len(run.Functions))
	return p
}
