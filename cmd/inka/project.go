package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/mcdc"
	"github.com/inka-tool/inka/project"
	"github.com/inka-tool/inka/report"
	"github.com/inka-tool/inka/testgen"
)

// projectFlags are the options of `inka cover` over a project (package
// project): several files, a directory, or a compilation database.
type projectFlags struct {
	compDB    string
	jobs      int
	excludes  multiFlag
	shard     string
	noCache   bool
	cacheDir  string
	cacheSize int64
	quiet     bool
}

func (pf *projectFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&pf.compDB, "p", "", "project: the files of the compilation database `compile_commands.json`, each with its own -I, -D, -std, -include (a directory: its compile_commands.json)")
	fs.IntVar(&pf.jobs, "j", 0, "project: functions analysed at once (default: the cores inka may use, GOMAXPROCS)")
	fs.Var(&pf.excludes, "exclude", "project: leave out the files matching `GLOB` (an element of the path without /, the path or a leading directory with /; repeatable)")
	fs.StringVar(&pf.shard, "shard", "", "project: analyse only shard `I/N` of the functions (inka merge combines the shards)")
	fs.BoolVar(&pf.noCache, "no-cache", false, "project: neither read nor write the result cache")
	fs.StringVar(&pf.cacheDir, "cache-dir", "", "project: the result cache `DIR` (default: $INKA_CACHE_DIR, else the user cache directory's inka)")
	pf.cacheSize = project.DefaultCacheLimit >> 20
	fs.Func("cache-size", fmt.Sprintf("project: size limit of the cache in MiB, least recently used entries evicted above it (1..10^7, default %d)", pf.cacheSize),
		int64In(&pf.cacheSize, 1, 1e7))
	fs.BoolVar(&pf.quiet, "quiet", false, "project: no progress line on stderr (there is none when stderr is not a terminal)")
}

// wanted reports whether a cover run is a project run: a database, no
// single file, a directory, a shard, or a glob in --func.
func (pf *projectFlags) wanted(pos []string, fn string) bool {
	if pf.compDB != "" || len(pos) != 1 || pf.shard != "" || strings.ContainsAny(fn, "*?[") {
		return true
	}
	st, err := os.Stat(pos[0])
	return err == nil && st.IsDir()
}

// coverSpec is what a cover run asks, whatever its input.
type coverSpec struct {
	fn           string
	crit         testgen.Criterion
	conds        bool
	form         mcdc.Form
	format, emit string
	gf           genFlags
	ff           frontendFlags
}

// coverProject runs `inka cover` over a project: exit status 0, or 2
// when a file or a function was skipped (the others are answered).
func coverProject(pos []string, pf projectFlags, spec coverSpec, stdout, stderr io.Writer) int {
	usage := func(msg string) int {
		fmt.Fprintln(stderr, "inka cover: "+msg)
		return exitUsage
	}
	if spec.format == "sarif" {
		return usage("--format sarif takes one file (use json or text for a project)")
	}
	if spec.emit != "" {
		return usage("--emit-harness takes one file (write each file's harness with inka harness FILE.c --from)")
	}
	in := project.Input{Paths: pos, CompDB: pf.compDB, Excludes: pf.excludes}
	if st, err := os.Stat(in.CompDB); err == nil && st.IsDir() {
		in.CompDB += "/compile_commands.json"
	}
	if len(pos) == 0 && in.CompDB == "" {
		return usage("no input: name files, directories or -p compile_commands.json")
	}
	srcs, err := project.Collect(in)
	if err != nil {
		return usage(err.Error())
	}
	opts, status := pf.options(spec, stderr)
	if status != exitOK {
		return status
	}
	p, err := project.Run(srcs, opts)
	if err != nil {
		return usage(err.Error())
	}
	for _, m := range project.Messages(p) {
		fmt.Fprintln(stderr, m)
	}
	switch spec.format {
	case "json":
		err = report.WriteProjectJSON(stdout, p)
	case "html", "lcov":
		err = writeRuns(spec.format, stdout, p.Files, "")
	default:
		report.WriteProjectText(stdout, p)
	}
	if err != nil {
		fmt.Fprintf(stderr, "inka: %v\n", err)
		return exitInternal
	}
	if p.Summary.FilesFailed > 0 || p.Summary.FunctionsSkipped > 0 {
		return exitUsage
	}
	return exitOK
}

// options returns the options of the project run.
func (pf *projectFlags) options(spec coverSpec, stderr io.Writer) (project.Options, int) {
	opts := project.Options{Jobs: pf.jobs, Frontend: spec.ff.options(), Reason: skipReason,
		Criterion: string(spec.crit), Report: spec.gf.report()}
	if spec.crit == testgen.Criterion(mcdc.MCDC) {
		opts.MCDCForm = string(spec.form)
	}
	if spec.fn != "" {
		opts.Funcs = strings.Split(spec.fn, ",")
	}
	if pf.shard != "" {
		sh, err := project.ParseShard(pf.shard)
		if err != nil {
			fmt.Fprintln(stderr, "inka cover: --shard: "+err.Error())
			return opts, exitUsage
		}
		opts.Shard = sh
	}
	opts.Analyse = func(u *frontend.Unit, file, f string) (*report.Run, error) {
		return analyseFunc(u, file, f, spec)
	}
	if isTerminal(stderr) && !pf.quiet {
		opts.Progress = stderr
	}
	if pf.noCache {
		return opts, exitOK
	}
	dir, err := project.CacheDir(pf.cacheDir)
	if err != nil {
		fmt.Fprintln(stderr, "inka cover: "+err.Error())
		return opts, exitUsage
	}
	c, err := project.OpenCache(dir, pf.cacheSize<<20)
	if err != nil {
		fmt.Fprintln(stderr, "inka cover: "+err.Error())
		return opts, exitUsage
	}
	opts.Cache, opts.Key, opts.Version = c, spec.key(), inkaVersion()
	return opts, exitOK
}

// analyseFunc covers one function of a project: its inka/v1 Run alone.
func analyseFunc(u *frontend.Unit, file, f string, spec coverSpec) (*report.Run, error) {
	var run *report.Run
	if spec.conds {
		r, err := mcdcFunc(u, f, mcdc.Options{Criterion: mcdc.Criterion(spec.crit), Form: spec.form}, spec.gf)
		if err != nil {
			return nil, err
		}
		run = report.FromMCDC(file, "", mcdc.Criterion(spec.crit), spec.form, []*mcdc.Result{r})
	} else {
		cov, err := coverFunc(u, f, spec.crit, spec.gf)
		if err != nil {
			return nil, err
		}
		run = report.FromCover(file, "", spec.crit, []*testgen.Coverage{cov})
	}
	run.Options = spec.gf.report()
	return run, nil
}

// key returns what the answers of a cover run depend on beside the code:
// the criterion and every option of the analysis and of the front end.
func (s coverSpec) key() string {
	b, _ := json.Marshal(struct {
		Crit, Form string
		Opts       *report.Options
		Front      frontend.Options
		Check      bool
	}{string(s.crit), string(s.form), s.gf.report(), s.ff.options(), s.gf.check})
	return string(b)
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// inkaVersion identifies the inka that runs: a hash of its executable,
// so that any change to inka (a new commit, a local edit) starts a new
// cache.
func inkaVersion() string {
	exe, err := os.Executable()
	if err != nil {
		return "unknown"
	}
	f, err := os.Open(exe)
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "unknown"
	}
	return hex.EncodeToString(h.Sum(nil))
}
