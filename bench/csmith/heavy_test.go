//go:build heavy

package main

// heavy: `go test -tags heavy ./bench/csmith/` adds the seeds whose
// programs take seconds of CPU each.
const heavy = true
