package project

import "syscall"

// PeakRSS returns the peak resident set size of the process in KiB (0
// where the system does not say).
func PeakRSS() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Maxrss // KiB on Linux
}
