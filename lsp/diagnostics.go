package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/inka-tool/inka/report"
)

// diagnostics maps inka's answers on the document to diagnostics: the
// unreachable and unknown goals, the functions skipped, the file's error.
func (d *document) diagnostics() []Diagnostic {
	out := []Diagnostic{}
	run := d.run
	if run.Error != "" {
		out = append(out, Diagnostic{Range: d.errorRange(run.Error), Severity: SeverityError, Code: "error",
			Source: "inka", Message: run.Error})
	}
	for _, sk := range run.Skipped {
		r := d.lineRange(0, 0)
		for _, f := range run.Functions {
			if f.Name == sk.Function {
				r = d.lineRange(f.Line, 0)
			}
		}
		out = append(out, Diagnostic{Range: r, Severity: SeverityWarning, Code: "skipped", Source: "inka",
			Message: fmt.Sprintf("inka skips %s: %s", sk.Function, sk.Reason)})
	}
	for _, g := range run.Goals {
		diag := Diagnostic{Range: d.lineRange(g.Line, g.Column), Source: "inka", Data: goalRef(run, g)}
		switch g.Status {
		case "unreachable":
			diag.Severity, diag.Code, diag.Tags = SeverityHint, "unreachable", []int{TagUnnecessary}
			diag.Message = "proved unreachable: " + goalText(g) + " never happens (no input reaches it)"
		case "unknown":
			diag.Severity, diag.Code = SeverityInformation, "unknown"
			diag.Message = "not decided: " + goalText(g) + ": " + g.Reason
		default:
			continue
		}
		out = append(out, diag)
	}
	return out
}

// goalText names a goal in a message.
func goalText(g report.Goal) string {
	if g.Kind == "statement" {
		return "this statement"
	}
	return fmt.Sprintf("`%s` → %v", g.Condition, g.Outcome)
}

// goalRef is the reach target of a decision goal, nil for the others.
func goalRef(run *report.Run, g report.Goal) *GoalRef {
	if g.Kind != "decision" || g.Outcome == nil {
		return nil
	}
	fn := g.Function
	if fn == "" {
		fn = run.Function
	}
	return &GoalRef{Function: fn, Line: g.Line, Outcome: fmt.Sprint(g.Outcome), Condition: g.Condition}
}

var reErrPos = regexp.MustCompile(`^.*?:(\d+):(\d+): `)

// errorRange is the place of a "file:line:col: message" error, the start
// of the document if it has none.
func (d *document) errorRange(msg string) Range {
	if m := reErrPos.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		return d.lineRange(line, col)
	}
	return d.lineRange(0, 0)
}

// lineRange is the range from a one-based line and byte column (0: the
// line's first non-blank) to the end of the line's text, in the
// protocol's UTF-16 characters.
func (d *document) lineRange(line, col int) Range {
	if line < 1 {
		return Range{}
	}
	if line > len(d.lines) {
		// the text the client sent is not the file inka read
		return Range{Start: Position{line - 1, 0}, End: Position{line - 1, 0}}
	}
	text := strings.TrimRight(d.lines[line-1], " \t\r")
	start := col - 1
	if col < 1 || start > len(text) {
		start = len(text) - len(strings.TrimLeft(text, " \t"))
	}
	return Range{Start: Position{line - 1, utf16Len(text[:start])}, End: Position{line - 1, utf16Len(text)}}
}

// utf16Len counts the UTF-16 code units of s (invalid UTF-8 bytes count
// one each, as U+FFFD).
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2 // a surrogate pair
		} else {
			n++
		}
	}
	return n
}

// codeActions offers "generate a test for this branch" for each decision
// outcome on the lines of the range.
func (s *Server) codeActions(p CodeActionParams) []CodeAction {
	out := []CodeAction{}
	doc := s.docs[p.TextDocument.URI]
	if doc == nil || doc.run == nil {
		return out
	}
	for _, g := range doc.run.Goals {
		ref := goalRef(doc.run, g)
		if ref == nil || g.Line-1 < p.Range.Start.Line || g.Line-1 > p.Range.End.Line {
			continue
		}
		a := CodeAction{
			Title: fmt.Sprintf("inka: generate a test for this branch (`%s` → %s, line %d; now %s)", g.Condition, ref.Outcome, g.Line, g.Status),
			Kind:  "quickfix",
			Command: &Command{Title: "generate a test for this branch", Command: CommandGenerateTest,
				Arguments: []any{p.TextDocument.URI, ref}},
		}
		for _, diag := range p.Context.Diagnostics {
			if diag.Data != nil && *diag.Data == *ref {
				a.Diagnostics = append(a.Diagnostics, diag)
			}
		}
		out = append(out, a)
	}
	return out
}

// execute runs the command of the code action: reach on the outcome. The
// answer is shown to the user, and is the command's result (inka/v1).
func (s *Server) execute(p ExecuteCommandParams) (any, *rpcError) {
	if p.Command != CommandGenerateTest {
		return nil, &rpcError{Code: codeInvalidParams, Message: "unknown command " + p.Command}
	}
	var uri string
	var ref GoalRef
	if len(p.Arguments) != 2 || json.Unmarshal(p.Arguments[0], &uri) != nil || json.Unmarshal(p.Arguments[1], &ref) != nil {
		return nil, &rpcError{Code: codeInvalidParams, Message: CommandGenerateTest + " takes a document URI and a goal"}
	}
	path, err := uriPath(uri)
	if err != nil {
		return nil, invalidParams(err)
	}
	run, err := s.an.Reach(path, ref)
	if err != nil {
		s.showMessage(MessageError, fmt.Sprintf("inka reach: %v", err))
		return nil, &rpcError{Code: codeInternalError, Message: err.Error()}
	}
	var text bytes.Buffer
	fmt.Fprintf(&text, "inka reach %s:%d:%s (%s)\n", path, ref.Line, ref.Outcome, ref.Function)
	if run.Error != "" {
		text.WriteString(run.Error)
	} else {
		report.WriteText(&text, run)
	}
	s.showMessage(MessageInfo, strings.TrimRight(text.String(), "\n"))
	return run, nil
}
