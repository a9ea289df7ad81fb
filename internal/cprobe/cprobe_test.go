package cprobe

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/ir"
)

// probeSrc has every kind of decision: if, while, do-while, for, the
// operands of && and ||, ?:, a switch on a char (promoted), assert; and a
// helper whose decisions are probed with the caller's.
const probeSrc = `#include <assert.h>
static int sign(int x) { return x < 0 ? -1 : x > 0; }
int classify(char c, int n, int *v)
{
    int k = 0;
    while (k < n && v[k] != 0)
        k++;
    do {
        n--;
    } while (n > 10);
    for (int i = 0; i < 2; i++)
        k += sign(v[i]);
    switch (c) {
    case 'a':
    case -3:
        k++;
        break;
    default:
        k--;
    }
    assert(k != 99);
    if (k > 3 || (n < 0 && c == 'z'))
        return 1;
    return 0;
}
`

func set(t *testing.T) (*Set, []byte) {
	t.Helper()
	u, err := frontend.LoadSource("probe.c", []byte(probeSrc), frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower("classify")
	require.NoError(t, err)
	return NewSet(p), []byte(probeSrc)
}

// TestInstrument: every decision of the program (of the helper too) gets
// its probe, at its source range, and the text around is kept.
func TestInstrument(t *testing.T) {
	s, src := set(t)
	out, err := Instrument(src, "probe.c", []*Set{s})
	require.NoError(t, err)
	assert.Empty(t, s.Skipped)
	n := 0
	for _, f := range s.Prog.Funcs {
		n += len(f.Decisions)
	}
	assert.Len(t, s.Probed, n, "every decision")
	assert.Len(t, s.Probes, n)
	text := string(out)
	for _, want := range []string{
		"while (__inka_p(",       // the loop condition
		"__inka_p(2, !!(k < n))", // the first operand of && (the last one's outcome is the whole's)
		"? -1 : ",                // the ?: kept around its probe
		"__inka_sw(",             // the switch
		"(unsigned long long)",   // its value
		"int classify(char c, int n, int *v)",
	} {
		assert.Contains(t, text, want)
	}
	_, body, ok := strings.Cut(text, "#line 1 \"probe.c\"\n")
	require.True(t, ok, "the probes' declarations, then the file from its line 1")
	assert.Equal(t, strings.Count(probeSrc, "\n"), strings.Count(body, "\n"), "lines stay where they were")

	// the same decisions in a second set share the probes
	s2, _ := set(t)
	out2, err := Instrument(src, "probe.c", []*Set{s, s2})
	require.NoError(t, err)
	assert.Equal(t, string(out), string(out2))
	assert.Len(t, s2.Probes, n)
}

// TestOutcome: the value a probe prints maps back to the outcome: 1 is
// true, 0 false, a switch's promoted value its case (default otherwise).
func TestOutcome(t *testing.T) {
	s, src := set(t)
	_, err := Instrument(src, "probe.c", []*Set{s})
	require.NoError(t, err)
	var sw, cond *ir.Decision
	for d := range s.Probed {
		switch {
		case d.Kind == ir.DecSwitch:
			sw = d
		case d.Kind == ir.DecIf && cond == nil:
			cond = d
		}
	}
	require.NotNil(t, sw)
	require.NotNil(t, cond)
	o, err := s.Outcome(cond, 1)
	require.NoError(t, err)
	assert.Equal(t, "true", cond.Outcomes[o])
	o, err = s.Outcome(cond, 0)
	require.NoError(t, err)
	assert.Equal(t, "false", cond.Outcomes[o])
	o, err = s.Outcome(sw, 'a')
	require.NoError(t, err)
	assert.Equal(t, "case 'a'", sw.Outcomes[o])
	o, err = s.Outcome(sw, uint64(0xfffffffd)) // -3 as the promoted int
	require.NoError(t, err)
	assert.Equal(t, "case -3", sw.Outcomes[o])
	o, err = s.Outcome(sw, 'q')
	require.NoError(t, err)
	assert.Equal(t, "default", sw.Outcomes[o])
}

// TestSkipped: a decision outside the file instrumented, or at a range
// that is not in the text, is skipped with the reason.
func TestSkipped(t *testing.T) {
	s, src := set(t)
	_, err := Instrument(src, "other.c", []*Set{s})
	require.NoError(t, err)
	assert.Empty(t, s.Probed)
	require.NotEmpty(t, s.Skipped)
	assert.Contains(t, s.Skipped[0], "not in other.c")
}
