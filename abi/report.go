package abi

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"time"
)

// Report is the result of a run: inka-abi/v1 in JSON.
type Report struct {
	Schema      string             `json:"schema"`
	Seed        uint64             `json:"seed"`
	Compilers   []CompilerReport   `json:"compilers"`
	Opts        []string           `json:"opts"`
	Ref         string             `json:"ref,omitempty"`
	Tests       TestCounts         `json:"tests"`
	PFSA        PFSAReport         `json:"pfsa"`
	Pairings    []*PairingStats    `json:"pairings"`
	Layout      []LayoutDiffReport `json:"layout_differences"`
	Outcomes    map[string]int     `json:"outcomes"` // "gcc/tcc -O0 1010" -> tests
	Groups      []*Group           `json:"failure_groups"`
	Failures    []*Failure         `json:"failures"`
	BuildErrors []BuildErrorReport `json:"build_errors"`
	Seconds     float64            `json:"seconds"`
	byID        map[string][]*Record
	groupRecs   map[*Group]*Record
}

// CompilerReport is a compiler as probed.
type CompilerReport struct {
	Name     string   `json:"name"`
	Command  []string `json:"command"`
	Caller   []string `json:"caller_flags,omitempty"`
	Callee   []string `json:"callee_flags,omitempty"`
	Features []string `json:"features"`
	Libs     []string `json:"libs,omitempty"`
}

// TestCounts counts the tests generated.
type TestCounts struct {
	// Per suite tag: "" all features; "f" without __float128, "i" without
	// __int128.
	Random map[string]int `json:"random"`
	PFSA   map[string]int `json:"pfsa"`
}

// PFSAReport is the automaton's size and the coverage of the suites.
type PFSAReport struct {
	States      int           `json:"states"`
	Criteria    int           `json:"criteria"`
	Transitions int           `json:"transitions"`
	Pairs       int           `json:"transition_pairs"`
	Suites      []SuiteReport `json:"suites"`
	// The random tests' coverage of the full automaton (as a baseline),
	// and how many of them fall outside it (a type the convention as
	// written has no criterion for).
	RandomTransitions int `json:"random_transitions_covered"`
	RandomPairs       int `json:"random_pairs_covered"`
	RandomOutside     int `json:"random_outside"`
}

// SuiteReport is one PFSA suite (per feature set).
type SuiteReport struct {
	Tag         string `json:"tag"`
	Transitions int    `json:"transitions"`
	Pairs       int    `json:"transition_pairs"`
	Paths       int    `json:"paths"`
	Tests       int    `json:"tests"`
	Covered     int    `json:"transitions_covered"`
	PairsCov    int    `json:"pairs_covered"`
}

// PairingStats counts one pairing's runs (caller compiler, callee
// compiler, level) and its throughput: tests per minute of compiling
// both sides, linking and running.
type PairingStats struct {
	Caller         string  `json:"caller"`
	Callee         string  `json:"callee"`
	Opt            string  `json:"opt"`
	Tests          int     `json:"tests"`
	Passed         int     `json:"passed"`
	Failed         int     `json:"failed"`
	Crashed        int     `json:"crashed"`
	Seconds        float64 `json:"seconds"`          // wall clock
	TestsPerMinute float64 `json:"tests_per_minute"` // per minute of wall clock
	CPUSeconds     float64 `json:"cpu_seconds"`      // the processes' CPU time
	TestsPerCPUMin float64 `json:"tests_per_cpu_minute"`
	cost           cost
	seen           map[string]bool
}

// LayoutDiffReport is a layout a compiler computes otherwise than the
// psABI rules.
type LayoutDiffReport struct {
	Compiler string `json:"compiler"`
	Opt      string `json:"opt"`
	What     string `json:"what"`
	Got      uint64 `json:"got"`
	Model    uint64 `json:"model"`
}

// BuildErrorReport is a test a compiler did not compile.
type BuildErrorReport struct {
	Test string `json:"test"`
	Pair string `json:"pair"`
	Note string `json:"note"`
}

// Failure is a test that failed in some pairing of a pair.
type Failure struct {
	Test       string   `json:"test"`
	Signature  string   `json:"signature"`
	Pair       string   `json:"pair"` // "gcc/tcc -O0": reference first
	Outcome    string   `json:"outcome"`
	Diagnosis  string   `json:"diagnosis"`
	Faulty     []string `json:"faulty,omitempty"`
	Group      int      `json:"group"`
	Details    []string `json:"details,omitempty"` // per failing pairing, what was wrong (first failures of each group only)
	renumbered bool
}

// Group gathers the failures with the same verdict (the sides the
// diagnosis blames, named by compiler, whatever the pair and the level)
// and the same fingerprint (the first value that went wrong).
type Group struct {
	ID          int      `json:"id"`
	Verdict     string   `json:"verdict"` // "tcc callee", "tcc caller, tcc callee (conflict)", ...
	Pair        string   `json:"pair"`    // of the first failure
	Outcome     string   `json:"outcome"`
	Diagnosis   string   `json:"diagnosis"`
	Faulty      []string `json:"faulty,omitempty"`
	Fingerprint string   `json:"fingerprint"`
	Count       int      `json:"count"`   // failures (a test fails once per pair and level)
	Tests       []string `json:"tests"`   // the first ones
	Seen        []string `json:"seen_in"` // the pairs and levels, with their outcome
	Features    string   `json:"features"`
	Details     []string `json:"details"`
	// CrossCheck is the first test's outcome in every pair that ran it:
	// the third compiler's word.
	CrossCheck []string `json:"cross_check,omitempty"`
	// OddOneOut is the compiler every pair with it fails and every pair
	// without it passes, on the first test (when there is one).
	OddOneOut string `json:"odd_one_out,omitempty"`
	Minimized *Repro `json:"minimized,omitempty"`
}

// report builds the report of the campaign's records.
func (c *campaign) report(elapsed time.Duration) *Report {
	rep := &Report{Schema: "inka-abi/v1", Seed: c.o.Seed, Opts: c.o.Opts, Ref: c.o.Ref,
		Outcomes: map[string]int{}, Seconds: elapsed.Seconds(), byID: map[string][]*Record{}, groupRecs: map[*Group]*Record{}}
	for _, comp := range c.o.Compilers {
		cr := CompilerReport{Name: comp.Name, Command: comp.Cmd, Caller: comp.CallerFlags, Callee: comp.CalleeFlags, Libs: comp.Libs, Features: []string{}}
		for _, f := range []Feature{FeatInt128, FeatFloat128} {
			if comp.Features[f] {
				cr.Features = append(cr.Features, string(f))
			}
		}
		rep.Compilers = append(rep.Compilers, cr)
	}
	rep.Tests.Random = map[string]int{}
	var random []*Test
	for _, tag := range sortedKeys(c.random) {
		rep.Tests.Random[tag] = len(c.random[tag])
		random = append(random, c.random[tag]...)
	}
	rep.Tests.PFSA, rep.PFSA = c.pfsaReport(random)

	var keys []string
	for k := range c.stats {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		s := c.stats[k]
		s.Seconds, s.CPUSeconds = s.cost.wall.Seconds(), s.cost.cpu.Seconds()
		if s.Seconds > 0 {
			s.TestsPerMinute = float64(s.Tests) / s.Seconds * 60
		}
		if s.CPUSeconds > 0 {
			s.TestsPerCPUMin = float64(s.Tests) / s.CPUSeconds * 60
		}
		rep.Pairings = append(rep.Pairings, s)
	}
	for _, k := range sortedKeys(c.layouts) {
		rep.Layout = append(rep.Layout, c.layouts[k])
	}
	c.group(rep)
	sort.SliceStable(rep.Groups, func(i, j int) bool { return rep.Groups[i].Count > rep.Groups[j].Count })
	for i, g := range rep.Groups { // number them in the order shown
		old := g.ID
		g.ID = i + 1
		for _, f := range rep.Failures {
			if f.Group == old && !f.renumbered {
				f.Group, f.renumbered = g.ID, true
			}
		}
	}
	return rep
}

// group sorts the records into build errors, outcome counts, failures
// and failure groups.
func (c *campaign) group(rep *Report) {
	sortRecords(c.records)
	groups := map[string]*Group{}
	for _, r := range c.records {
		rep.byID[r.Test.ID] = append(rep.byID[r.Test.ID], r)
	}
	for _, r := range c.records {
		pair := c.pairName(r.Pair)
		if !r.Built {
			rep.BuildErrors = append(rep.BuildErrors, BuildErrorReport{r.Test.ID, pair, r.Results[0].Note})
			continue
		}
		rep.Outcomes[pair+" "+r.Outcome.Code()]++
		if r.Outcome == (Outcome{true, true, true, true}) {
			continue
		}
		fp := c.fingerprint(r)
		v := verdict(r, pair)
		gk := v + "|" + fp
		g := groups[gk]
		if g == nil {
			g = &Group{ID: len(rep.Groups) + 1, Verdict: v, Pair: pair, Outcome: r.Outcome.Code(), Diagnosis: r.Diag.Text, Faulty: r.Diag.Faulty,
				Fingerprint: fp, Features: r.Test.Describe(c.p), Details: c.details(r), CrossCheck: c.crossCheck(rep, r), OddOneOut: c.oddOneOut(rep, r)}
			groups[gk] = g
			rep.Groups = append(rep.Groups, g)
			rep.groupRecs[g] = r
		}
		g.Count++
		if len(g.Tests) < 10 && !slices.Contains(g.Tests, r.Test.ID) {
			g.Tests = append(g.Tests, r.Test.ID)
		}
		if seen := pair + " " + r.Outcome.Code(); !slices.Contains(g.Seen, seen) {
			g.Seen = append(g.Seen, seen)
		}
		f := &Failure{Test: r.Test.ID, Signature: r.Test.Sig.String(), Pair: pair, Outcome: r.Outcome.Code(), Diagnosis: r.Diag.Text, Faulty: r.Diag.Faulty, Group: g.ID}
		if g.Count <= 3 {
			f.Details = c.details(r)
		}
		rep.Failures = append(rep.Failures, f)
	}
}

// verdict names whom a failure blames, independently of the pair it
// was seen in: the faulty sides ("tcc callee"), marked when two
// conventions conflict; for the outcomes the table cannot read, the
// outcome and the pair.
func verdict(r *Record, pair string) string {
	d := r.Diag
	switch {
	case len(d.Faulty) > 0 && d.Conflict:
		return strings.Join(d.Faulty, ", ") + " (another convention)"
	case len(d.Faulty) > 0:
		return strings.Join(d.Faulty, ", ")
	case d.Impossible:
		return "impossible outcome " + d.Code + " in " + pair
	}
	return "outcome " + d.Code + " in " + pair
}

// pfsaReport sizes the automaton and measures the coverage of the PFSA
// suites and, as the baseline, of the random tests.
func (c *campaign) pfsaReport(random []*Test) (map[string]int, PFSAReport) {
	counts := map[string]int{}
	rep := PFSAReport{States: len(c.p.States), Criteria: len(c.p.Crits), Transitions: len(c.p.Trans), Pairs: c.p.Pairs()}
	for _, tag := range sortedKeys(c.suites) {
		s := c.suites[tag]
		counts[tag] = len(s)
		have := map[Feature]bool{FeatFloat128: !strings.Contains(tag, "f"), FeatInt128: !strings.Contains(tag, "i")}
		p := c.p.Restrict(have) // the automaton the suite's paths index
		var paths [][]int
		for _, t := range s {
			if !strings.HasSuffix(t.ID, "v") {
				paths = append(paths, t.Path)
			}
		}
		tr, pr := p.Coverage(paths)
		rep.Suites = append(rep.Suites, SuiteReport{Tag: tag, Transitions: len(p.Trans), Pairs: p.Pairs(), Paths: len(paths), Tests: len(s), Covered: tr, PairsCov: pr})
	}
	var rpaths [][]int
	for _, t := range random {
		if path, ok := c.p.Path(t.Sig); ok {
			rpaths = append(rpaths, path)
		} else {
			rep.RandomOutside++
		}
	}
	rep.RandomTransitions, rep.RandomPairs = c.p.Coverage(rpaths)
	return counts, rep
}

func sortedKeys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func (c *campaign) pairName(k pairKey) string {
	return c.o.Compilers[k.R].Name + "/" + c.o.Compilers[k.C].Name + " -" + k.Opt
}

// fingerprint names what went wrong in a record, for grouping: the
// criterion of the first argument (in argument order) whose value
// arrived wrong in any failing pairing ("+v" when passed through "..."),
// else the return value's ("ret:"); the callee-saved state flags;
// crashes. The first wrong value is the root of a cascade: an argument
// placed wrongly shifts all those after it.
func (c *campaign) fingerprint(r *Record) string {
	parts := map[string]bool{}
	first := -2 // no wrong value
	for _, res := range r.Results {
		for _, m := range res.Mismatches {
			items := r.Test.Checks(m.Side)
			if m.Index >= len(items) {
				continue
			}
			if a := items[m.Index].Arg; first == -2 || a >= 0 && (first < 0 || a < first) {
				first = a
			}
		}
		for i, f := range stateFlags {
			if res.State&(1<<i) != 0 {
				parts["state:"+f] = true
			}
		}
		if res.Status == "crash" {
			parts["crash"] = true
		}
		if strings.Contains(res.Note, "checks") {
			parts["check count"] = true
		}
	}
	switch {
	case first == -1:
		parts["ret:"+c.critName(c.p.RetCriterion(r.Test.Sig.Ret), true)] = true
	case first >= 0:
		a := r.Test.Sig.Args()[first]
		name := c.critName(c.p.ArgCriterion(Promote(a)), false)
		if first >= len(r.Test.Sig.Params) {
			name += "+v"
		}
		parts[name] = true
	}
	return strings.Join(sortedKeys(parts), " ")
}

func (c *campaign) critName(ci int, ret bool) string {
	if ci < 0 {
		return "outside"
	}
	return c.p.Crits[ci].Name
}

// details describes what went wrong in each failing pairing of a record:
// each wrong value with where its bytes came from.
func (c *campaign) details(r *Record) []string {
	var out []string
	for p, cc := range r.Pair.pairings() {
		res := r.Results[p]
		if res.OK() || p > 0 && r.Pair.R == r.Pair.C {
			continue
		}
		head := fmt.Sprintf("%s/%s: %s", c.o.Compilers[cc[0]].Name, c.o.Compilers[cc[1]].Name, res.Status)
		if res.Note != "" {
			head += " (" + res.Note + ")"
		}
		var lines []string
		for i, m := range res.Mismatches {
			if i == 6 {
				lines = append(lines, fmt.Sprintf("... %d more", len(res.Mismatches)-i))
				break
			}
			lines = append(lines, describeMismatch(r.Test, m))
		}
		for i, f := range stateFlags {
			if res.State&(1<<i) != 0 {
				lines = append(lines, "callee-saved state: "+f)
			}
		}
		out = append(out, head+": "+strings.Join(lines, "; "))
	}
	return out
}

// describeMismatch says which value arrived wrong, what came instead, and
// where those bytes were in the call.
func describeMismatch(t *Test, m Mismatch) string {
	items := t.Checks(m.Side)
	if m.Index >= len(items) {
		return fmt.Sprintf("check %d of side %d", m.Index, m.Side)
	}
	it := items[m.Index]
	who := "callee got"
	if m.Side == 1 {
		who = "caller got"
	}
	what := fmt.Sprintf("a%d%s", it.Arg, it.Path)
	if it.Arg < 0 {
		what = "return value" + it.Path
	}
	s := fmt.Sprintf("%s %s = %#x, want %#x", who, what, m.Got, it.Want)
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], m.Got)
	n := leafWidth(it.read, it.leaf.Bits)
	if it.read.Kind.IsFloat() || it.read.Kind == Int128 || it.read.Kind == UInt128 {
		n = 8
	}
	if src := t.Locate(b[:min(n, 8)]); src != "" {
		s += " (" + src + ")"
	}
	return s
}

// crossCheck lists the test's outcome in every pair that ran it.
func (c *campaign) crossCheck(rep *Report, r *Record) []string {
	var out []string
	for _, o := range rep.byID[r.Test.ID] {
		if o.Built && o.Pair.Opt == r.Pair.Opt {
			out = append(out, fmt.Sprintf("%s %s", c.pairName(o.Pair), o.Outcome.Code()))
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// oddOneOut names the compiler that the test's other pairs single out:
// every pair with it failed, every pair without it passed ("" when no
// compiler is, or fewer than three pairs ran the test).
func (c *campaign) oddOneOut(rep *Report, r *Record) string {
	var recs []*Record
	for _, o := range rep.byID[r.Test.ID] {
		if o.Built && o.Pair.Opt == r.Pair.Opt && o.Pair.R != o.Pair.C {
			recs = append(recs, o)
		}
	}
	if len(recs) < 3 {
		return ""
	}
	var odd []string
	for x, comp := range c.o.Compilers {
		ok := true
		for _, o := range recs {
			with := o.Pair.R == x || o.Pair.C == x
			passed := o.Outcome == Outcome{true, true, true, true}
			ok = ok && with != passed
		}
		if ok {
			odd = append(odd, comp.Name)
		}
	}
	if len(odd) != 1 {
		return ""
	}
	return odd[0]
}

// minimizeFailures minimizes the first test of the largest groups.
func (c *campaign) minimizeFailures(rep *Report) error {
	for i, g := range rep.Groups {
		if i >= c.o.Minimize {
			break
		}
		rec := rep.groupRecs[g]
		repro, err := c.minimize(rec)
		if err != nil {
			return fmt.Errorf("minimizing %s: %w", rec.Test.ID, err)
		}
		g.Minimized = repro
	}
	return nil
}

// WriteJSON writes the report as one JSON object.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteText writes the report for a reader.
func (r *Report) WriteText(w io.Writer) {
	var names []string
	for _, c := range r.Compilers {
		names = append(names, c.Name)
	}
	fmt.Fprintf(w, "inka abi: %s at -%s, seed %d", strings.Join(names, ", "), strings.Join(r.Opts, " -"), r.Seed)
	if r.Ref != "" {
		fmt.Fprintf(w, ", reference %s", r.Ref)
	}
	fmt.Fprintf(w, " (%.0f s)\n", r.Seconds)
	for _, c := range r.Compilers {
		fmt.Fprintf(w, "  %s: %s, features [%s]\n", c.Name, strings.Join(c.Command, " "), strings.Join(c.Features, " "))
	}
	p := r.PFSA
	fmt.Fprintf(w, "PFSA (SysV AMD64): %d states, %d criteria, %d transitions, %d transition pairs\n", p.States, p.Criteria, p.Transitions, p.Pairs)
	for _, s := range p.Suites {
		tag := "all features"
		if s.Tag != "" {
			tag = "without " + strings.NewReplacer("f", "__float128 ", "i", "__int128 ").Replace(s.Tag)
		}
		fmt.Fprintf(w, "  suite (%s): %d paths, %d tests; transitions %d/%d, pairs %d/%d (%.1f%%)\n", strings.TrimSpace(tag), s.Paths, s.Tests, s.Covered, s.Transitions, s.PairsCov, s.Pairs, pct(s.PairsCov, s.Pairs))
	}
	nr := 0
	for _, n := range r.Tests.Random {
		nr += n
	}
	if nr > 0 {
		fmt.Fprintf(w, "  random tests (%d): transitions %d/%d, pairs %d/%d (%.1f%%), %d outside the automaton\n", nr, p.RandomTransitions, p.Transitions, p.RandomPairs, p.Pairs, pct(p.RandomPairs, p.Pairs), p.RandomOutside)

	}
	fmt.Fprintf(w, "\n%-24s %7s %7s %7s %7s %8s %9s %8s %9s\n", "pairing (caller/callee)", "tests", "passed", "failed", "crashed", "wall s", "tests/min", "CPU s", "/CPU min")
	for _, s := range r.Pairings {
		fmt.Fprintf(w, "%-24s %7d %7d %7d %7d %8.1f %9.0f %8.1f %9.0f\n", s.Caller+"/"+s.Callee+" -"+s.Opt, s.Tests, s.Passed, s.Failed, s.Crashed,
			s.Seconds, s.TestsPerMinute, s.CPUSeconds, s.TestsPerCPUMin)
	}
	fmt.Fprintf(w, "(a pairing's time: compiling its caller and callee files, linking, running)\n")
	if len(r.Layout) > 0 {
		fmt.Fprintf(w, "\nlayouts that differ from the psABI rules:\n")
		for _, l := range r.Layout {
			fmt.Fprintf(w, "  %s -%s: %s = %d, psABI %d\n", l.Compiler, l.Opt, l.What, l.Got, l.Model)
		}
	}
	if len(r.BuildErrors) > 0 {
		fmt.Fprintf(w, "\n%d tests did not build, e.g. %s (%s): %s\n", len(r.BuildErrors), r.BuildErrors[0].Test, r.BuildErrors[0].Pair, r.BuildErrors[0].Note)
	}
	fmt.Fprintf(w, "\n%d failures in %d groups\n", len(r.Failures), len(r.Groups))
	for _, g := range r.Groups {
		fmt.Fprintf(w, "\n#%d %s [%s]: %d failures (%s)\n  seen in: %s\n  %s: %s\n  e.g. %s: %s\n", g.ID, g.Verdict, g.Fingerprint, g.Count, strings.Join(g.Tests, " "),
			strings.Join(g.Seen, ", "), g.Pair, g.Diagnosis, g.Tests[0], g.Features)
		for _, d := range g.Details {
			fmt.Fprintf(w, "  %s\n", d)
		}
		if len(g.CrossCheck) > 0 {
			fmt.Fprintf(w, "  other pairs: %s\n", strings.Join(g.CrossCheck, ", "))
		}
		if g.OddOneOut != "" {
			fmt.Fprintf(w, "  odd one out: %s (every pair with it fails, every pair without it passes)\n", g.OddOneOut)
		}
		if m := g.Minimized; m != nil {
			mode := "through the trampoline"
			if m.Direct {
				mode = "direct call"
			}
			fmt.Fprintf(w, "  minimized (%d rounds, %s): %s\n    %s\n    reproducer: %s/build.sh\n", m.Rounds, mode, m.Signature, m.Features, m.Dir)
			for _, line := range strings.Split(strings.TrimSpace(m.Output), "\n") {
				if line != "" && !strings.HasPrefix(line, "DONE") && line != "END" {
					fmt.Fprintf(w, "    | %s\n", line)
				}
			}
		}
	}
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}
