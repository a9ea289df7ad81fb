package main

import (
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// junitDoc is what a CI server reads of a JUnit XML file.
type junitDoc struct {
	Tests    int `xml:"tests,attr"`
	Failures int `xml:"failures,attr"`
	Errors   int `xml:"errors,attr"`
	Skipped  int `xml:"skipped,attr"`
	Suites   []struct {
		Name     string `xml:"name,attr"`
		Tests    int    `xml:"tests,attr"`
		Failures int    `xml:"failures,attr"`
		Cases    []struct {
			Class   string `xml:"classname,attr"`
			Name    string `xml:"name,attr"`
			Failure *struct {
				Message string `xml:"message,attr"`
				Text    string `xml:",chardata"`
			} `xml:"failure"`
		} `xml:"testcase"`
	} `xml:"testsuite"`
}

func readJUnit(t *testing.T, file string) junitDoc {
	t.Helper()
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(b), `<?xml version="1.0" encoding="UTF-8"?>`))
	var doc junitDoc
	require.NoError(t, xml.Unmarshal(b, &doc))
	return doc
}

// TestValidateJUnit: validate --junit on trityp's harness, as it is (every
// case passes) and with one expected value changed (the test fails with
// every build: one failed case per build, with the harness's message).
func TestValidateJUnit(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not found")
	}
	t.Chdir("../..")
	dir := filepath.Join(t.TempDir(), "h")
	_, errs, status := runCmd(t, "harness", "testdata/paper/trityp.c", "-o", dir)
	require.Equal(t, exitOK, status, errs)

	junit := filepath.Join(t.TempDir(), "ok.xml")
	out, errs, status := runCmd(t, "validate", dir, "--cc", "gcc", "--opt", "O0,O2", "--junit", junit)
	require.Equal(t, exitOK, status, "%s%s", out, errs)
	doc := readJUnit(t, junit)
	// two builds of a build case and 10 tests, two coverage suites of 10
	assert.Equal(t, 2*11+2*10, doc.Tests)
	assert.Equal(t, 0, doc.Failures+doc.Errors+doc.Skipped)
	require.Len(t, doc.Suites, 4)
	assert.Equal(t, "gcc -O0", doc.Suites[0].Name)
	assert.Equal(t, "compile gcc -O0", doc.Suites[0].Cases[0].Name)
	assert.Equal(t, "trityp", doc.Suites[0].Cases[1].Class)
	assert.Equal(t, "test 0", doc.Suites[0].Cases[1].Name)
	assert.Equal(t, "coverage: probes (gcc -O0)", doc.Suites[2].Name)

	c, err := os.ReadFile(filepath.Join(dir, "harness.c"))
	require.NoError(t, err)
	const check = `inka_check_int("return value", inka_r, 4);`
	require.Contains(t, string(c), check)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "harness.c"), []byte(strings.Replace(string(c), check, `inka_check_int("return value", inka_r, 5);`, 1)), 0o644))
	junit = filepath.Join(t.TempDir(), "bad.xml")
	out, errs, status = runCmd(t, "validate", dir, "--cc", "gcc", "--opt", "O0,O2", "--no-coverage", "--junit", junit)
	require.Equal(t, exitInternal, status, "%s%s", out, errs)
	doc = readJUnit(t, junit)
	assert.Equal(t, 2*11, doc.Tests)
	assert.Equal(t, 2, doc.Failures)
	for _, s := range doc.Suites {
		require.Equal(t, 1, s.Failures, s.Name)
		var failed []string
		for _, c := range s.Cases {
			if c.Failure != nil {
				failed = append(failed, c.Name)
				assert.Equal(t, "FAILED", c.Failure.Message)
				assert.Contains(t, c.Failure.Text, "return value: expected 5, got 4")
			}
		}
		assert.Len(t, failed, 1, s.Name)
	}
}
