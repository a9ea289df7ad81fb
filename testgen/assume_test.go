package testgen

import (
	"fmt"
	"testing"
	"time"

	"github.com/inka-tool/inka/frontend"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestInputModelNotProof: a failed search is a proof only for inputs
// inka's model can build. Where a caller could pass more (aliasing
// pointers, longer arrays, deeper structures, NULL anywhere), the goal is
// covered when NULL suffices, and otherwise unknown, never unreachable.
func TestInputModelNotProof(t *testing.T) {
	want := map[string]map[string]Status{
		// function → goal outcome ("line:outcome") → status; goals not
		// listed must be covered.
		// p[6] is past the first input model's 4 elements: both
		// outcomes are answered again on longer inputs (--max-len).
		"far": {},
		// four nodes: answered again on inputs 4 levels deep; nine are
		// past the 8 levels the depth grows to.
		"deep":       {},
		"count_nine": {"65:true": Unknown},
		"alias":      {"21:true": Unknown},
		"same":       {},
		"glob_alias": {"32:true": Unknown},
		"glob_null":  {},
		"decl_len":   {},
		"read_only":  {"53:true": Unreachable},
	}
	coverStatuses(t, "testdata/inputmodel.c", want, "input model")
}

// TestStubContractNotProof: goals whose unreachability holds only if the
// undefined callees write no more than the stub contract are unknown,
// and say so; a proof that the contract does not limit stands.
func TestStubContractNotProof(t *testing.T) {
	want := map[string]map[string]Status{
		"f1": {"11:true": Unknown},
		"f2": {"12:true": Unknown},
		"f3": {"13:true": Unknown},
		"f4": {"17:true": Unreachable},
		// depth(0) may reach n == 0 when on_event calls depth(1).
		"depth": {"30:true": Unknown},
		"f6":    {"39:true": Unknown},
		"f7":    {"40:true": Unreachable},
		// watch may keep &v and poll write through it.
		"f8": {"48:true": Unknown},
		// read_into(&buf[i]) may write buf[i-1] through the pointer of
		// the call before.
		"f9": {"55:true": Unknown},
		// the same &x each time: the contract's store is all a kept
		// pointer adds.
		"f10": {"63:true": Unreachable},
		// notify may write through saved, through pending by calling
		// complete back, through **root, and into *p, which the caller
		// may have shared with it.
		"f11": {"78:true": Unknown},
		"f12": {"79:true": Unknown},
		"f13": {"80:true": Unknown},
		"f14": {"88:true": Unknown},
		"f15": {"92:true": Unreachable},
	}
	coverStatuses(t, "testdata/callees.c", want, "stub contract")
}

// TestUnionPunning: an int read through a union as its bytes is modelled
// (both outcomes covered, the tests replayed); the bytes of a pointer read
// as an integer are not: the goals behind that read are unknown with the
// reason, never unreachable.
func TestUnionPunning(t *testing.T) {
	g := gen(t, "testdata/union.c", "pun")
	cov := g.Cover(AllDecisions, time.Minute)
	require.Len(t, cov.Goals, 2)
	for _, gs := range cov.Goals {
		assert.Equal(t, Covered, gs.Status, gs.Goal.ID())
	}
	// The solver's answer, without the concrete pre-pass (whose runs may
	// take the true outcome on an address that is a multiple of 8, as
	// every object's is: replayed, that is a right answer, but not the
	// one under test).
	u, err := frontend.Load("testdata/union.c", frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower("ptr_pun")
	require.NoError(t, err)
	g, err = NewGenerator(p, Options{Check: true, PrepassSteps: -1})
	require.NoError(t, err)
	cov = g.Cover(AllDecisions, time.Minute)
	require.Len(t, cov.Goals, 2)
	for _, gs := range cov.Goals {
		assert.Equal(t, Unknown, gs.Status, gs.Goal.ID())
		assert.Contains(t, gs.Reason, "the bytes of the pointer at w as unsigned long")
	}
}

// TestCutPerPath: a construct inka does not model costs only the paths
// that run it: their goals are unknown with the construct named, the
// others are covered or proved unreachable.
func TestCutPerPath(t *testing.T) {
	want := map[string]map[string]Status{
		"flagged": {"39:false": Unknown, "41:false": Unknown, "41:true": Unknown, "43:true": Unknown, "43:false": Unknown},
		"weigh":   {},
	}
	coverStatuses(t, "testdata/cut.c", want, "unsupported")
}

// TestCutFloatsSolved: the functions of testdata/cut.c whose doubles were
// cuts before floating-point constraints were solved: every goal is
// answered now. guarded's line 28 is refuted on integers, but the
// function writes a double through its pointer input, so the proof is
// qualified as holding for inka's input model only.
func TestCutFloatsSolved(t *testing.T) {
	want := map[string]map[string]Status{
		"weighed": {},
		"small":   {},
		"guarded": {"28:true": Unknown},
	}
	coverStatuses(t, "testdata/cut.c", want, "unreachable for inka's input model only")
}

// outcomeKey names a decision goal "line:outcome".
func outcomeKey(g Goal) string {
	return fmt.Sprintf("%d:%s", g.Dec.Pos.Line, g.Dec.Outcomes[g.Outcome])
}

// coverStatuses covers every function of want in file and checks each
// goal's status: the one want gives by outcomeKey, else covered; an
// unknown goal's reason must mention reason.
func coverStatuses(t *testing.T, file string, want map[string]map[string]Status, reason string) {
	t.Helper()
	for fn, special := range want {
		t.Run(fn, func(t *testing.T) {
			g := gen(t, file, fn)
			g.Opts.Steps = 3_000_000
			cov := g.Cover(AllDecisions, time.Minute)
			require.NotEmpty(t, cov.Goals)
			for _, gs := range cov.Goals {
				exp, ok := special[outcomeKey(gs.Goal)]
				if !ok {
					exp = Covered
				}
				assert.Equal(t, exp, gs.Status, "%s: %s", gs.Goal.ID(), gs.Reason)
				if gs.Status == Unknown {
					assert.Contains(t, gs.Reason, reason)
				}
			}
		})
	}
}

// TestReturnedPointers: the pointer an undefined callee returns is an
// input, NULL or a fresh object the test fills (interp.StubAnswer.Object);
// a proof that rests on it holds under the stub contract only.
func TestReturnedPointers(t *testing.T) {
	g := gen(t, "testdata/returns.c", "refs_of")
	r := g.Reach(decisionGoal(t, g, 13, "true"), 1)
	require.Equal(t, Covered, r.Status, r.Reason)
	tc := r.Tests[0]
	require.Equal(t, []string{"find()#0"}, tc.StubObjects["find"])
	assert.Greater(t, tc.Objects["find()#0[0].refs"].Int64(), int64(3))
	assert.Equal(t, uint64(2), tc.Objects["find()#0[0].next[0].flags"].Uint64())
	r = g.Reach(decisionGoal(t, g, 11, "true"), 1)
	require.Equal(t, Covered, r.Status, r.Reason)
	assert.Equal(t, []string{""}, r.Tests[0].StubObjects["find"])

	coverStatuses(t, "testdata/returns.c", map[string]map[string]Status{
		"alias_only": {"26:true": Unknown},
	}, "unreachable for inka's input model only")
	coverStatuses(t, "testdata/returns.c", map[string]map[string]Status{
		"never": {"36:true": Unknown},
	}, "stub contract")
}

// TestCompilerBuiltins: the bit builtins (popcount, parity, ffs, clz,
// ctz, bswap; ntohl) are computed, not stubbed; a call of a gcc builtin
// inka does not model is the C library's (unknown behaviour), not an
// undefined callee's whose return value a test chooses.
func TestCompilerBuiltins(t *testing.T) {
	coverStatuses(t, "testdata/builtins.c", map[string]map[string]Status{
		"three_bits":  {},
		"checked_add": {"17:true": Unknown, "17:false": Unknown},
		"alloc_slot":  {"37:true": Unreachable},
	}, "which inka does not model")
}

// TestLayoutNotProof: the equality of pointers into two objects is not
// refuted by inka's layout of memory (testdata/layout.c).
func TestLayoutNotProof(t *testing.T) {
	coverStatuses(t, "testdata/layout.c", map[string]map[string]Status{
		"at_spill": {"11:true": Unknown},
		// every run stops at the comparison (a cut), the model's proof
		// is the layout's
		"is_guest": {"20:true": Unknown, "20:false": Unknown},
	}, "")
}

// TestAddressNotInput: no test rests on the run's address of an object
// (testdata/address.c): the runs stop where an address becomes a number.
func TestAddressNotInput(t *testing.T) {
	coverStatuses(t, "testdata/address.c", map[string]map[string]Status{
		"aligned8":   {"10:true": Unknown, "10:false": Unknown},
		"low_bits":   {"24:true": Unknown, "24:false": Unknown},
		"first_byte": {"33:true": Unknown, "33:false": Unknown},
	}, "")
}
