package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/project"
	"github.com/inka-tool/inka/report"
)

// write writes files (name → text) under dir.
func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
}

// runProject runs inka with args and returns the project object of its
// JSON output, its stderr and its exit status.
func runProject(t *testing.T, args ...string) (*report.Project, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	status := run(append(args, "--format", "json", "--no-cache"), &out, &errb)
	var p report.Project
	require.NoError(t, json.Unmarshal(out.Bytes(), &p), "stdout: %s\nstderr: %s", out.String(), errb.String())
	return &p, errb.String(), status
}

// A compilation database: each file with its own flags. cfg.c needs its
// -I (the header), its -D (which limit applies) and its -include (the
// macro it tests); legacy.c is C99 with a feature test on
// __STDC_VERSION__; broken.c does not compile and is skipped with its
// position (exit status 2), the others are answered.
func TestCoverCompilationDatabase(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"include/limits_cfg.h": "#ifdef SMALL_BOARD\n#define LIMIT 10\n#else\n#define LIMIT 1000\n#endif\n",
		"build/force.h":        "#define HAVE_FAST_PATH 1\n",
		"src/cfg.c": `#include "limits_cfg.h"
int over_limit(int n)
{
#ifdef HAVE_FAST_PATH
    if (n > LIMIT)
        return 1;
#endif
    return 0;
}
`,
		"src/legacy.c": `int legacy_mode(int x)
{
#if __STDC_VERSION__ == 199901L
    if (x == 99)
        return 1;
#endif
    return 0;
}
`,
		"src/broken.c": "int broken(int x)\n{\n    return x +;\n}\n",
	})
	db := `[
 {"directory": "` + dir + `/build", "file": "../src/cfg.c",
  "command": "cc -c -I../include -DSMALL_BOARD -include force.h -O2 -o cfg.o ../src/cfg.c"},
 {"directory": "` + dir + `/build", "file": "../src/legacy.c",
  "arguments": ["cc", "-std=c99", "-c", "../src/legacy.c"]},
 {"directory": "` + dir + `/build", "file": "../src/broken.c", "command": "cc -c ../src/broken.c"},
 {"directory": "` + dir + `/build", "file": "../src/asm.S", "command": "cc -c ../src/asm.S"}
]`
	write(t, dir, map[string]string{"build/compile_commands.json": db})
	p, stderr, status := runProject(t, "cover", "-p", filepath.Join(dir, "build"), "-j", "2")
	assert.Equal(t, exitUsage, status, "a file was skipped")
	assert.Contains(t, stderr, "src/broken.c:3:15: unexpected ';', expected unary expression (file skipped)")
	require.Len(t, p.Files, 3)
	assert.True(t, strings.HasSuffix(p.Files[0].File, "src/broken.c"))
	assert.NotEmpty(t, p.Files[0].Error)
	cfg := p.Files[1]
	require.Len(t, cfg.Goals, 2, "the decision of cfg.c is compiled in by -include")
	assert.Equal(t, "n > LIMIT", cfg.Goals[0].Condition)
	for _, g := range cfg.Goals {
		assert.Equal(t, "covered", g.Status)
	}
	// the test of the true outcome is above SMALL_BOARD's limit, 10
	var n float64
	for _, tc := range cfg.Tests {
		if tc.Return == json.Number("1") {
			n, _ = tc.Args["n"].(json.Number).Float64()
		}
	}
	assert.Greater(t, n, 10.0)
	legacy := p.Files[2]
	require.Len(t, legacy.Goals, 2, "__STDC_VERSION__ is C99's under -std=c99")
	assert.Equal(t, report.Summary{Files: 3, FilesFailed: 1, Functions: 2, Goals: 4, Covered: 4, Tests: len(cfg.Tests) + len(legacy.Tests)}, p.Summary)
}

// Directories, exclusion globs and --func globs; a project run is
// deterministic whatever -j; text output names each file.
func TestCoverDirectory(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"lib/parse.c": `int parse_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    return -1;
}
int parse_sign(char c)
{
    return c == '-' ? -1 : 1;
}
int emit(int x)
{
    if (x < 0)
        return 0;
    return x;
}
`,
		"lib/gen/tables.c": "int table(int i) { if (i > 3) return 0; return i; }\n",
		"third_party/x.c":  "int x(int i) { if (i) return 1; return 0; }\n",
	})
	var outs []string
	for _, j := range []string{"1", "2"} {
		p, stderr, status := runProject(t, "cover", dir, "--exclude", "third_party", "--exclude", "*/gen/*", "--func", "parse_*", "-j", j)
		require.Equal(t, exitOK, status, stderr)
		require.Len(t, p.Files, 1)
		assert.Equal(t, 2, p.Summary.Functions)
		for _, g := range p.Files[0].Goals {
			assert.True(t, strings.HasPrefix(g.Function, "parse_"), g.Function)
		}
		p.Run = nil
		p.Stats.TimeMS = 0
		p.Files[0].Stats.TimeMS = 0
		b, _ := json.Marshal(p)
		outs = append(outs, string(b))
	}
	assert.Equal(t, outs[0], outs[1], "-j 1 and -j 2 differ")
	var out, errb bytes.Buffer
	status := run([]string{"cover", dir, "--exclude", "third_party", "--no-cache", "--func", "emit"}, &out, &errb)
	assert.Equal(t, exitOK, status, errb.String())
	assert.Contains(t, out.String(), "== "+filepath.Join(dir, "lib/gen/tables.c")+"\n")
	assert.Contains(t, out.String(), "== project: 2 files (0 failed), 1 functions (0 skipped); 2 goals: 2 covered")
	assert.Empty(t, errb.String(), "no progress line when stderr is not a terminal")
}

// MC/DC over a project, in two shards merged: the decisions and the
// pairs' tests are renumbered per file, and the merge equals the whole
// run.
func TestCoverProjectMCDCShards(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"door.c": `int door_open(int speed, int locked, int override)
{
    if (speed < 5 && (!locked || override))
        return 1;
    return 0;
}
int door_alarm(int open, int speed)
{
    if (open && speed > 0)
        return 1;
    return 0;
}
`,
		"pump.c": `int pump_on(int level, int manual)
{
    if (level < 20 || manual)
        return 1;
    return 0;
}
`,
	})
	args := []string{"cover", dir, "--criterion", "mcdc"}
	whole, stderr, status := runProject(t, args...)
	require.Equal(t, exitOK, status, stderr)
	assert.Equal(t, "mcdc", whole.Criterion)
	assert.Equal(t, "masking", whole.MCDCForm)
	require.Len(t, whole.Files, 2)
	door := whole.Files[0]
	require.Len(t, door.Decisions, 2)
	for _, g := range door.Goals {
		require.Len(t, g.Pair, 2, "goal %s", g.ID)
		for _, id := range g.Pair {
			assert.Equal(t, g.Function, door.Tests[id].Function, "goal %s: its pair's tests are its function's", g.ID)
		}
	}
	var shards []*report.Project
	for _, sh := range []string{"1/2", "2/2"} {
		p, stderr, status := runProject(t, append(args, "--shard", sh)...)
		require.Equal(t, exitOK, status, stderr)
		shards = append(shards, p)
	}
	merged, warnings, err := project.Merge(shards)
	require.NoError(t, err)
	assert.Empty(t, warnings)
	assert.Equal(t, stableProject(t, whole), stableProject(t, merged))
}
