//go:build !heavy

package main

// heavy is false in the default test run (heavy_test.go).
const heavy = false
