package ccheck

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/ir"
)

// fakeCC writes a compiler driver script named name into a temporary
// directory and returns its path.
func fakeCC(t *testing.T, name, script string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte("#!/bin/sh\n"+script), 0o755))
	return p
}

func TestLinksHostGCC(t *testing.T) {
	// gcc builds for LP64 on every machine inka's tests run on; "" is gcc.
	require.NoError(t, Links("gcc", ir.LP64))
	require.NoError(t, Links("", ir.LP64))
}

func TestLinksMissingCompiler(t *testing.T) {
	err := Links("inka-no-such-cc", ir.LP64)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "inka-no-such-cc not found")
}

func TestLinksWrongDataModel(t *testing.T) {
	// A driver that drops -m32 builds for the host: the probe program
	// prints LP64's sizes (8*10 + 8), which the check must refuse for ILP32.
	cc := fakeCC(t, "cc-no-m32", `args=""
for a in "$@"; do [ "$a" = -m32 ] || args="$args $a"; done
exec gcc $args
`)
	err := Links(cc, ir.ILP32)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "is 88, not 44")
	// The same driver is right for LP64.
	require.NoError(t, Links(cc, ir.LP64))
}

func TestLinksBuildFails(t *testing.T) {
	cc := fakeCC(t, "cc-broken", "echo 'cannot find -lc' >&2\nexit 1\n")
	err := Links(cc, ir.ILP32)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cannot build a program")
	assert.Contains(t, err.Error(), "cannot find -lc")
}

func TestLinksBinaryDoesNotRun(t *testing.T) {
	// A driver that "succeeds" writing an output that is no program.
	cc := fakeCC(t, "cc-no-program", `while [ $# -gt 0 ]; do
  if [ "$1" = -o ]; then printf 'not a program' > "$2"; chmod +x "$2"; fi
  shift
done
`)
	err := Links(cc, ir.LP64)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "does not run")
}
