package report

import (
	"encoding/json"
	"fmt"
	"io"
)

// WriteSARIF writes the goals of run as a SARIF 2.1.0 log, for code
// scanning views: an unreachable goal is a warning (dead code, or a
// defensive check that can never fire), an unknown goal a note with its
// reason; covered goals are not results.
func WriteSARIF(w io.Writer, run *Run) error {
	type loc struct {
		PhysicalLocation struct {
			ArtifactLocation struct {
				URI string `json:"uri"`
			} `json:"artifactLocation"`
			Region struct {
				StartLine   int `json:"startLine"`
				StartColumn int `json:"startColumn,omitempty"`
			} `json:"region"`
		} `json:"physicalLocation"`
	}
	type msg struct {
		Text string `json:"text"`
	}
	type result struct {
		RuleID    string `json:"ruleId"`
		Level     string `json:"level"`
		Message   msg    `json:"message"`
		Locations []loc  `json:"locations"`
	}
	type rule struct {
		ID        string `json:"id"`
		ShortDesc msg    `json:"shortDescription"`
	}
	var results []result
	for _, g := range run.Goals {
		var r result
		switch g.Status {
		case "unreachable":
			r.RuleID, r.Level = "inka/unreachable", "warning"
			r.Message.Text = fmt.Sprintf("%s: no input reaches this goal (proved)", describeGoal(g))
		case "unknown":
			r.RuleID, r.Level = "inka/unknown", "note"
			r.Message.Text = fmt.Sprintf("%s: not decided: %s", describeGoal(g), g.Reason)
		default:
			continue
		}
		var l loc
		l.PhysicalLocation.ArtifactLocation.URI = run.File
		l.PhysicalLocation.Region.StartLine = g.Line
		l.PhysicalLocation.Region.StartColumn = g.Column
		r.Locations = []loc{l}
		results = append(results, r)
	}
	if results == nil {
		results = []result{}
	}
	log := map[string]any{
		"$schema": "https://json.schemastore.org/sarif-2.1.0.json",
		"version": "2.1.0",
		"runs": []any{map[string]any{
			"tool": map[string]any{"driver": map[string]any{
				"name": "inka", "informationUri": "https://github.com/inka-tool/inka",
				"rules": []rule{
					{ID: "inka/unreachable", ShortDesc: msg{"goal proved unreachable"}},
					{ID: "inka/unknown", ShortDesc: msg{"goal not decided within the budget"}},
				},
			}},
			"results": results,
		}},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(log)
}

func describeGoal(g Goal) string {
	switch g.Kind {
	case "condition":
		return fmt.Sprintf("condition %q outcome %v", g.Condition, g.Outcome)
	case "mcdc":
		return fmt.Sprintf("MC/DC pair of condition %q (%s)", g.Condition, g.Reason)
	}
	if g.Kind == "decision" {
		return fmt.Sprintf("decision %q outcome %v", g.Condition, g.Outcome)
	}
	return fmt.Sprintf("statement on line %d", g.Line)
}
