package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/project"
)

// The generated project is a project inka reads: every entry of its
// compilation database names a module that parses with the entry's own
// flags and defines the functions asked for; the same seed writes the
// same bytes, another seed other constants.
func TestGeneratedProject(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, write(dir, 3, 4, 1))
	srcs, err := project.ReadCompDB(filepath.Join(dir, "compile_commands.json"))
	require.NoError(t, err)
	require.Len(t, srcs, 3)
	for _, s := range srcs {
		assert.NotEmpty(t, s.Options.IncludeDirs, s.File)
		assert.NotEmpty(t, s.Options.Defines, s.File)
		u, err := frontend.Load(s.File, s.Options)
		require.NoError(t, err, s.File)
		external := 0
		for _, fn := range u.Functions() {
			if u.External(fn) {
				external++
			}
			_, err := u.Lower(fn)
			assert.NoError(t, err, "%s: %s", s.File, fn)
		}
		assert.Equal(t, 4, external, "%s: the functions asked for (static helpers aside)", s.File)
	}

	again := t.TempDir()
	require.NoError(t, write(again, 3, 4, 1))
	other := t.TempDir()
	require.NoError(t, write(other, 3, 4, 2))
	same, differ := 0, 0
	err = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".c") {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		a, _ := os.ReadFile(p)
		b, _ := os.ReadFile(filepath.Join(again, rel))
		c, _ := os.ReadFile(filepath.Join(other, rel))
		if string(a) == string(b) {
			same++
		}
		if string(a) != string(c) {
			differ++
		}
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, 3, same, "the same seed writes the same modules")
	assert.Equal(t, 3, differ, "another seed writes other constants")
}

func TestCommandLine(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, run([]string{"-o", dir, "-files", "2", "-funcs", "1", "-seed", "3"}))
	srcs, err := project.ReadCompDB(filepath.Join(dir, "compile_commands.json"))
	require.NoError(t, err)
	assert.Len(t, srcs, 2)
	assert.ErrorContains(t, run([]string{"-files", "2"}), "usage")
	assert.ErrorContains(t, run([]string{"-o", dir, "extra"}), "usage")
	assert.Error(t, run([]string{"-o", dir, "-files", "x"}))
}
