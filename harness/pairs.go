package harness

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/inka-tool/inka/report"
)

// mcdcPairs lists, for a run of criterion mcdc, each condition with the
// pair of tests that shows it independent, or why there is none: the
// harness runs every test as any other, and says in a comment which two
// tests make each pair (a reviewer reads the pair and its two
// evaluations of the decision there).
func mcdcPairs(run *report.Run) []string {
	if run.Criterion != "mcdc" {
		return nil
	}
	out := []string{fmt.Sprintf("MC/DC (%s): the pairs of tests that show each condition independent", run.MCDCForm)}
	for _, d := range run.Decisions {
		out = append(out, fmt.Sprintf("decision %s %q, %s:", d.ID, d.Text, d.Expr))
		for _, c := range d.Conditions {
			for _, g := range run.Goals {
				if g.Kind != "mcdc" || g.ID != c.ID+":mcdc" {
					continue
				}
				line := fmt.Sprintf("  %s %q: ", c.Name, c.Text)
				if len(g.Pair) == 2 {
					line += fmt.Sprintf("tests %d and %d (%s, %s)", g.Pair[0], g.Pair[1], g.Vectors[0], g.Vectors[1])
				} else {
					line += g.Status + ": " + g.Reason
				}
				out = append(out, line)
			}
		}
	}
	return out
}

// writePairs writes the pairs as a C comment.
func writePairs(h *bytes.Buffer, pairs []string) {
	if len(pairs) == 0 {
		return
	}
	h.WriteString("\n/*\n")
	for _, l := range pairs {
		fmt.Fprintf(h, " * %s\n", strings.ReplaceAll(l, "*/", "* /"))
	}
	h.WriteString(" */\n")
}
