package project

import (
	"errors"
	"fmt"
	"io"
	"path"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/report"
)

// Options configure a project run.
type Options struct {
	// Jobs is the number of functions (or files being parsed) worked on
	// at once; 0 means one per core the process may use.
	Jobs int
	// Funcs are globs of the functions to analyse (path.Match syntax:
	// parse_*, [a-c]*); none means every function.
	Funcs []string
	// Shard restricts the run to a part of the functions (zero: all).
	Shard Shard
	// Frontend are the options every file is read with; a Source's own
	// options are added to them (include directories and macros after
	// these, its -std and -include instead of these).
	Frontend frontend.Options
	// Analyse analyses function fn of the file u was loaded from, and
	// returns its inka/v1 result (a Run of that function alone, its goals
	// and tests naming it). Its error skips the function, with the reason
	// Reason gives. It is called from several goroutines at once.
	Analyse func(u *frontend.Unit, file, fn string) (*report.Run, error)
	// Reason describes the error of Analyse or of Load for the output
	// ("file:line:col: message"); nil means err.Error().
	Reason func(err error) string
	// Cache, when not nil, is read before a function is analysed and
	// written after; Key is the options the answers depend on (the
	// criterion, the budgets, the seed...) and Version inka's version,
	// both part of every cache key.
	Cache        *Cache
	Key, Version string
	// Criterion, MCDCForm and Report are what the project's object and
	// each file's record of the run (report.Run's fields of those names,
	// Options for Report), whether or not a function of the file was
	// analysed.
	Criterion, MCDCForm string
	Report              *report.Options
	// Progress, when not nil, receives a status line, rewritten in place
	// (a terminal), a few times a second.
	Progress io.Writer
}

// Shard is part Index (1-based) of Count of a project's functions; the
// zero Shard is the whole project.
type Shard = report.Shard

// ParseShard reads "I/N" (1 ≤ I ≤ N).
func ParseShard(s string) (Shard, error) {
	var sh Shard
	var rest string
	if n, _ := fmt.Sscanf(s, "%d/%d%s", &sh.Index, &sh.Count, &rest); n != 2 || sh.Count < 1 || sh.Index < 1 || sh.Index > sh.Count {
		return Shard{}, fmt.Errorf("shard %q: want I/N with 1 ≤ I ≤ N", s)
	}
	return sh, nil
}

// Run analyses the functions of srcs and returns the project's inka/v1
// object. Errors in the input (a file that does not parse, a function
// Analyse refuses) are in the object, not returned: the error is for a
// bad option (a malformed glob).
func Run(srcs []Source, opts Options) (*report.Project, error) {
	for _, g := range opts.Funcs {
		if _, err := path.Match(g, ""); err != nil {
			return nil, fmt.Errorf("--func %q: %w", g, err)
		}
	}
	if opts.Jobs <= 0 {
		// GOMAXPROCS: the cores the process may use, its container's CPU
		// limit included (not every core of the node)
		opts.Jobs = runtime.GOMAXPROCS(0)
	}
	if opts.Reason == nil {
		opts.Reason = func(err error) string { return err.Error() }
	}
	start := time.Now()
	r := &runner{opts: opts, srcs: srcs, files: make([]fileResult, len(srcs)),
		cpu: make(chan struct{}, opts.Jobs), live: make(chan struct{}, opts.Jobs+1), sums: map[string]string{}}
	r.progress.start = start
	r.progress.files = len(srcs)
	stop := r.showProgress()
	var wg sync.WaitGroup
	for i := range srcs {
		r.live <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-r.live; wg.Done() }()
			r.file(i)
		}()
	}
	wg.Wait()
	stop()
	if opts.Cache != nil {
		_, _ = opts.Cache.Trim() // a cache that cannot be trimmed only grows
	}
	p := r.assemble()
	peak, cpu := usage()
	p.Run = &report.RunInfo{WallMS: time.Since(start).Milliseconds(), CPUMS: cpu, Jobs: opts.Jobs, PeakRSSKB: peak,
		CacheHits: r.hits, CacheMisses: r.misses, FilesParsed: r.parsed}
	return p, nil
}

// runner is one run of a project.
type runner struct {
	opts Options
	srcs []Source
	// cpu holds a token per goroutine at work (parsing, analysing): at
	// most Jobs. live holds one per loaded file: at most Jobs+1.
	cpu, live    chan struct{}
	files        []fileResult
	mu           sync.Mutex // guards what follows and progress
	hits, misses int
	parsed       int // files parsed (not answered by their manifest)
	progress     progress
	sums         map[string]string // hashes of the files manifests name (manifest.go)
}

// fileResult is what a file gave: its error, or its functions' results.
type fileResult struct {
	err      string
	selected bool // some function, or the file itself, is in the shard
	spans    []report.FuncSpan
	funcs    []funcResult
}

// funcResult is one function's result, or why it was skipped.
type funcResult struct {
	name string
	run  *report.Run
	skip string
	key  string // its cache key, when the cache has its result
}

// file loads source i, analyses its functions of the run and stores the
// results in r.files[i].
func (r *runner) file(i int) {
	src := r.srcs[i]
	res := &r.files[i]
	opts := r.frontendOptions(src)
	mkey := ""
	if r.opts.Cache != nil {
		mkey = r.manifestKey(src, opts)
		if r.fromManifest(mkey, res) {
			r.markSelected(res, src.File)
			r.fileDone(len(res.funcs))
			for _, f := range res.funcs {
				r.count(&r.hits)
				r.funcDone(f.run)
			}
			return
		}
	}
	r.cpu <- struct{}{}
	r.count(&r.parsed)
	u, err := frontend.Load(src.File, opts)
	var names []string
	if err == nil {
		names = r.selectFuncs(src.File, u.Functions())
		for _, fn := range names {
			first, last, _ := u.FunctionSpan(fn)
			res.spans = append(res.spans, report.FuncSpan{Name: fn, Line: first, EndLine: last})
		}
	}
	<-r.cpu
	r.markSelected(res, src.File)
	if err != nil {
		res.err = r.opts.Reason(err)
		r.fileDone(0)
		return
	}
	r.fileDone(len(names))
	res.funcs = make([]funcResult, len(names))
	var wg sync.WaitGroup
	for j, fn := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res.funcs[j] = r.function(u, src.File, fn)
			r.funcDone(res.funcs[j].run)
		}()
	}
	wg.Wait()
	if mkey != "" {
		keys := make([]string, len(res.funcs))
		for j, f := range res.funcs {
			keys[j] = f.key
		}
		r.putManifest(mkey, u, res, keys)
	}
}

// markSelected notes whether the file is part of the run's output: a file
// with no function of the run (or that failed) goes to the shard of its
// name, so that merging the shards lists it once.
func (r *runner) markSelected(res *fileResult, file string) {
	res.selected = len(res.spans) > 0 || r.opts.Shard.Count == 0 || inShard(r.opts.Shard, file, "")
}

// frontendOptions returns the options source src is read with.
func (r *runner) frontendOptions(src Source) frontend.Options {
	o := r.opts.Frontend
	o.IncludeDirs = append(append([]string(nil), o.IncludeDirs...), src.Options.IncludeDirs...)
	o.Defines = append(append([]string(nil), o.Defines...), src.Options.Defines...)
	if src.Options.Std != "" {
		o.Std = src.Options.Std
	}
	if src.Options.ForceIncludes != nil {
		o.ForceIncludes = src.Options.ForceIncludes
	}
	return o
}

// selectFuncs returns the functions of file the run analyses: those the
// globs name, in the shard.
func (r *runner) selectFuncs(file string, all []string) []string {
	var out []string
	for _, fn := range all {
		if matchAny(r.opts.Funcs, fn) && (r.opts.Shard.Count == 0 || inShard(r.opts.Shard, file, fn)) {
			out = append(out, fn)
		}
	}
	return out
}

// matchAny reports whether name matches one of the globs (any name when
// there is none).
func matchAny(globs []string, name string) bool {
	for _, g := range globs {
		if ok, _ := path.Match(g, name); ok {
			return true
		}
	}
	return len(globs) == 0
}

// function analyses one function, or reads its result from the cache.
func (r *runner) function(u *frontend.Unit, file, fn string) funcResult {
	key := ""
	if c := r.opts.Cache; c != nil {
		if d, err := u.Digest(fn); err == nil {
			key = CacheKey(d, r.opts.Key, r.opts.Version)
			if run, ok := c.Get(key); ok {
				r.count(&r.hits)
				return funcResult{name: fn, run: run, key: key}
			}
		}
	}
	r.cpu <- struct{}{}
	run, err := r.analyse(u, file, fn)
	<-r.cpu
	r.count(&r.misses)
	if err != nil {
		return funcResult{name: fn, skip: r.opts.Reason(err)}
	}
	if key == "" || !cacheable(run) || r.opts.Cache.Put(key, run) != nil {
		// A cache that cannot be written costs time, not answers.
		key = ""
	}
	return funcResult{name: fn, run: run, key: key}
}

// analyse runs Analyse, a panic in it an error (the function skipped,
// never the project).
func (r *runner) analyse(u *frontend.Unit, file, fn string) (run *report.Run, err error) {
	defer func() {
		if p := recover(); p != nil {
			run, err = nil, fmt.Errorf("internal error covering %s: %v", fn, p)
		}
	}()
	run, err = r.opts.Analyse(u, file, fn)
	if err == nil && run == nil {
		err = errors.New("internal error: no result for " + fn)
	}
	return run, err
}

func (r *runner) count(n *int) {
	r.mu.Lock()
	*n++
	r.mu.Unlock()
}

// assemble builds the project's object from the files' results, in
// order.
func (r *runner) assemble() *report.Project {
	o := r.opts
	p := &report.Project{Schema: report.Schema, Criterion: o.Criterion, MCDCForm: o.MCDCForm, Options: o.Report,
		Files: []*report.Run{}}
	if r.opts.Shard.Count > 0 {
		sh := r.opts.Shard
		p.Shard = &sh
	}
	funcs := 0
	for i, res := range r.files {
		if !res.selected {
			continue
		}
		file := r.srcs[i].File
		if res.err != "" {
			p.Files = append(p.Files, report.Failed(file, "", res.err))
			continue
		}
		run := &report.Run{Schema: report.Schema, File: file, Goals: []report.Goal{}, Tests: []report.Test{},
			Stats: report.Stats{Engines: map[string]int{}}, Functions: res.spans,
			Criterion: o.Criterion, MCDCForm: o.MCDCForm, Options: o.Report}
		if o.Criterion != "" && o.Criterion != "all-decisions" && o.Criterion != "all-statements" {
			run.Decisions = []report.MCDCDecision{}
		}
		for _, f := range res.funcs {
			funcs++
			if f.run == nil {
				run.Skipped = append(run.Skipped, report.Skipped{Function: f.name, Reason: f.skip})
				continue
			}
			run.Append(f.run)
		}
		p.Files = append(p.Files, run)
	}
	p.Finish(funcs)
	return p
}

// Messages returns the errors of p for stderr, in order: each file that
// failed, each function skipped ("(function f skipped)").
func Messages(p *report.Project) []string {
	var out []string
	for _, f := range p.Files {
		if f.Error != "" {
			out = append(out, f.Error+" (file skipped)")
		}
		for _, s := range f.Skipped {
			out = append(out, fmt.Sprintf("%s (function %s skipped)", strings.TrimSpace(s.Reason), s.Function))
		}
	}
	return out
}

// cacheable reports whether a result may be stored: not when one of its
// answers depends on a time guard (a goal given up when --timeout or
// --total-timeout ran out), which another run may well answer.
func cacheable(run *report.Run) bool {
	clock := func(reason string) bool {
		return strings.Contains(reason, "--timeout") || strings.Contains(reason, "--total-timeout")
	}
	for _, g := range run.Goals {
		if clock(g.Reason) {
			return false
		}
	}
	for _, d := range run.Decisions {
		for _, e := range d.Evaluations {
			if clock(e.Reason) {
				return false
			}
		}
	}
	return true
}
