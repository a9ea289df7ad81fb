package cputime

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// Work makes the process's CPU time grow; sleeping does not count.
func TestProcess(t *testing.T) {
	start := Process()
	x := 0
	for t0 := time.Now(); time.Since(t0) < 50*time.Millisecond; x++ {
	}
	busy := Process()
	assert.Greater(t, busy, start, "%d iterations", x)
}
