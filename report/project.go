package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"time"
)

// Project is the inka/v1 object of a run over several files (inka cover
// over files, a directory or a compilation database; inka merge). Files
// holds one inka/v1 Run per file, in the order of their paths, each the
// object `inka cover FILE.c` prints for that file alone (its goals and
// tests name their function; test ids are per file); a file that could
// not be read or parsed is a Run with Error set ("file:line:col:
// message") and no goals. A reader tells a Project from a single-file
// Run by its "files" field.
type Project struct {
	Schema    string `json:"schema"`
	Criterion string `json:"criterion,omitempty"`
	MCDCForm  string `json:"mcdc_form,omitempty"`
	Files     []*Run `json:"files"`
	// Shard is the part of the project's functions this run analysed
	// (--shard I/N); absent for a whole run and for a merge of every
	// shard.
	Shard *Shard `json:"shard,omitempty"`
	// Summary counts the files, functions, goals and tests of Files.
	Summary Summary `json:"summary"`
	// Stats sums the files' Stats: the work of the analyses, cached ones
	// included (their figures are those of the run that made them), so
	// that it is the same whether the cache answered or not.
	Stats   Stats    `json:"stats"`
	Options *Options `json:"options,omitempty"`
	// Run is what this process did: wall time, peak memory, the work the
	// cache saved. It differs from run to run, unlike everything above.
	Run *RunInfo `json:"run,omitempty"`
}

// Shard is shard Index (1-based) of Count.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// Summary counts a project's results.
type Summary struct {
	Files            int `json:"files"`
	FilesFailed      int `json:"files_failed"`
	Functions        int `json:"functions"`
	FunctionsSkipped int `json:"functions_skipped"`
	Goals            int `json:"goals"`
	Covered          int `json:"covered"`
	Unreachable      int `json:"unreachable"`
	Unknown          int `json:"unknown"`
	Tests            int `json:"tests"`
}

// RunInfo describes one process's run of a project.
type RunInfo struct {
	WallMS int64 `json:"wall_ms"`
	// CPUMS is the CPU time of the process (user and system): CPUMS /
	// WallMS is how many cores it kept busy on average.
	CPUMS     int64 `json:"cpu_ms,omitempty"`
	Jobs      int   `json:"jobs,omitempty"`
	PeakRSSKB int64 `json:"peak_rss_kb,omitempty"`
	// CacheHits and CacheMisses count functions; FilesParsed the files
	// parsed, those whose manifest did not answer (all without a cache).
	CacheHits   int `json:"cache_hits"`
	CacheMisses int `json:"cache_misses"`
	FilesParsed int `json:"files_parsed"`
}

// Count adds the goals of a run to s (not its files or functions).
func (s *Summary) Count(run *Run) {
	for _, g := range run.Goals {
		s.Goals++
		switch g.Status {
		case "covered":
			s.Covered++
		case "unreachable":
			s.Unreachable++
		default:
			s.Unknown++
		}
	}
	s.Tests += len(run.Tests)
}

// Finish computes p's Summary and Stats from its Files; funcs counts the
// functions analysed (a file's skipped functions are counted from its
// Skipped).
func (p *Project) Finish(funcs int) {
	p.Summary = Summary{Files: len(p.Files), Functions: funcs}
	p.Stats = Stats{Engines: map[string]int{}}
	for _, f := range p.Files {
		if f.Error != "" {
			p.Summary.FilesFailed++
		}
		p.Summary.FunctionsSkipped += len(f.Skipped)
		p.Summary.Count(f)
		AddStats(&p.Stats, f.Stats)
	}
}

// AddStats adds b to a (engines included).
func AddStats(a *Stats, b Stats) {
	a.TimeMS += b.TimeMS
	a.Constraints += b.Constraints
	a.Prunings += b.Prunings
	a.Nodes += b.Nodes
	a.Failures += b.Failures
	a.Propagations += b.Propagations
	a.Trials += b.Trials
	a.Steps += b.Steps
	a.SATTicks += b.SATTicks
	a.SATSolves += b.SATSolves
	a.PrepassRuns += b.PrepassRuns
	a.PrepassSteps += b.PrepassSteps
	for k, v := range b.Engines {
		if a.Engines == nil {
			a.Engines = map[string]int{}
		}
		a.Engines[k] += v
	}
}

// Append adds the results of one function (a Run of that function
// alone, as FromCover or FromMCDC make it with fn "") to the file's run
// r: its tests are numbered after r's, and the goals, decisions and
// skipped functions follow r's.
func (r *Run) Append(f *Run) {
	base := len(r.Tests)
	shift := func(p *int) *int {
		if p == nil {
			return nil
		}
		v := *p + base
		return &v
	}
	for _, t := range f.Tests {
		t.ID += base
		r.Tests = append(r.Tests, t)
	}
	for _, g := range f.Goals {
		g.Test = shift(g.Test)
		if g.Pair != nil {
			g.Pair = []int{g.Pair[0] + base, g.Pair[1] + base}
		}
		r.Goals = append(r.Goals, g)
	}
	for _, d := range f.Decisions {
		r.Decisions = append(r.Decisions, d.MapTests(shift))
	}
	r.Skipped = append(r.Skipped, f.Skipped...)
	AddStats(&r.Stats, f.Stats)
}

// MapTests returns d with the test of each evaluation renumbered by f
// (nil stays nil).
func (d MCDCDecision) MapTests(f func(*int) *int) MCDCDecision {
	if d.Evaluations == nil {
		return d
	}
	evals := make([]MCDCEval, len(d.Evaluations))
	for i, e := range d.Evaluations {
		e.Test = f(e.Test)
		evals[i] = e
	}
	d.Evaluations = evals
	return d
}

// UnmarshalJSON reads a test, keeping the order of its args (the
// parameters' order, as MarshalJSON writes them) and its values as
// written: a run read back from JSON (a cache, inka merge) writes the
// same text again.
func (t *Test) UnmarshalJSON(b []byte) error {
	type plain Test
	var p plain
	// Values stay the decimal text they were written as (not float64,
	// which would print 4294967295 as 4.294967295e+09).
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&p); err != nil {
		return err
	}
	var raw struct {
		Args json.RawMessage `json:"args"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	keys, err := objectKeys(raw.Args)
	if err != nil {
		return fmt.Errorf("test args: %w", err)
	}
	*t = Test(p)
	t.argOrder = keys
	return nil
}

// objectKeys returns the keys of a JSON object in their order (none for
// null or an absent object).
func objectKeys(b []byte) ([]string, error) {
	if len(b) == 0 || string(b) == "null" {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	var keys []string
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return nil, err
		}
		keys = append(keys, k.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, err
		}
	}
	return keys, nil
}

// WriteProjectJSON writes p as indented JSON.
func WriteProjectJSON(w io.Writer, p *Project) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(p)
}

// WriteProjectText writes p for a person: each file's text (WriteText)
// under its name, a file that failed with its error, then the totals.
func WriteProjectText(w io.Writer, p *Project) {
	for _, f := range p.Files {
		fmt.Fprintf(w, "== %s\n", f.File)
		if f.Error != "" {
			fmt.Fprintf(w, "skipped: %s\n", f.Error)
			continue
		}
		WriteText(w, f)
	}
	s := p.Summary
	shard := ""
	if p.Shard != nil {
		shard = fmt.Sprintf(" (shard %d/%d)", p.Shard.Index, p.Shard.Count)
	}
	fmt.Fprintf(w, "== project%s: %d files (%d failed), %d functions (%d skipped); %d goals: %d covered, %d unreachable, %d unknown; %d tests",
		shard, s.Files, s.FilesFailed, s.Functions, s.FunctionsSkipped, s.Goals, s.Covered, s.Unreachable, s.Unknown, s.Tests)
	if r := p.Run; r != nil {
		fmt.Fprintf(w, "; %v wall, -j %d", time.Duration(r.WallMS)*time.Millisecond, r.Jobs)
		if r.PeakRSSKB > 0 {
			fmt.Fprintf(w, ", peak RSS %d MiB", r.PeakRSSKB/1024)
		}
		fmt.Fprintf(w, ", cache %d hits %d misses, %d files parsed", r.CacheHits, r.CacheMisses, r.FilesParsed)
	}
	fmt.Fprintln(w)
}
