package project

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/report"
	"github.com/inka-tool/inka/testgen"
)

// A small project in the style of a C library: a parser module, a ring
// buffer with a header of its own, a checksum helper called by the
// parser, and a file that does not compile.
var files = map[string]string{
	"src/proto.h": `#include <stddef.h>
#define MAX_LEN 64
struct ring { int head, tail, size; };
int checksum(const unsigned char *p, int n);
`,
	"src/parse.c": `#include "proto.h"
int parse_len(int len)
{
    if (len < 0)
        return -1;
    if (len > MAX_LEN)
        return -2;
    return len;
}
int parse_kind(int tag, int len)
{
    switch (tag) {
    case 1: return parse_len(len);
    case 2: return len == 0;
    default: return -3;
    }
}
`,
	"src/ring.c": `#include "proto.h"
int ring_full(struct ring *r)
{
    if (r->size == 0)
        return 0;
    return (r->tail + 1) % r->size == r->head;
}
int ring_empty(struct ring *r)
{
    return r->head == r->tail;
}
`,
	"src/sum.c": `#include "proto.h"
int checksum(const unsigned char *p, int n)
{
    int s = 0;
    for (int i = 0; i < n && i < 4; i++)
        s += p[i];
    if (s > 600)
        return 1;
    return 0;
}
`,
	"src/broken.c": `int broken(int x)
{
    return x +;
}
`,
	"vendor/zlib.c": `int inflate_fast(int x) { return x > 3; }
`,
}

// writeProject writes files under a temporary directory and returns it.
func writeProject(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// cover is a real analysis: all-decisions coverage of one function.
func cover(u *frontend.Unit, file, fn string) (*report.Run, error) {
	p, err := u.Lower(fn)
	if err != nil {
		return nil, err
	}
	g, err := testgen.NewGenerator(p, testgen.Options{Steps: 200_000, MaxUnroll: 8, MaxInline: 4, ArrayLen: 4})
	if err != nil {
		return nil, err
	}
	return report.FromCover(file, "", testgen.AllDecisions, []*testgen.Coverage{g.Cover(testgen.AllDecisions, 0)}), nil
}

// stable is the JSON of p without what differs from run to run (the
// times, the run's own figures).
func stable(t *testing.T, p *report.Project) string {
	t.Helper()
	q := *p
	q.Run = nil
	b, err := json.Marshal(&q)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	dropTimes(v)
	out, _ := json.MarshalIndent(v, "", " ")
	return string(out)
}

func dropTimes(v any) {
	switch v := v.(type) {
	case map[string]any:
		delete(v, "time_ms")
		for _, x := range v {
			dropTimes(x)
		}
	case []any:
		for _, x := range v {
			dropTimes(x)
		}
	}
}

func collect(t *testing.T, dir string, excludes ...string) []Source {
	t.Helper()
	srcs, err := Collect(Input{Paths: []string{dir}, Excludes: excludes})
	if err != nil {
		t.Fatal(err)
	}
	return srcs
}

func TestCollectExcludes(t *testing.T) {
	dir := writeProject(t)
	var got []string
	for _, s := range collect(t, dir, "vendor", "sum.c") {
		got = append(got, strings.TrimPrefix(filepath.ToSlash(s.File), filepath.ToSlash(dir)+"/"))
	}
	want := "src/broken.c src/parse.c src/ring.c"
	if strings.Join(got, " ") != want {
		t.Errorf("files %q, want %q", got, want)
	}
	// a pattern with a slash: the path or a leading directory
	srcs := collect(t, dir, filepath.ToSlash(dir)+"/src")
	if len(srcs) != 1 || !strings.HasSuffix(srcs[0].File, "zlib.c") {
		t.Errorf("excluding the src directory left %v", srcs)
	}
	if _, err := Collect(Input{Paths: []string{filepath.Join(dir, "vendor")}, Excludes: []string{"*.c"}}); err == nil {
		t.Error("an input with no C file left is not an error")
	}
}

// The output is the same whatever the number of jobs: files in path
// order, functions in source order, tests numbered per file; a file that
// does not parse is reported with its position and the others answered.
func TestDeterministicAcrossJobs(t *testing.T) {
	dir := writeProject(t)
	srcs := collect(t, dir, "vendor")
	var outs []string
	for _, jobs := range []int{1, 2, 5} {
		p, err := Run(srcs, Options{Jobs: jobs, Analyse: cover, Criterion: "all-decisions"})
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, stable(t, p))
		if jobs == 1 {
			checkProject(t, p)
		}
	}
	for i := 1; i < len(outs); i++ {
		if outs[i] != outs[0] {
			t.Errorf("the output with -j %d differs from -j 1", []int{1, 2, 5}[i])
		}
	}
}

func checkProject(t *testing.T, p *report.Project) {
	t.Helper()
	s := p.Summary
	if s.Files != 4 || s.FilesFailed != 1 || s.Functions != 5 {
		t.Errorf("summary %+v, want 4 files (1 failed), 5 functions", s)
	}
	broken := p.Files[0]
	if !strings.HasSuffix(broken.Error, "broken.c:3:15: unexpected ';', expected unary expression") {
		t.Errorf("broken.c: error %q", broken.Error)
	}
	parse := p.Files[1]
	var fns []string
	for _, g := range parse.Goals {
		if len(fns) == 0 || fns[len(fns)-1] != g.Function {
			fns = append(fns, g.Function)
		}
	}
	if strings.Join(fns, " ") != "parse_len parse_kind" {
		t.Errorf("parse.c: goals of %v, want parse_len then parse_kind", fns)
	}
	for i, tc := range parse.Tests {
		if tc.ID != i {
			t.Errorf("parse.c: test %d has id %d", i, tc.ID)
		}
	}
	for _, g := range parse.Goals {
		if g.Status != "covered" {
			t.Errorf("parse.c: goal %s %s (%s): every outcome is feasible", g.ID, g.Status, g.Reason)
		}
		if g.Test == nil || *g.Test >= len(parse.Tests) || parse.Tests[*g.Test].Function != g.Function {
			t.Errorf("parse.c: goal %s names test %v, not one of %s", g.ID, g.Test, g.Function)
		}
	}
	if got := Messages(p); len(got) != 1 || !strings.Contains(got[0], "(file skipped)") {
		t.Errorf("messages %q", got)
	}
}

// countingAnalyse is an analysis that answers one goal per function and
// counts its calls: what the cache saves is what it is not called for.
func countingAnalyse(calls *atomic.Int64) func(*frontend.Unit, string, string) (*report.Run, error) {
	return func(u *frontend.Unit, file, fn string) (*report.Run, error) {
		calls.Add(1)
		run := &report.Run{Schema: report.Schema, File: file, Tests: []report.Test{},
			Goals: []report.Goal{{ID: file + ":" + fn, Function: fn, Kind: "statement", Status: "covered"}}}
		return run, nil
	}
}

func TestCacheHitMissInvalidation(t *testing.T) {
	dir := writeProject(t)
	srcs := collect(t, dir, "vendor", "broken.c")
	cache, err := OpenCache(t.TempDir(), DefaultCacheLimit)
	if err != nil {
		t.Fatal(err)
	}
	var calls atomic.Int64
	opts := Options{Jobs: 2, Analyse: countingAnalyse(&calls), Cache: cache, Key: "all-decisions", Version: "test"}
	run := func(what string, wantCalls int64) *report.Project {
		t.Helper()
		calls.Store(0)
		p, err := Run(srcs, opts)
		if err != nil {
			t.Fatal(err)
		}
		if calls.Load() != wantCalls || int64(p.Run.CacheMisses) != wantCalls || p.Run.CacheHits != 5-int(wantCalls) {
			t.Errorf("%s: %d functions analysed (%d hits, %d misses), want %d", what, calls.Load(),
				p.Run.CacheHits, p.Run.CacheMisses, wantCalls)
		}
		return p
	}
	cold := run("cold", 5)
	warm := run("warm", 0)
	// unchanged files are not even parsed: their manifests answer
	if cold.Run.FilesParsed != 3 || warm.Run.FilesParsed != 0 {
		t.Errorf("files parsed: %d cold, %d warm; want 3 and 0", cold.Run.FilesParsed, warm.Run.FilesParsed)
	}
	if stable(t, cold) != stable(t, warm) {
		t.Error("the cached output differs from the cold one")
	}
	edit := func(name, old, new string) {
		t.Helper()
		p := filepath.Join(dir, name)
		b, _ := os.ReadFile(p)
		if !bytes.Contains(b, []byte(old)) {
			t.Fatalf("%s has no %q", name, old)
		}
		os.WriteFile(p, bytes.Replace(b, []byte(old), []byte(new), 1), 0o644)
	}
	// parse_len changes: it and parse_kind, which inlines it
	edit("src/parse.c", "return -2;", "return -4;")
	if p := run("parse_len edited", 2); p.Run.FilesParsed != 1 {
		t.Errorf("parse_len edited: %d files parsed, want parse.c alone", p.Run.FilesParsed)
	}
	// a comment is not code
	edit("src/ring.c", "{\n    return r->head", "{ /* empty */\n    return r->head")
	run("comment added", 0)
	// a header created first on the include path: the files would read
	// it instead of the system's <stddef.h>; they are parsed again (and
	// its declarations differ: analysed again)
	opts.Frontend.IncludeDirs = []string{filepath.Join(dir, "over")}
	// another include path, that reads the same headers: the files are
	// parsed again (no manifest for these options), their functions' text
	// is the same (their results are read back)
	if p := run("include path changed", 0); p.Run.FilesParsed != 3 {
		t.Errorf("include path changed: %d files parsed, want 3", p.Run.FilesParsed)
	}
	os.MkdirAll(filepath.Join(dir, "over"), 0o755)
	os.WriteFile(filepath.Join(dir, "over", "stddef.h"), []byte("#define MAX_SIZE 4\n"), 0o644)
	if p := run("header shadowed", 5); p.Run.FilesParsed != 3 {
		t.Errorf("a header shadowing the one read: %d files parsed, want 3", p.Run.FilesParsed)
	}
	opts.Frontend.IncludeDirs = nil
	// the header's macro changes the code of parse_len; its struct the
	// declarations of every file that includes it
	edit("src/proto.h", "struct ring { int head, tail, size; };", "struct ring { int head, tail, size, count; };")
	run("struct edited", 5)
	// other options, another inka: other keys
	opts.Key = "all-statements"
	run("other options", 5)
	opts.Version = "next"
	run("other version", 5)
	opts.Cache = nil
	run("no cache", 5)
}

func TestCacheTrim(t *testing.T) {
	cache, err := OpenCache(t.TempDir(), 1000)
	if err != nil {
		t.Fatal(err)
	}
	run := &report.Run{Schema: report.Schema, File: strings.Repeat("x", 200), Goals: []report.Goal{}, Tests: []report.Test{}}
	var keys []string
	for i := 0; i < 10; i++ {
		k := CacheKey(string(rune('a'+i)), "", "")
		keys = append(keys, k)
		if err := cache.Put(k, run); err != nil {
			t.Fatal(err)
		}
	}
	// the first entry used again: the least recently used are the others
	for _, k := range keys {
		os.Chtimes(cache.path(k), timeAgo(len(keys)), timeAgo(len(keys)))
	}
	if _, ok := cache.Get(keys[0]); !ok {
		t.Fatal("entry 0 not found")
	}
	n, err := cache.Trim()
	if err != nil || n == 0 {
		t.Fatalf("Trim removed %d (%v)", n, err)
	}
	es, _ := cache.entries()
	var size int64
	for _, e := range es {
		size += e.size
	}
	if size > 900 {
		t.Errorf("%d bytes left, want at most 900", size)
	}
	if _, ok := cache.Get(keys[0]); !ok {
		t.Error("the most recently used entry was evicted")
	}
}

func timeAgo(hours int) time.Time { return time.Now().Add(-time.Duration(hours) * time.Hour) }

// The status line: functions done of those known, files parsed, goals by
// answer, elapsed time and an estimate; rewritten in place and ended by
// a newline when the run ends.
func TestProgress(t *testing.T) {
	p := progress{start: time.Unix(1000, 0), files: 4, filesLoaded: 2, funcs: 10, funcsDone: 5,
		covered: 7, unreachable: 1, unknwn: 2}
	got := p.line(time.Unix(1010, 0))
	// 10 functions in 2 of 4 files: about 20 in all, 15 left at 2 s each
	want := "inka: 5/10 functions (2/4 files); goals 7 covered, 1 unreachable, 2 unknown; 10s, about 30s left"
	if got != want {
		t.Errorf("line\n%q, want\n%q", got, want)
	}
	dir := writeProject(t)
	var calls atomic.Int64
	var buf bytes.Buffer
	if _, err := Run(collect(t, dir), Options{Jobs: 1, Analyse: countingAnalyse(&calls), Progress: &buf}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if !strings.HasPrefix(out, "\r") || !strings.HasSuffix(out, "\n") ||
		!strings.Contains(out, "inka: 6/6 functions (5/5 files); goals 6 covered, 0 unreachable, 0 unknown;") {
		t.Errorf("progress output %q", out)
	}
}
