// Package testcomp is inka's Test-Comp mode: the tasks, properties and
// exchange format of the competition where C test generators meet
// (KLEE, CBMC, FuSeBMC, CoVeriTest, Symbiotic...), and a validator in the
// spirit of the competition's own (TestCov).
//
// A task is a whole program. Its main reads every input by calling
// __VERIFIER_nondet_T() — T is int, uint, char, long, bool... — each call
// a fresh value of its type; __VERIFIER_assume(c) ends the runs where c is
// false (they are not runs the task considers), and reach_error() is the
// error. A task file (YAML, format 2.0) names the program, the property
// and the data model. The properties asked of a test generator are:
//
//   - coverage-error: a test whose run calls reach_error (the first one
//     found is the answer);
//   - coverage-branches: tests that take every outcome of every decision
//     of the program (its functions inlined into main), a run that ends
//     in reach_error or abort counting for the branches it took before.
//
// inka reads the program with the front end's Test-Comp environment
// (frontend.Options.TestComp): the nondet functions are externs, whose
// calls are fresh inputs in inka as every undefined function's are; an
// error call is an assertion that fails there, so that its test is
// replayed and confirmed by the interpreter like any other; and an
// assumption is an abort. A test is then the sequence of values the
// nondet calls return, in call order (Generate).
//
// The exchange format (format.go) is a directory or a zip holding
// metadata.xml (the program's name and SHA-256, the property, the
// producer, the architecture) and one testcase XML per test, one
// <input type="T"> per nondet call in call order, coversError="true" on a
// test that reaches the error.
//
// The validator (Validate) measures a suite as the competition does:
// the program compiled by gcc --coverage with a harness whose
// __VERIFIER_nondet_T() returns the test's next value, each test run, and
// the branch coverage read from gcov (its "taken at least once"). It
// reads suites written by any tool in the format. RandomBaseline measures
// the same way a suite of random values drawn for a fixed time.
package testcomp
