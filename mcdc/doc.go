// Package mcdc generates tests for the condition-based criteria of the
// safety standards (DO-178C level A, ISO 26262 ASIL D): condition
// coverage, decision/condition coverage, and modified condition/decision
// coverage (MC/DC) in its masking and unique-cause forms, with proofs
// that a pair cannot exist.
//
// # Decisions, conditions, evaluations
//
// DO-178C: a condition is a boolean expression with no boolean operator
// but `!`; a decision is a boolean expression made of conditions and
// zero or more && and ||. The front end, with
// frontend.Options.Conditions, tests every condition on its own and gives
// each decision its structure (ir.CondExpr), so that the interpreter's
// trace shows the value of each condition at each evaluation. C evaluates
// && and || short-circuit: an evaluation is a vector over the conditions
// in source order, each true, false or not evaluated, and its outcome —
// a path through the decision: `(a && b) || c` with a true, b false and
// c false gives "TFF->F", with a false and c true "F-T->T". The paths of
// a decision are finite and known from its structure alone.
//
// # Pairs
//
// A pair shows condition c independent when c has both values in its two
// evaluations and the outcome changes with it: masking MC/DC asks that c
// decide the outcome in both (no operand masks it; the other conditions
// may differ), unique-cause that nothing else changes (a condition not
// evaluated on one side matches any value). Two runs share nothing but
// the paths they take: a pair of runs exists exactly when a pair of paths
// of the right form has both paths reachable. So every path is a goal of
// its own for package testgen's search (instrument: a variable per
// condition holds its value in the current evaluation, and where the
// path ends, a synthetic decision tests them), answered once, and any
// test that takes a path counts for it. A pair is impossible when every
// candidate pair has a path proved unreachable: a complete proof, from
// the generator's complete proofs only; anything else is unknown.
//
// The suite is minimized after the search (suite.go), and every claimed
// pair can be checked again on the uninstrumented program (Measure).
package mcdc
