package project

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/report"
)

func TestSplitCommand(t *testing.T) {
	for _, c := range []struct {
		cmd  string
		want []string
	}{
		{"gcc -c  main.c", []string{"gcc", "-c", "main.c"}},
		{"gcc\t-DNAME='a b' -o x.o x.c\n", []string{"gcc", "-DNAME=a b", "-o", "x.o", "x.c"}},
		{`cc "-DMSG=\"hi there\"" -I"my dir"`, []string{"cc", `-DMSG="hi there"`, "-Imy dir"}},
		{`cc -DPATH=\"/usr\" a\ b.c`, []string{"cc", `-DPATH="/usr"`, "a b.c"}},
		{`cc "a\\b" '\n'`, []string{"cc", `a\b`, `\n`}},
		{"", nil},
	} {
		got, err := splitCommand(c.cmd)
		require.NoError(t, err, c.cmd)
		assert.Equal(t, c.want, got, c.cmd)
	}
	for _, bad := range []string{"cc 'open", `cc "open`} {
		_, err := splitCommand(bad)
		assert.ErrorContains(t, err, "unterminated", bad)
	}
}

func TestCompilerOptions(t *testing.T) {
	o, err := compilerOptions([]string{"gcc", "-Iinc", "-I", "/abs/inc", "-isystem", "sys", "-iquote=q",
		"-DA=1", "-D", "B", "-DC", "-UB", "-std=c99", "-include", "cfg.h", "-O2", "-c", "x.c"}, "/build")
	require.NoError(t, err)
	assert.Equal(t, []string{"/build/inc", "/abs/inc", "/build/sys", "/build/q"}, o.IncludeDirs)
	assert.Equal(t, []string{"A=1", "C"}, o.Defines, "-UB removes the B the command defined")
	assert.Equal(t, "c99", o.Std)
	assert.Equal(t, []string{"/build/cfg.h"}, o.ForceIncludes)
	// The compiler's own name is not a flag; a flag without its value at
	// the end is ignored (not the command's directory).
	o, err = compilerOptions([]string{"-Iignored", "-I"}, "/b")
	require.NoError(t, err)
	assert.Empty(t, o.IncludeDirs)
}

func TestReadCompDB(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "build", "compile_commands.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(db), 0o755))
	require.NoError(t, os.WriteFile(db, []byte(`[
  {"directory": "..", "command": "cc -I include -DDEBUG=1 -c src/a.c", "file": "src/a.c"},
  {"directory": "/elsewhere", "arguments": ["cc", "-std=c11", "/abs/b.c"], "file": "/abs/b.c"},
  {"directory": "..", "command": "c++ -c x.cc", "file": "x.cc"}
]`), 0o644))
	srcs, err := ReadCompDB(db)
	require.NoError(t, err)
	require.Len(t, srcs, 2, "the C++ entry is left out")
	assert.Equal(t, filepath.Join(dir, "src", "a.c"), srcs[0].File, "relative to its directory, which is relative to the database")
	assert.Equal(t, []string{filepath.Join(dir, "include")}, srcs[0].Options.IncludeDirs)
	assert.Equal(t, []string{"DEBUG=1"}, srcs[0].Options.Defines)
	assert.Equal(t, "/abs/b.c", srcs[1].File)
	assert.Equal(t, "c11", srcs[1].Options.Std)

	require.NoError(t, os.WriteFile(db, []byte(`[{"directory": ".", "command": "cc 'a.c", "file": "a.c"}]`), 0o644))
	_, err = ReadCompDB(db)
	assert.ErrorContains(t, err, "entry 1: unterminated '")
	require.NoError(t, os.WriteFile(db, []byte(`{"file": "a.c"}`), 0o644))
	_, err = ReadCompDB(db)
	assert.ErrorContains(t, err, "not a compilation database")
	_, err = ReadCompDB(filepath.Join(dir, "none.json"))
	assert.Error(t, err)
}

func TestDisplay(t *testing.T) {
	assert.Equal(t, filepath.Join("src", "a.c"), display("/p", "/p/src/a.c"))
	assert.Equal(t, "/q/a.c", display("/p", "/q/a.c"))
	assert.Equal(t, "/q/a.c", display("", "/q/a.c"))
}

func TestParseShard(t *testing.T) {
	sh, err := ParseShard("2/5")
	require.NoError(t, err)
	assert.Equal(t, Shard{Index: 2, Count: 5}, sh)
	for _, bad := range []string{"0/3", "4/3", "1/0", "1", "a/b", "1/2x", ""} {
		_, err := ParseShard(bad)
		assert.ErrorContains(t, err, "want I/N", bad)
	}
}

func TestCacheDir(t *testing.T) {
	t.Setenv("INKA_CACHE_DIR", "/env/cache")
	d, err := CacheDir("/flag/cache")
	require.NoError(t, err)
	assert.Equal(t, "/flag/cache", d, "the option first")
	d, err = CacheDir("")
	require.NoError(t, err)
	assert.Equal(t, "/env/cache", d, "then the environment")
	t.Setenv("INKA_CACHE_DIR", "")
	t.Setenv("XDG_CACHE_HOME", "/xdg")
	d, err = CacheDir("")
	require.NoError(t, err)
	assert.Equal(t, "/xdg/inka", d, "then the user cache directory")
}

func TestMergeCaches(t *testing.T) {
	run := func(fn string) *report.Run { return &report.Run{Schema: report.Schema, Function: fn} }
	a, err := OpenCache(filepath.Join(t.TempDir(), "a"), 1<<20)
	require.NoError(t, err)
	b, err := OpenCache(filepath.Join(t.TempDir(), "b"), 1<<20)
	require.NoError(t, err)
	dst, err := OpenCache(filepath.Join(t.TempDir(), "dst"), 1<<20)
	require.NoError(t, err)
	require.NoError(t, a.Put("k1aaaa", run("f")))
	require.NoError(t, a.Put("k2aaaa", run("g")))
	require.NoError(t, b.Put("k2aaaa", run("g")))
	require.NoError(t, b.Put("k3aaaa", run("h")))
	require.NoError(t, dst.Put("k3aaaa", run("h-kept")))
	n, err := MergeCaches(dst, a.Dir, b.Dir)
	require.NoError(t, err)
	assert.Equal(t, 2, n, "k1 and k2 copied once each; dst's k3 kept")
	for key, fn := range map[string]string{"k1aaaa": "f", "k2aaaa": "g", "k3aaaa": "h-kept"} {
		r, ok := dst.Get(key)
		require.True(t, ok, key)
		assert.Equal(t, fn, r.Function, key)
	}
	_, err = MergeCaches(dst, filepath.Join(t.TempDir(), "missing"))
	assert.ErrorContains(t, err, "missing", "a shard's cache that is not there")
}

func TestFromRun(t *testing.T) {
	run := &report.Run{Schema: report.Schema, File: "f.c", Function: "f", Criterion: "all-decisions",
		Goals:     []report.Goal{{ID: "f.c:3:7:true", Status: "covered"}, {ID: "f.c:3:7:false", Status: "unknown"}},
		Tests:     []report.Test{{ID: 1}},
		Functions: []report.FuncSpan{{Name: "f", Line: 1, EndLine: 9}}}
	p := FromRun(run)
	assert.Equal(t, "", run.Function, "the run's function moves to its goals and tests")
	assert.Equal(t, "f", run.Goals[0].Function)
	assert.Equal(t, "f", run.Goals[1].Function)
	assert.Equal(t, "f", run.Tests[0].Function)
	assert.Equal(t, []*report.Run{run}, p.Files)
	assert.Equal(t, "all-decisions", p.Criterion)
	assert.Equal(t, report.Summary{Files: 1, Functions: 1, Goals: 2, Covered: 1, Unknown: 1, Tests: 1}, p.Summary)
}
