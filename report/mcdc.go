package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/inka-tool/inka/mcdc"
	"github.com/inka-tool/inka/testgen"
)

// MCDCDecision is a decision of a condition or MC/DC run (inka/v1
// `decisions`): its conditions, its evaluation paths with their answers,
// and how many tests of the suite its pairs use against the lower bound
// N+1.
type MCDCDecision struct {
	ID          string          `json:"id"`
	Function    string          `json:"function,omitempty"`
	Kind        string          `json:"kind"`
	Line        int             `json:"line"`
	Column      int             `json:"column"`
	Text        string          `json:"text"`
	Expr        string          `json:"expr"`
	Conditions  []MCDCCondition `json:"conditions"`
	Evaluations []MCDCEval      `json:"evaluations,omitempty"`
	SuiteTests  int             `json:"suite_tests"`
	Bound       int             `json:"bound,omitempty"`
}

// MCDCCondition is a condition of a decision: c1, c2, ... in Expr.
type MCDCCondition struct {
	Name   string `json:"name"`
	ID     string `json:"id"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Text   string `json:"text"`
}

// MCDCEval is one evaluation path of a decision: the values of its
// conditions (T, F, - for not evaluated) and its outcome.
type MCDCEval struct {
	Vector  string `json:"vector"`
	Outcome bool   `json:"outcome"`
	Status  string `json:"status"`
	Reason  string `json:"reason,omitempty"`
	Test    *int   `json:"test,omitempty"`
}

// FromMCDC builds the inka/v1 object of `inka cover --criterion
// condition|decision-condition|mcdc`.
func FromMCDC(file, fn string, crit mcdc.Criterion, form mcdc.Form, rs []*mcdc.Result) *Run {
	run := &Run{Schema: Schema, File: file, Function: fn, Criterion: string(crit), Goals: []Goal{}, Tests: []Test{},
		Decisions: []MCDCDecision{}}
	if crit == mcdc.MCDC {
		run.MCDCForm = string(form)
	}
	var total testgen.Stats
	for _, r := range rs {
		base := len(run.Tests)
		name := ""
		if fn == "" {
			name = r.Function
		}
		at := func(t int) *int {
			if t < 0 {
				return nil
			}
			t += base
			return &t
		}
		for i, t := range r.Tests {
			run.Tests = append(run.Tests, testJSON(base+i, name, t, r.Covers[i]))
		}
		for _, d := range r.Decisions {
			md := MCDCDecision{ID: d.Dec.Pos.String(), Function: name, Kind: d.Dec.Kind.String(), Line: d.Dec.Pos.Line,
				Column: d.Dec.Pos.Col, Text: d.Dec.Text, Expr: d.Expr, Conditions: []MCDCCondition{},
				SuiteTests: d.SuiteTests, Bound: d.Bound}
			for i, c := range d.Conditions {
				md.Conditions = append(md.Conditions, MCDCCondition{Name: fmt.Sprintf("c%d", i+1), ID: mcdc.CondID(c.Leaf),
					Line: c.Leaf.Pos.Line, Column: c.Leaf.Pos.Col, Text: c.Leaf.Text})
			}
			if crit != mcdc.Condition {
				for _, e := range d.Evals {
					md.Evaluations = append(md.Evaluations, MCDCEval{Vector: e.Conds, Outcome: e.Outcome,
						Status: e.Status.String(), Reason: e.Reason, Test: at(e.Test)})
				}
			}
			run.Decisions = append(run.Decisions, md)
			for i, c := range d.Conditions {
				g := Goal{Function: name, Line: c.Leaf.Pos.Line, Column: c.Leaf.Pos.Col, Condition: c.Leaf.Text, Decision: md.ID}
				if crit == mcdc.MCDC {
					g.ID, g.Kind = mcdc.CondID(c.Leaf)+":mcdc", "mcdc"
					g.Status, g.Reason = c.Status.String(), c.Reason
					if c.Status == testgen.Covered {
						g.Pair = []int{*at(c.Pair[0]), *at(c.Pair[1])}
						g.Vectors = []string{c.Vectors[0].String(), c.Vectors[1].String()}
					}
					_ = i
					run.Goals = append(run.Goals, g)
					continue
				}
				for o, og := range c.Outcomes {
					h := g
					h.ID, h.Kind, h.Outcome = c.Leaf.ID(o), "condition", o == 0
					h.Status, h.Reason, h.Test = og.Status.String(), og.Reason, at(og.Test)
					if og.Status != testgen.Unknown {
						h.Engine = og.Engine
					}
					run.Goals = append(run.Goals, h)
				}
			}
			if crit == mcdc.DecisionCondition {
				for o, og := range d.Outcomes {
					run.Goals = append(run.Goals, Goal{ID: d.Dec.ID(o), Function: name, Kind: "decision", Line: d.Dec.Pos.Line,
						Column: d.Dec.Pos.Col, Condition: d.Dec.Text, Outcome: o == 0, Status: og.Status.String(),
						Reason: og.Reason, Test: at(og.Test), Engine: og.Engine})
				}
			}
		}
		total.Add(r.Stats)
	}
	run.Stats = statsJSON(total, run.Goals)
	return run
}

// writeMCDCText writes the decisions of a condition or MC/DC run: each
// decision with its conditions, and for MC/DC each condition's pair.
func writeMCDCText(w io.Writer, run *Run) {
	if len(run.Decisions) == 0 {
		return
	}
	fmt.Fprintln(w)
	for _, d := range run.Decisions {
		fn := ""
		if d.Function != "" {
			fn = " [" + d.Function + "]"
		}
		fmt.Fprintf(w, "decision %s  %q%s\n  %s", d.ID, d.Text, fn, d.Expr)
		if run.Criterion == "mcdc" && d.Bound > 0 {
			fmt.Fprintf(w, "  -- pairs use %d tests (lower bound %d)", d.SuiteTests, d.Bound)
		}
		fmt.Fprintln(w)
		for _, c := range d.Conditions {
			line := fmt.Sprintf("  %-3s %q", c.Name, c.Text)
			if run.Criterion == "mcdc" {
				for _, g := range run.Goals {
					if g.Kind != "mcdc" || g.ID != c.ID+":mcdc" {
						continue
					}
					line += "  " + g.Status
					if len(g.Pair) == 2 {
						line += fmt.Sprintf(": tests %d and %d (%s, %s)", g.Pair[0], g.Pair[1], g.Vectors[0], g.Vectors[1])
					}
				}
			}
			fmt.Fprintln(w, line)
		}
	}
}

// mcdcLine is the text of an MC/DC goal in WriteText's list.
func mcdcLine(g Goal) string {
	s := fmt.Sprintf("%s  %q", g.ID, g.Condition)
	if len(g.Pair) == 2 {
		s += fmt.Sprintf("  (tests %d, %d: %s)", g.Pair[0], g.Pair[1], strings.Join(g.Vectors, " / "))
	}
	return s
}
