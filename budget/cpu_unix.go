//go:build unix

package budget

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time the process has used so far (user and
// system, every thread).
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return time.Since(processStart)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
