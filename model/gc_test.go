package model_test

import "runtime/debug"

// The tests allocate much and keep little (models, runs, generated C
// dropped as soon as checked): collecting when the heap has grown
// fivefold instead of twofold spends a quarter less CPU on them (model's
// TestFormulaAgainstInterpreter: 8.1 → 5.9 s), for a heap of tens of MB.
func init() { debug.SetGCPercent(400) }
