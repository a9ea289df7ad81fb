//go:build !unix

package budget

import "time"

// processCPU returns the time since the process started: where the system
// gives no CPU time, the CPU guard is a wall clock.
func processCPU() time.Duration { return time.Since(processStart) }
