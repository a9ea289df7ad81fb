package testgen

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLibcStyle: the string and memory family of testdata/memory, written
// as libc writes it (pointer walks, end pointers, byte views through
// unsigned char, void * parameters converted to the type they are read
// as), is covered entirely: every outcome has a test, replayed by the
// interpreter (and by gcc in TestCoverChecked).
func TestLibcStyle(t *testing.T) {
	for _, fn := range []string{"my_strlen", "my_strcmp", "my_strchr", "my_memcpy", "my_memset",
		"my_memcmp", "my_memchr", "my_strlcpy", "high_byte_set"} {
		g := gen(t, "../testdata/memory/strings.c", fn)
		cov := g.Cover(AllDecisions, time.Minute)
		require.NotEmpty(t, cov.Goals, fn)
		for _, gs := range cov.Goals {
			assert.Equal(t, Covered, gs.Status, "%s %s: %s", fn, gs.Goal.ID(), gs.Reason)
		}
	}
}
