package abi

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Options configure a run of `inka abi`.
type Options struct {
	Compilers []*Compiler
	Opts      []string // optimization levels ("O0", "O2"), each applied to both sides
	Ref       string   // the reference compiler's name ("": the first of each pair)
	Seed      uint64
	Random    int    // random tests
	PFSA      bool   // the PFSA suite
	MaxParams int    // longest PFSA path (arguments)
	Config    Config // the random generator's distribution
	Batch     int    // tests per compiled file
	Jobs      int    // compiler and test processes at once
	Dir       string // work directory
	Timeout   time.Duration
	Minimize  int      // failure groups to minimize
	Only      []string // run only these test IDs
	Progress  io.Writer
}

// pairKey names a compiler pair and an optimization level.
type pairKey struct {
	R, C int // indices in Options.Compilers: the reference first
	Opt  string
}

// Record is what one test did for one compiler pair at one level: the
// four pairings R/R, R/C, C/R, C/C.
type Record struct {
	Test     *Test
	Pair     pairKey
	Results  [4]Result
	Outcome  Outcome
	Diag     Diagnosis
	Built    bool // all four pairings built (else no diagnosis)
	batchDir string
}

// pairings lists the (caller, callee) compiler indices of the four
// pairings of a pair, in Outcome order.
func (k pairKey) pairings() [4][2]int {
	return [4][2]int{{k.R, k.R}, {k.R, k.C}, {k.C, k.R}, {k.C, k.C}}
}

// campaign is one run.
type campaign struct {
	o       Options
	b       *builder
	p       *PFSA
	suites  map[string][]*Test // PFSA suites by feature tag
	random  map[string][]*Test // random suites by feature tag
	records []*Record
	stats   map[string]*PairingStats
	layouts map[string]LayoutDiffReport
	mu      sync.Mutex
}

// Run runs a campaign and reports it.
func Run(o Options) (*Report, error) {
	if len(o.Compilers) == 0 {
		return nil, fmt.Errorf("no compilers")
	}
	if o.Batch <= 0 {
		o.Batch = 100
	}
	if o.MaxParams <= 0 {
		o.MaxParams = 40
	}
	if o.Timeout <= 0 {
		o.Timeout = 5 * time.Minute
	}
	if err := os.MkdirAll(o.Dir, 0o755); err != nil {
		return nil, err
	}
	dir, err := filepath.Abs(o.Dir)
	if err != nil {
		return nil, err
	}
	o.Dir = dir
	for _, c := range o.Compilers {
		if err := c.Probe(o.Dir); err != nil {
			return nil, err
		}
	}
	c := &campaign{o: o, b: newBuilder(o.Dir, o.Jobs, o.Timeout), p: SysV(), suites: map[string][]*Test{},
		stats: map[string]*PairingStats{}, layouts: map[string]LayoutDiffReport{}}
	c.random = map[string][]*Test{}
	if len(o.Only) > 0 {
		for _, id := range o.Only {
			if tag, i, ok := parseID(id, 'r'); ok {
				c.random[tag] = append(c.random[tag], RandomTestTag(o.Config, o.Seed, tag, i))
			}
		}
	} else {
		for _, k := range c.pairs(o.Opts[0]) {
			tag := featureTag(c.shared(k))
			if _, ok := c.random[tag]; ok {
				continue
			}
			for i := 0; i < o.Random; i++ {
				c.random[tag] = append(c.random[tag], RandomTestTag(o.Config, o.Seed, tag, i))
			}
		}
	}
	start := time.Now()
	for _, opt := range o.Opts {
		for _, k := range c.pairs(opt) {
			if err := c.runPair(k); err != nil {
				return nil, err
			}
		}
	}
	elapsed := time.Since(start)
	rep := c.report(elapsed)
	if err := c.minimizeFailures(rep); err != nil {
		return nil, err
	}
	return rep, nil
}

// pairs lists the compiler pairs: every two compilers (the reference
// first), or the one compiler against itself.
func (c *campaign) pairs(opt string) []pairKey {
	n := len(c.o.Compilers)
	if n == 1 {
		return []pairKey{{0, 0, opt}}
	}
	var ks []pairKey
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			r, o := i, j
			if c.o.Compilers[j].Name == c.o.Ref {
				r, o = j, i
			}
			ks = append(ks, pairKey{r, o, opt})
		}
	}
	return ks
}

// shared are the features both compilers of a pair accept.
func (c *campaign) shared(k pairKey) map[Feature]bool {
	have := map[Feature]bool{}
	for f, ok := range c.o.Compilers[k.R].Features {
		have[f] = ok && c.o.Compilers[k.C].Features[f]
	}
	return have
}

// featureTag names the PFSA suite of a feature set: "" when every
// feature is there, else letters of the missing ones ("f": __float128,
// "i": __int128).
func featureTag(have map[Feature]bool) string {
	tag := ""
	for _, f := range []Feature{FeatFloat128, FeatInt128} {
		if !have[f] {
			tag += string(f[0])
		}
	}
	return tag
}

// subTag reports whether a suite without the features tag names runs on
// a pair without those pair names (every feature the pair lacks, the
// suite lacks too).
func subTag(pair, tag string) bool {
	for _, f := range pair {
		if !strings.ContainsRune(tag, f) {
			return false
		}
	}
	return true
}

// parseID reads a test ID "<kind><tag><n>" ("r12", "rfi3", "pf7", "p7v").
func parseID(id string, kind byte) (tag string, n int, ok bool) {
	if len(id) < 2 || id[0] != kind {
		return "", 0, false
	}
	rest := id[1:]
	for len(rest) > 0 && (rest[0] == 'f' || rest[0] == 'i') {
		tag += rest[:1]
		rest = rest[1:]
	}
	digits := strings.TrimSuffix(rest, "v")
	if digits == "" || strings.Trim(digits, "0123456789") != "" || tag != "" && tag != "f" && tag != "i" && tag != "fi" {
		return "", 0, false
	}
	n, err := strconv.Atoi(digits)
	return tag, n, err == nil
}

// suiteTag is the PFSA suite without the features tag names.
func (c *campaign) suiteTag(tag string) []*Test {
	if s, ok := c.suites[tag]; ok {
		return s
	}
	have := map[Feature]bool{FeatFloat128: !strings.Contains(tag, "f"), FeatInt128: !strings.Contains(tag, "i")}
	p := c.p.Restrict(have)
	s := p.SuiteTests(p.Suite(c.o.MaxParams), c.o.Seed, have, tag)
	c.suites[tag] = s
	return s
}

func (c *campaign) wanted(t *Test) bool {
	return len(c.o.Only) == 0 || slices.Contains(c.o.Only, t.ID)
}

// runPair runs the tests of one pair at one level, batch by batch.
func (c *campaign) runPair(k pairKey) error {
	A, B := c.o.Compilers[k.R], c.o.Compilers[k.C]
	var batches [][]*Test
	// Random tests of every suite whose features the pair has, in fixed
	// index ranges, so that pairs share batches (and objects): the suite
	// without __int128 and __float128 is the same for every pair.
	var random []*Test
	for _, tag := range sortedKeys(c.random) {
		if subTag(featureTag(c.shared(k)), tag) {
			random = append(random, c.random[tag]...)
		}
	}
	var runnable []*Test
	for _, t := range random {
		if c.wanted(t) && A.Supports(t) && B.Supports(t) {
			runnable = append(runnable, t)
		}
	}
	for lo := 0; lo < len(runnable); lo += c.o.Batch {
		batches = append(batches, runnable[lo:min(lo+c.o.Batch, len(runnable))])
	}
	// The pair's PFSA suite; with --test, the suites the IDs name that
	// the pair can run.
	tags := []string{featureTag(c.shared(k))}
	if len(c.o.Only) > 0 {
		tags = nil
		for _, id := range c.o.Only {
			if tag, _, ok := parseID(id, 'p'); ok && subTag(featureTag(c.shared(k)), tag) && !slices.Contains(tags, tag) {
				tags = append(tags, tag)
			}
		}
	}
	if c.o.PFSA || len(c.o.Only) > 0 {
		var suite []*Test
		for _, tag := range tags {
			for _, t := range c.suiteTag(tag) {
				if c.wanted(t) {
					suite = append(suite, t)
				}
			}
		}
		for lo := 0; lo < len(suite); lo += c.o.Batch {
			batches = append(batches, suite[lo:min(lo+c.o.Batch, len(suite))])
		}
	}
	errs := make([]error, len(batches))
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(c.o.Jobs, 1))
	for i, batch := range batches {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			errs[i] = c.runBatch(k, batch)
			c.progress(k, i+1, len(batches))
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func (c *campaign) progress(k pairKey, done, total int) {
	if c.o.Progress != nil {
		fmt.Fprintf(c.o.Progress, "abi: %s/%s -%s: batch %d/%d\n", c.o.Compilers[k.R].Name, c.o.Compilers[k.C].Name, k.Opt, done, total)
	}
}

// runBatch builds and runs one batch in the four pairings of k. Tests
// that a compiler cannot compile are set apart (bisecting the batch)
// and reported as build failures; the others run.
func (c *campaign) runBatch(k pairKey, tests []*Test) error {
	res, dir, bad, err := c.b.runOutcomes(k, c.o.Compilers, tests)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, bt := range bad {
		r := &Record{Test: bt.test, Pair: k}
		for i := range r.Results {
			r.Results[i] = Result{Status: "build", Note: bt.note}
		}
		c.records = append(c.records, r)
	}
	if dir == "" {
		return nil
	}
	for i, t := range res.tests {
		r := &Record{Test: t, Pair: k, Built: true, batchDir: dir}
		for p := 0; p < 4; p++ {
			r.Results[p] = res.results[p][i]
			r.Outcome[p] = r.Results[p].OK()
		}
		r.Diag = Diagnose(r.Outcome, c.o.Compilers[k.R].Name, c.o.Compilers[k.C].Name)
		if k.R == k.C && !r.Outcome[0] {
			n := c.o.Compilers[k.R].Name
			r.Diag = Diagnosis{Code: r.Outcome.Code(), Faulty: []string{n + " caller", n + " callee"}, Text: n + " is inconsistent with itself (one compiler: the caller or the callee, which needs a second compiler)"}
		}
		c.records = append(c.records, r)
	}
	for p, cc := range k.pairings() {
		if p > 0 && k.R == k.C {
			break
		}
		c.count(cc, k.Opt, dir, res.runs[p], res.results[p], len(res.tests))
	}
	for p, diffs := range res.layouts {
		for _, d := range diffs {
			cc := k.pairings()[p]
			for side, idx := range cc {
				v := d.Caller
				if side == 1 {
					v = d.Callee
				}
				if v != d.Model {
					key := c.o.Compilers[idx].Name + "|" + k.Opt + "|" + d.What
					c.layouts[key] = LayoutDiffReport{Compiler: c.o.Compilers[idx].Name, Opt: k.Opt, What: d.What, Got: v, Model: d.Model}
				}
			}
		}
	}
	return nil
}

// count adds a pairing's run of a batch to the statistics (once per
// batch, however many pairs share it).
func (c *campaign) count(cc [2]int, opt, dir string, e *runEntry, results []Result, n int) {
	caller, callee := c.o.Compilers[cc[0]], c.o.Compilers[cc[1]]
	key := caller.Name + "/" + callee.Name + " -" + opt
	s := c.stats[key]
	if s == nil {
		s = &PairingStats{Caller: caller.Name, Callee: callee.Name, Opt: opt, seen: map[string]bool{}}
		c.stats[key] = s
	}
	if s.seen[dir] {
		return
	}
	s.seen[dir] = true
	co := c.b.object(dir, caller, "caller.c", opt)
	ce := c.b.object(dir, callee, "callee.c", opt)
	s.cost = s.cost.add(co.cost).add(ce.cost).add(e.link).add(e.run)
	s.Tests += n
	for _, r := range results {
		switch r.Status {
		case "pass":
			s.Passed++
		case "crash":
			s.Crashed++
		default:
			s.Failed++
		}
	}
}

// badTest is a test a compiler could not compile.
type badTest struct {
	test *Test
	note string
}

// outcomes are the results of a batch in the four pairings.
type outcomes struct {
	tests   []*Test
	results [4][]Result
	runs    [4]*runEntry
	layouts [4][]LayoutDiff
}

// runOutcomes builds the batch for both compilers of k (setting apart
// the tests one of them rejects) and runs the four pairings.
func (b *builder) runOutcomes(k pairKey, cs []*Compiler, tests []*Test) (*outcomes, string, []badTest, error) {
	var bad []badTest
	for {
		if len(tests) == 0 {
			return nil, "", bad, nil
		}
		src := Emit(tests, false)
		dir, err := b.batchDir(src)
		if err != nil {
			return nil, "", nil, err
		}
		var rejected []int
		var note string
		for _, ci := range []int{k.R, k.C} {
			for _, side := range []string{"caller.c", "callee.c"} {
				if o := b.object(dir, cs[ci], side, k.Opt); o.err != nil {
					note = fmt.Sprintf("%s does not compile the %s: %s", cs[ci].Name, side, firstLines(o.out, 3))
					rejected, err = b.rejects(cs[ci], side, k.Opt, tests)
					if err != nil {
						return nil, "", nil, err
					}
					break
				}
			}
			if rejected != nil {
				break
			}
		}
		if rejected == nil {
			o := &outcomes{tests: tests}
			for p, cc := range k.pairings() {
				e := b.pairing(dir, src, cs[cc[0]], cs[cc[1]], k.Opt)
				if e.err != nil {
					return nil, "", nil, fmt.Errorf("%s/%s -%s: %w", cs[cc[0]].Name, cs[cc[1]].Name, k.Opt, e.err)
				}
				o.results[p], o.runs[p], o.layouts[p] = e.results, e, e.layout
			}
			return o, dir, bad, nil
		}
		var keep []*Test
		for i, t := range tests {
			if slices.Contains(rejected, i) {
				bad = append(bad, badTest{t, note})
			} else {
				keep = append(keep, t)
			}
		}
		tests = keep
	}
}

// rejects finds, by bisection, the tests of a batch whose side the
// compiler rejects.
func (b *builder) rejects(c *Compiler, side, opt string, tests []*Test) ([]int, error) {
	dir, err := b.batchDir(Emit(tests, false))
	if err != nil {
		return nil, err
	}
	if b.object(dir, c, side, opt).err == nil {
		return []int{}, nil
	}
	if len(tests) == 1 {
		return []int{0}, nil
	}
	h := len(tests) / 2
	lo, err := b.rejects(c, side, opt, tests[:h])
	if err != nil {
		return nil, err
	}
	hi, err := b.rejects(c, side, opt, tests[h:])
	if err != nil {
		return nil, err
	}
	for _, i := range hi {
		lo = append(lo, i+h)
	}
	if len(lo) == 0 { // the halves compile, the whole does not: set all apart
		for i := range tests {
			lo = append(lo, i)
		}
	}
	return lo, nil
}

func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, " / ")
}

// sortRecords orders records by test, then pair.
func sortRecords(rs []*Record) {
	sort.SliceStable(rs, func(i, j int) bool {
		a, b := rs[i], rs[j]
		if a.Test.ID != b.Test.ID {
			return idLess(a.Test.ID, b.Test.ID)
		}
		if a.Pair.Opt != b.Pair.Opt {
			return a.Pair.Opt < b.Pair.Opt
		}
		if a.Pair.R != b.Pair.R {
			return a.Pair.R < b.Pair.R
		}
		return a.Pair.C < b.Pair.C
	})
}

// idLess orders test IDs by prefix, then number.
func idLess(a, b string) bool {
	split := func(s string) (string, int, string) {
		i := strings.IndexAny(s, "0123456789")
		if i < 0 {
			return s, 0, ""
		}
		j := i
		n := 0
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			n = n*10 + int(s[j]-'0')
			j++
		}
		return s[:i], n, s[j:]
	}
	pa, na, sa := split(a)
	pb, nb, sb := split(b)
	if pa != pb {
		return pa < pb
	}
	if na != nb {
		return na < nb
	}
	return sa < sb
}

// workDir is where a reproducer goes.
func (c *campaign) reproDir(name string) string {
	return filepath.Join(c.o.Dir, "repro", name)
}

// TestsByID builds the tests named by ids: "r12" (random test 12 of
// seed), "p7" / "p7v" (PFSA path 7 and its variadic version); a tag after
// the letter names the suite without __float128 ("f") or __int128 ("i"):
// "rfi12", "pf7".
func TestsByID(ids []string, cfg Config, seed uint64, maxParams int) ([]*Test, error) {
	var tests []*Test
	suites := map[string][]*Test{}
	for _, id := range ids {
		if tag, i, ok := parseID(id, 'r'); ok && !strings.HasSuffix(id, "v") {
			tests = append(tests, RandomTestTag(cfg, seed, tag, i))
			continue
		}
		tag, _, ok := parseID(id, 'p')
		if !ok {
			return nil, fmt.Errorf("test %q: want rN, pN, pNv (with a tag f, i or fi after the letter for the suites without __float128, __int128)", id)
		}
		s, ok := suites[tag]
		if !ok {
			have := map[Feature]bool{FeatFloat128: !strings.Contains(tag, "f"), FeatInt128: !strings.Contains(tag, "i")}
			p := SysV().Restrict(have)
			s = p.SuiteTests(p.Suite(maxParams), seed, have, tag)
			suites[tag] = s
		}
		found := false
		for _, t := range s {
			if t.ID == id {
				tests = append(tests, t)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("test %q: no such test in the PFSA suite", id)
		}
	}
	return tests, nil
}
