package project

import "syscall"

// usage returns the peak resident set size of the process in KiB and the
// CPU time it has used (user and system) in milliseconds; zeros where
// the system does not say.
func usage() (peakKB, cpuMS int64) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, 0
	}
	cpu := ru.Utime.Nano() + ru.Stime.Nano()
	return ru.Maxrss, cpu / 1e6 // Maxrss is in KiB on Linux
}
