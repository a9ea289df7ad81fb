package testgen

import (
	"testing"
	"time"

	"github.com/inka-tool/inka/budget"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A recursive-descent evaluator of sums and products of digits in
// parentheses: parse_expr calls parse_atom twice, so the inlined code
// doubles with every level of the recursion.
const parserSrc = `
#include <ctype.h>

struct parser { const char *s; int depth; int err; };

static long parse_expr(struct parser *p);

static long parse_atom(struct parser *p)
{
    while (*p->s == ' ')
        p->s++;
    if (*p->s == '(') {
        if (++p->depth > 2) { p->err = 2; return 0; }
        p->s++;
        long v = parse_expr(p);
        if (*p->s != ')') { p->err = 1; return 0; }
        p->s++;
        p->depth--;
        return v;
    }
    if (!isdigit((unsigned char)*p->s)) { p->err = 1; return 0; }
    return *p->s++ - '0';
}

static long parse_expr(struct parser *p)
{
    long v = parse_atom(p);
    while (!p->err && (*p->s == '+' || *p->s == '*')) {
        char op = *p->s++;
        long r = parse_atom(p);
        v = op == '+' ? v + r : v * r;
    }
    return v;
}

int eval(const char *s, long *out)
{
    struct parser p = { s, 0, 0 };
    long v = parse_expr(&p);
    if (p.err)
        return -1;
    *out = v;
    return 0;
}
`

// TestShallowRecursion: a goal that two levels of the recursion reach
// ("(1)": the closing parenthesis found) is answered on the recursion
// inlined two levels deep, in a tenth of the steps of the model with the
// recursion inlined to --max-inline; a goal that needs a third level
// ("(((": too deep) is left unknown there and answered on the full
// bounds, as before.
func TestShallowRecursion(t *testing.T) {
	file := writeC(t, "parser.c", parserSrc)
	g := genOpts(t, file, "eval", Options{MaxInline: 6, Engine: EngineFD})
	require.NotNil(t, g.shallower(), "the recursion was cut by the bound")
	goal := goalOf(t, g, 16, "false")
	r := g.Reach(goal, 1)
	require.Equal(t, Covered, r.Status, r.Reason)
	assert.True(t, r.Tests[0].Result.Covers(goal.Dec, goal.Outcome))

	// With the recursion inlined to --max-inline alone, the analyses,
	// the model and the search of this goal take 4.8 M steps.
	assert.Less(t, r.Stats.Steps, int64(500_000), "answered on the shallow model")

	deep := goalOf(t, g, 13, "true")
	r = g.Reach(deep, 1)
	require.Equal(t, Covered, r.Status, r.Reason)
	assert.True(t, r.Tests[0].Result.Covers(deep.Dec, deep.Outcome))
	sr := g.shallow.reach(deep, 1)
	assert.Equal(t, Unknown, sr.Status, "a third level is past the shallow bound")
}

// TestQuickRound: a goal that takes its whole budget (fd cannot refute C's
// division identity, q * b + r != a) no longer holds back the feasible
// goal that comes after it in the coverage run: the quick round covers
// that one before any goal has had its whole budget. (The clock of the
// run counts steps here.)
func TestQuickRound(t *testing.T) {
	file := "../testdata/user/arith.c"
	const steps = 1_000_000
	total := budget.New(0, time.Time{})
	g := genOpts(t, file, "divs", Options{Steps: steps, Total: total, Engine: EngineFD,
		Clock: func() time.Duration { return time.Duration(total.Used()) }})
	cov := g.Cover(AllDecisions, 0)
	for _, gs := range cov.Goals {
		switch {
		case gs.Goal.Dec.Pos.Line == 90 && gs.Goal.Dec.Outcomes[gs.Goal.Outcome] == "true":
			assert.Equal(t, Unknown, gs.Status, "C's division identity")
			assert.Contains(t, gs.Reason, "step budget exhausted")
		case gs.Goal.Dec.Pos.Line == 86 && gs.Goal.Dec.Outcomes[gs.Goal.Outcome] == "true":
			require.Equal(t, Covered, gs.Status, gs.Reason)
			assert.Less(t, int64(gs.At), int64(steps), "covered before a goal had its whole budget")
		}
	}
}
