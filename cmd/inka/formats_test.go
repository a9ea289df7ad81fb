package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The report formats through the commands: cover's html and lcov, and
// report, which renders saved runs of several files as one document.
// report's own tests check the documents in detail (markup.c's answers).
func TestCoverReportFormats(t *testing.T) {
	t.Chdir("../..")
	file := "testdata/report/markup.c"
	r := runJSON(t, "cover", file)
	require.Len(t, r.Functions, 3)
	assert.Equal(t, "markup_class", r.Functions[1].Name)
	assert.Equal(t, 15, r.Functions[1].Line)
	assert.Equal(t, 25, r.Functions[1].EndLine)

	page, errs, status := runCmd(t, "cover", file, "--format", "html")
	require.Equal(t, 0, status, errs)
	assert.True(t, strings.HasPrefix(page, "<!DOCTYPE html>"))
	assert.Contains(t, page, `<tr id="f0-L22" class="unr">`)
	assert.Contains(t, page, `<a href="#f0-L15">markup_class</a>`)

	trace, errs, status := runCmd(t, "cover", file, "--func", "markup_class", "--format", "lcov")
	require.Equal(t, 0, status, errs)
	assert.Contains(t, trace, "SF:testdata/report/markup.c\nFN:15,markup_class\nFNDA:3,markup_class\nFNF:1\nFNH:1\n")
	assert.Contains(t, trace, "BRDA:22,2,0,0\n")
	assert.True(t, strings.HasSuffix(trace, "end_of_record\n"))

	_, errs, status = runCmd(t, "cover", file, "--format", "xml")
	assert.Equal(t, 2, status)
	assert.Contains(t, errs, `unknown format "xml" (want text, json, sarif, html or lcov)`)

	// Two files covered apart, one report.
	dir := t.TempDir()
	out, _, status := runCmd(t, "cover", file, "--format", "json")
	require.Equal(t, 0, status)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.json"), []byte(out), 0o644))
	out, _, status = runCmd(t, "cover", "testdata/paper/trityp.c", "--format", "json")
	require.Equal(t, 0, status)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "b.json"), []byte(out), 0o644))
	html := filepath.Join(dir, "report.html")
	_, errs, status = runCmd(t, "report", filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json"), "-o", html, "--title", "two <files>")
	require.Equal(t, 0, status, errs)
	b, err := os.ReadFile(html)
	require.NoError(t, err)
	page = string(b)
	assert.Contains(t, page, "<title>two &lt;files&gt;</title>")
	assert.Contains(t, page, `<tr id="f1-L40" class="unr">`)
	assert.Contains(t, page, `<a href="#f1-L17">trityp</a>`)
	trace, errs, status = runCmd(t, "report", "--format", "lcov", filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json"))
	require.Equal(t, 0, status, errs)
	assert.Equal(t, 2, strings.Count(trace, "end_of_record\n"))

	// A project's object: the runs of its files (in path order).
	out, errs, status = runCmd(t, "cover", file, "testdata/paper/trityp.c", "--format", "json", "-j", "1", "--no-cache")
	require.Equal(t, 0, status, errs)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "project.json"), []byte(out), 0o644))
	page, errs, status = runCmd(t, "report", filepath.Join(dir, "project.json"))
	require.Equal(t, 0, status, errs)
	assert.Contains(t, page, `<tr id="f0-L40" class="unr">`) // trityp.c
	assert.Contains(t, page, `<tr id="f1-L22" class="unr">`) // markup.c
	assert.Contains(t, page, `38 goals: <span class="badge cov">36 covered</span>`)

	_, errs, status = runCmd(t, "report", file)
	assert.Equal(t, 2, status)
	assert.Contains(t, errs, "testdata/report/markup.c:1:1: reading an inka/v1 run")
}
