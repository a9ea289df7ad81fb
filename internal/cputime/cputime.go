// Package cputime reads the CPU time the process has consumed (user and
// system), the clock the benchmark tools measure with: on a machine shared
// with other processes, a wall-clock second says how busy the machine
// was, a CPU second what the work cost.
package cputime

import (
	"syscall"
	"time"
)

// Process returns the CPU time (user and system) the process has consumed
// so far, or 0 when the system does not say. Only differences of two
// readings mean something.
func Process() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
