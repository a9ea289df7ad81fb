//go:build !heavy

package harness_test

// The programs of TestPrograms in the default test run: one or a few of
// each corpus, chosen for the C they make the harness write — the paper's
// programs (scalars, pointers, arrays), the diff programs with bit-fields,
// packed structs, gotos, switches, function pointers and signed pointer
// arithmetic and anonymous struct and union members (designated by their
// members' names), the harness's own programs (callees with stubs, records,
// a file with its own main, a partial cover), a cut (union of pointers),
// heap programs (linked list built at run time, a hash table whose
// destructor frees its input: input objects from malloc), floats, and the stub
// that returns a pointer object (lookups). output.c, libc_objects.c and
// mutate.c of testdata/harness have tests of their own (TestOutput,
// TestLibraryObjects, TestMutations). Every program of those corpora —
// about four times the CPU — runs with `go test -tags heavy ./harness/`
// (programs_heavy_test.go).
var programGlobs = []string{
	"../testdata/paper/fig1.c", "../testdata/paper/trityp.c", "../testdata/paper/lh98.c",
	"../testdata/diff/bitfields.c", "../testdata/diff/packed.c", "../testdata/diff/goto.c",
	"../testdata/diff/switch.c", "../testdata/diff/funcptr.c", "../testdata/diff/signedptr.c",
	"../testdata/diff/anonymous.c",
	"../testdata/harness/callees.c", "../testdata/harness/records.c",
	"../testdata/harness/withmain.c", "../testdata/harness/partial.c",
	"../testdata/cut/union_ptr.c", "../testdata/heap/list.c", "../testdata/heap/hashtab.c",
	"../testdata/float/sensor.c", "../testdata/float/triangle.c",
	"../testdata/user/lookups.c",
}
