package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeInka writes a script standing for `inka cover --format json`.
func fakeInka(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte("#!/bin/sh\n"+body), 0o755))
	return p
}

// The table of a run: a row per family and size, a binary's figures read
// from its JSON (answered = covered or unreachable), a failed run's first
// line of stderr, and a binary that timed out skipped for the larger sizes.
func TestRunTable(t *testing.T) {
	good := fakeInka(t, "good", `echo '{"goals": [{"status": "covered"}, {"status": "unreachable"}, {"status": "unknown"}], "stats": {"constraints": 12, "propagations": 345}}'
`)
	slow := fakeInka(t, "slow", "exec sleep 5\n") // exec: the time-out kills the sleep itself
	bad := fakeInka(t, "bad", "echo 'inka: m.c:1:1: boom' >&2\necho 'more' >&2\nexit 2\n")
	dir := t.TempDir()
	var out bytes.Buffer
	err := run([]string{"-families", "chain,switch", "-n", "4,8", "-timeout", "300ms", "-dir", dir,
		"-inka", "a=" + good + ",s=" + slow + "," + bad}, &out)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 2+4, out.String())
	assert.Equal(t, "| family | N | a wall | a cpu | a answered | a constraints | a propagations | s wall | s cpu | s answered | s constraints | s propagations | bad wall | bad cpu | bad answered | bad constraints | bad propagations |", lines[0])
	for i, want := range []string{"chain | 4", "chain | 8", "switch | 4", "switch | 8"} {
		row := lines[2+i]
		assert.True(t, strings.HasPrefix(row, "| "+want+" | "), row)
		cells := strings.Split(row, " | ")
		assert.Equal(t, "2/3", cells[4], "a: covered and unreachable of 3 goals: %s", row)
		assert.Equal(t, "12", cells[5])
		assert.Equal(t, "345", cells[6])
		if strings.HasSuffix(want, "| 4") {
			assert.Equal(t, "> 300ms", cells[7], "s timed out: %s", row)
		} else {
			assert.Equal(t, "skipped", cells[7], "s skipped past its time-out: %s", row)
		}
		assert.Contains(t, row, "error: inka: m.c:1:1: boom |", "bad: the first line of stderr")
	}
	for _, f := range []string{"chain4.c", "chain8.c", "switch4.c", "switch8.c"} {
		assert.FileExists(t, filepath.Join(dir, f), "the generated programs kept in -dir")
	}

	// -files: every function of the files named.
	out.Reset()
	require.NoError(t, run([]string{"-files", filepath.Join(dir, "chain4.c"), "-inka", good, "-repeat", "3"}, &out))
	assert.Contains(t, out.String(), "| chain4.c | - | ")
	assert.Contains(t, out.String(), " | 2/3 | 12 | 345 |")
}

func TestRunOptions(t *testing.T) {
	var out bytes.Buffer
	assert.ErrorContains(t, run([]string{"-n", "4,x"}, &out), `bad size "x"`)
	assert.ErrorContains(t, run([]string{"-n", "0"}, &out), `bad size "0"`)
	assert.ErrorContains(t, run([]string{"-families", "chain,nope"}, &out), `unknown family "nope"`)
	assert.Error(t, run([]string{"-repeat", "x"}, &out))
	fs, err := selectFamilies("")
	require.NoError(t, err)
	assert.Equal(t, len(families), len(fs))
	assert.Equal(t, "a", firstLine("a\nb"))
}

func TestMedian(t *testing.T) {
	cpus := []time.Duration{5, 1, 3}
	i := 0
	r := median(3, func() result { i++; return result{cpu: cpus[i-1]} })
	assert.Equal(t, 3, i)
	assert.Equal(t, time.Duration(3), r.cpu, "the run of median CPU time")
	r = median(0, func() result { return result{cpu: 7} })
	assert.Equal(t, time.Duration(7), r.cpu, "at least one run")
}
