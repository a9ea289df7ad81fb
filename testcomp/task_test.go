package testcomp

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/ir"
)

func TestLoadTask(t *testing.T) {
	task, err := LoadTask("../testdata/testcomp/sum_loop.yml")
	require.NoError(t, err)
	require.Equal(t, filepath.Join("../testdata/testcomp", "sum_loop.c"), task.Program)
	require.Equal(t, []Property{CoverageError, CoverageBranches}, task.Properties)
	require.Equal(t, ir.LP64, task.DataModel)

	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		return p
	}
	// A property file of another name, recognized by its content; a list
	// of input files; ILP32.
	write("mine.prp", "COVER(init(main()),FQL(COVER EDGES(@DECISIONEDGE)))\n")
	task, err = LoadTask(write("t.yml", "format_version: '2.0'\ninput_files:\n  - 'x.c'\nproperties:\n  - property_file: mine.prp\n  - property_file: ../unreach-call.prp\n    expected_verdict: true\noptions:\n  language: C\n  data_model: ILP32\n"))
	require.NoError(t, err)
	require.Equal(t, filepath.Join(dir, "x.c"), task.Program)
	require.Equal(t, []Property{CoverageBranches}, task.Properties)
	require.Equal(t, ir.ILP32, task.DataModel)
	require.Equal(t, "32bit", Architecture(task.DataModel))

	for _, bad := range []string{
		"format_version: '1.0'\ninput_files: 'x.c'\n",
		"format_version: '2.0'\ninput_files: ['a.c', 'b.c']\n",
		"format_version: '2.0'\ninput_files: 'x.c'\noptions:\n  language: Java\n",
		"format_version: '2.0'\ninput_files: 'x.c'\noptions:\n  data_model: ILP64\n",
		"format_version: [\n",
	} {
		_, err := LoadTask(write("bad.yml", bad))
		require.Error(t, err, bad)
	}
}

func TestParseProperty(t *testing.T) {
	p, err := ParseProperty("coverage-error")
	require.NoError(t, err)
	require.Equal(t, CoverageError, p)
	p, err = ParseProperty("../testdata/testcomp/properties/coverage-branches.prp")
	require.NoError(t, err)
	require.Equal(t, CoverageBranches, p)
	_, err = ParseProperty("unreach-call")
	require.Error(t, err)
	dir := t.TempDir()
	f := filepath.Join(dir, "unreach-call.prp")
	require.NoError(t, os.WriteFile(f, []byte("CHECK( init(main()), LTL(G ! call(reach_error())) )\n"), 0o644))
	_, err = ParseProperty(f)
	require.ErrorContains(t, err, "not a property inka generates tests for")
}
