//go:build !linux

package project

// PeakRSS returns 0: the peak memory is measured on Linux only.
func PeakRSS() int64 { return 0 }
