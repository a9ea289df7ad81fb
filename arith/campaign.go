package arith

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

// Campaign is a run of the matrix: programs generated one after the other
// (program i has seed Gen.Seed+i), each built and run by every
// configuration, the failures recorded and, on request, minimized.
type Campaign struct {
	Gen     Options
	Configs []Config
	// Mix varies the shape of the programs, as the paper's "multi long
	// expression" mode: program i has Exprs×Size operators in all, split
	// into 1, 2, 5, 10, ... or 1000 expressions (drawn from its seed).
	Mix      bool
	Programs int           // number of programs (0: until Duration)
	Duration time.Duration // wall-clock bound (0: until Programs); an outer guard, the programs do not depend on it
	// Out is the directory of the failing programs (seed-S.c, and
	// seed-S-reduced.c when reduced) and of failures.jsonl.
	Out      string
	Reduce   bool // minimize each failing program against its first failing configuration
	MaxTests int  // builds per minimization (0: Reduce's default)
	Jobs     int  // programs tested at once (default 1)
	Timeouts Runner
	Log      io.Writer // one line per failure and per minimization (nil: none)
}

// Failure is one configuration failing one program.
type Failure struct {
	Seed    uint64 `json:"seed"`
	Options string `json:"options"` // the command that regenerates the program
	Config  string `json:"config"`
	Kind    string `json:"kind"`
	Wrong   []int  `json:"wrong,omitempty"`
	Msg     string `json:"msg,omitempty"`
	File    string `json:"file"`
	// The minimization, for the first failing configuration of a program.
	Reduced       string  `json:"reduced,omitempty"`
	Pattern       string  `json:"pattern,omitempty"` // Program.Pattern of the reduced program
	OpsBefore     int     `json:"ops_before,omitempty"`
	OpsAfter      int     `json:"ops_after,omitempty"`
	ReduceTests   int     `json:"reduce_tests,omitempty"`
	ReducePhases  [5]int  `json:"reduce_phase_tests"` // builds per phase of Reduce (Reduction.PhaseTests)
	ReduceSeconds float64 `json:"reduce_seconds,omitempty"`
	ReduceError   string  `json:"reduce_error,omitempty"`
}

// Summary is what a campaign found.
type Summary struct {
	Programs   int                       `json:"programs"`
	Ops        int                       `json:"operators"`
	Flips      int                       `json:"flipped"`
	Inserted   int                       `json:"inserted"`
	Configs    []string                  `json:"configs"`
	Counts     map[string]map[string]int `json:"counts"` // configuration → outcome kind → programs
	Failures   []Failure                 `json:"failures"`
	Seconds    float64                   `json:"seconds"`
	GenSeconds float64                   `json:"generation_seconds"`
}

// Run runs the campaign.
func (c *Campaign) Run() (*Summary, error) {
	if c.Programs <= 0 && c.Duration <= 0 {
		return nil, fmt.Errorf("a campaign needs a number of programs or a duration")
	}
	if err := os.MkdirAll(c.Out, 0o755); err != nil {
		return nil, err
	}
	results, err := os.OpenFile(filepath.Join(c.Out, "failures.jsonl"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	defer results.Close()
	s := &Summary{Counts: map[string]map[string]int{}, Failures: []Failure{}}
	for _, cfg := range c.Configs {
		s.Configs = append(s.Configs, cfg.String())
		s.Counts[cfg.String()] = map[string]int{}
	}
	start := time.Now()
	var mu sync.Mutex
	next := 0
	var firstErr error
	take := func() (int, bool) {
		mu.Lock()
		defer mu.Unlock()
		if firstErr != nil || (c.Programs > 0 && next >= c.Programs) || (c.Duration > 0 && time.Since(start) >= c.Duration) {
			return 0, false
		}
		next++
		return next - 1, true
	}
	var wg sync.WaitGroup
	for w := 0; w < max(1, c.Jobs); w++ {
		dir, err := os.MkdirTemp("", "inka-arith-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
		r := c.Timeouts
		r.Dir = dir
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, ok := take(); ok; i, ok = take() {
				if err := c.one(&r, uint64(i), s, &mu, results); err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	s.Seconds = time.Since(start).Seconds()
	sort.Slice(s.Failures, func(i, j int) bool {
		a, b := s.Failures[i], s.Failures[j]
		return a.Seed < b.Seed || a.Seed == b.Seed && a.Config < b.Config
	})
	return s, firstErr
}

// one generates program i, tests it with every configuration and records
// what failed.
func (c *Campaign) one(r *Runner, i uint64, s *Summary, mu *sync.Mutex, results io.Writer) error {
	o := c.Gen
	o.Seed += i
	if c.Mix {
		o.Exprs, o.Size = mixShape(o.Seed, o.Exprs*o.Size)
	}
	t0 := time.Now()
	p, err := Generate(o)
	if err != nil {
		return err
	}
	gen := time.Since(t0)
	src := p.C(Header(p))
	var fails []Failure
	var first Config
	for _, cfg := range c.Configs {
		out, err := r.Test(src, cfg)
		if err != nil {
			return err
		}
		mu.Lock()
		s.Counts[cfg.String()][out.Kind.String()]++
		mu.Unlock()
		if out.Failed() {
			if len(fails) == 0 {
				first = cfg
			}
			fails = append(fails, Failure{Seed: o.Seed, Options: genCommand(p.Opts), Config: cfg.String(), Kind: out.Kind.String(), Wrong: out.Wrong, Msg: out.Msg})
		}
	}
	if len(fails) > 0 {
		file := filepath.Join(c.Out, fmt.Sprintf("seed-%d.c", o.Seed))
		if err := os.WriteFile(file, src, 0o644); err != nil {
			return err
		}
		for k := range fails {
			fails[k].File = file
		}
		if c.Reduce {
			c.reduce(p, first, &fails[0], r)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	s.Programs++
	s.Ops += p.Stats.Ops
	s.Flips += p.Stats.Flips
	s.Inserted += p.Stats.Inserted
	s.GenSeconds += gen.Seconds()
	for _, f := range fails {
		s.Failures = append(s.Failures, f)
		line, _ := json.Marshal(f)
		if _, err := fmt.Fprintf(results, "%s\n", line); err != nil {
			return err
		}
		if c.Log != nil {
			fmt.Fprintf(c.Log, "seed %d: %s: %s %s\n", f.Seed, f.Config, f.Kind, strings.TrimSpace(f.Msg))
		}
	}
	return nil
}

// mixShape splits total operators into expressions of equal size, their
// number drawn from the seed.
func mixShape(seed uint64, total int) (exprs, size int) {
	counts := []int{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000}
	r := rand.New(rand.NewPCG(seed, 0x6d6978))
	for {
		exprs = counts[r.IntN(len(counts))]
		if exprs <= total {
			return exprs, total / exprs
		}
	}
}

// reduce minimizes p against cfg and writes the result beside the
// failing program.
func (c *Campaign) reduce(p *Program, cfg Config, f *Failure, r *Runner) {
	t0 := time.Now()
	red, file, err := ReduceTo(p, cfg, r, c.MaxTests, strings.TrimSuffix(f.File, ".c")+"-reduced.c")
	f.ReduceSeconds = time.Since(t0).Seconds()
	if err != nil {
		f.ReduceError = err.Error()
		return
	}
	f.Reduced, f.OpsBefore, f.OpsAfter, f.ReduceTests, f.ReducePhases = file, red.Before, red.After, red.Tests, red.PhaseTests
	f.Pattern = p.Pattern()
}

// ReduceTo minimizes p against cfg (built and run by r) and writes the
// reduced program to file, with the commands that build and run it and
// the failure they show in its header comment.
func ReduceTo(p *Program, cfg Config, r *Runner, maxTests int, file string) (*Reduction, string, error) {
	test := func(q *Program) (Outcome, error) { return r.Test(q.C(""), cfg) }
	red, err := Reduce(p, test, maxTests)
	if err != nil {
		return nil, "", err
	}
	h := fmt.Sprintf("reduced by inka arith from %s\n   (%d operators -> %d, %d builds)\n   fails with: %s\n   build and run: %s",
		Header(p), red.Before, red.After, red.Tests, red.Outcome, cfg.BuildCommand(filepath.Base(file)))
	if red.Track >= 0 {
		h += fmt.Sprintf("\n   expected: the check of e%d fails (prints NG e%d)", red.Track, red.Track)
	}
	h += "\n   pattern: " + p.Pattern()
	if err := os.WriteFile(file, p.C(h), 0o644); err != nil {
		return nil, "", err
	}
	return red, file, nil
}

// Header is the comment of a generated program: the options that
// reproduce it and what the UB elimination did.
func Header(p *Program) string {
	return fmt.Sprintf("%s: %d operators, %d flipped, %d inserted", genCommand(p.Opts), p.Stats.Ops, p.Stats.Flips, p.Stats.Inserted)
}

// genCommand is the command that generates the program of o.
func genCommand(o Options) string {
	return fmt.Sprintf("inka arith gen --seed %d --exprs %d --size %d --depth %d --vars %d", o.Seed, o.Exprs, o.Size, o.Depth, o.Vars)
}

// WriteTable prints the summary as a table: one row per configuration,
// one column per outcome kind.
func (s *Summary) WriteTable(w io.Writer) {
	fmt.Fprintf(w, "%d programs, %d operators (%.2f%% flipped, %.2f%% inserted), %.0f s (generation %.1f s)\n",
		s.Programs, s.Ops, pct(s.Flips, s.Ops), pct(s.Inserted, s.Ops), s.Seconds, s.GenSeconds)
	fmt.Fprintf(w, "%-24s", "configuration")
	for _, k := range Kinds() {
		fmt.Fprintf(w, " %11s", k)
	}
	fmt.Fprintln(w)
	for _, cfg := range s.Configs {
		fmt.Fprintf(w, "%-24s", cfg)
		for _, k := range Kinds() {
			fmt.Fprintf(w, " %11d", s.Counts[cfg][k.String()])
		}
		fmt.Fprintln(w)
	}
	for _, f := range s.Failures {
		fmt.Fprintf(w, "seed %d: %s: %s", f.Seed, f.Config, f.Kind)
		if f.Reduced != "" {
			fmt.Fprintf(w, ", reduced %d -> %d operators in %d builds: %s", f.OpsBefore, f.OpsAfter, f.ReduceTests, f.Reduced)
		}
		fmt.Fprintf(w, " (%s)\n", f.File)
	}
	pats := s.Patterns()
	if len(pats) > 0 {
		fmt.Fprintf(w, "%d patterns of reduced failures:\n", len(pats))
	}
	for _, pc := range pats {
		fmt.Fprintf(w, "%5d  %s  (%s, first seed %d)\n", pc.Count, pc.Pattern, pc.Kind, pc.Seed)
	}
}

// PatternCount is a pattern of reduced failures and how many programs
// reduced to it.
type PatternCount struct {
	Pattern, Kind string
	Count         int
	Seed          uint64 // the first program with it
}

// Patterns groups the reduced failures by pattern (the paper's #pat),
// most frequent first.
func (s *Summary) Patterns() []PatternCount {
	idx := map[string]int{}
	var out []PatternCount
	for _, f := range s.Failures {
		if f.Pattern == "" {
			continue
		}
		key := f.Kind + " " + f.Pattern
		if i, ok := idx[key]; ok {
			out[i].Count++
			continue
		}
		idx[key] = len(out)
		out = append(out, PatternCount{Pattern: f.Pattern, Kind: f.Kind, Count: 1, Seed: f.Seed})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Count > out[j].Count })
	return out
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}
