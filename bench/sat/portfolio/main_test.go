package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The two engine choices on trityp and a bit-level program: every goal
// is listed (-v), the totals count them, and where the answers differ
// neither contradicts the other (covered against unreachable).
func TestPortfolio(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"../../../testdata/paper/trityp.c", "../../../testdata/bitlevel/xorshift.c"} {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644))
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "broken.c"), []byte("int f(void) { return }\n"), 0o644))
	var out, errs bytes.Buffer
	require.NoError(t, run([]string{"-v", "-steps", "100000", dir}, &out, &errs))
	assert.Contains(t, errs.String(), "broken.c")
	text := out.String()
	listed := strings.Count(text, "\ngoal ") + map[bool]int{true: 1}[strings.HasPrefix(text, "goal ")]
	m := regexp.MustCompile(`(?m)^(\d+) goals: fd alone answered (\d+) in .*, auto (\d+) in`).FindStringSubmatch(text)
	require.NotNil(t, m, text)
	goals, _ := strconv.Atoi(m[1])
	fdAns, _ := strconv.Atoi(m[2])
	autoAns, _ := strconv.Atoi(m[3])
	assert.Equal(t, listed, goals, "each goal listed once with -v")
	assert.Greater(t, goals, 26, "trityp's 26 outcomes and xorshift's")
	assert.LessOrEqual(t, fdAns, goals)
	assert.LessOrEqual(t, autoAns, goals)
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "differ") {
			assert.False(t, strings.Contains(l, "covered") && strings.Contains(l, "unreachable"), "a contradiction: %s", l)
		}
	}
	assert.Error(t, run([]string{"-slower", "x"}, &out, &errs))
}
