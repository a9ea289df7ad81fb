package report

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
)

// The HTML report is one self-contained page (no external asset: the
// style and the small script that sorts the tables are inline), for a
// person reviewing what inka claims about one file or a whole project:
//
//   - a summary table of the files and one of the functions: goals,
//     covered, unreachable, unknown, tests; a click on a column header
//     sorts the table by it;
//   - per file, its source with every line that holds a goal marked by
//     its worst answer, and under that line one badge per goal: covered,
//     with a link to the test that covers it; unreachable, the outcomes
//     proved impossible (dead code, or a defensive check that can never
//     fire: what a reviewer should look at); unknown, with the reason;
//   - per file, its tests with their inputs, each linking back to the
//     lines of the goals it covers.
//
// Everything from the C source or from the answers goes through
// html/template, which escapes it for the context it lands in (C is full
// of <, > and &).

//go:embed html.tmpl
var htmlText string

var htmlTemplate = template.Must(template.New("report").Parse(htmlText))

// HTMLOptions are the options of WriteHTML.
type HTMLOptions struct {
	// Title heads the page (default "inka coverage report").
	Title string
	// Source returns the text of a run's file (default os.ReadFile). A
	// file it cannot read is still reported, without its source.
	Source func(file string) ([]byte, error)
}

// WriteHTML writes runs (one inka/v1 run per file: one for a file, many
// for a project) as one self-contained HTML page.
func WriteHTML(w io.Writer, runs []*Run, opts HTMLOptions) error {
	if opts.Title == "" {
		opts.Title = "inka coverage report"
	}
	if opts.Source == nil {
		opts.Source = os.ReadFile
	}
	page := htmlPage{Title: opts.Title}
	for i, run := range runs {
		f := buildFile(fmt.Sprintf("f%d", i), run, opts.Source)
		page.Files = append(page.Files, f)
		page.Total.add(f.Counts)
		page.FileRows = append(page.FileRows, summaryRow{File: run.File, Anchor: f.ID, counts: f.Counts})
		page.FuncRows = append(page.FuncRows, f.funcRows...)
	}
	if err := htmlTemplate.Execute(w, page); err != nil {
		return fmt.Errorf("html report: %w", err)
	}
	return nil
}

// htmlPage is what the template renders.
type htmlPage struct {
	Title    string
	Total    counts
	FileRows []summaryRow
	FuncRows []summaryRow
	Files    []*htmlFile
}

// counts are the answers of a set of goals, and its tests.
type counts struct {
	Goals, Covered, Unreachable, Unknown, Tests int
}

func (c *counts) add(d counts) {
	c.Goals += d.Goals
	c.Covered += d.Covered
	c.Unreachable += d.Unreachable
	c.Unknown += d.Unknown
	c.Tests += d.Tests
}

func (c *counts) count(status string) {
	c.Goals++
	switch status {
	case "covered":
		c.Covered++
	case "unreachable":
		c.Unreachable++
	default:
		c.Unknown++
	}
}

// Decided is the share of goals answered (covered or proved unreachable),
// in percent with one decimal; "-" without goals.
func (c counts) Decided() string {
	if c.Goals == 0 {
		return "-"
	}
	return strconv.FormatFloat(100*float64(c.Covered+c.Unreachable)/float64(c.Goals), 'f', 1, 64)
}

// summaryRow is a row of the files' or the functions' table.
type summaryRow struct {
	File, Function string
	Line           int    // the function's first line, 0 if unknown
	Anchor         string // where the row links to
	counts
}

// htmlFile is one run: its source, annotated, and its tests.
type htmlFile struct {
	ID        string
	Path      string
	Function  string // the run's --func, if any
	Criterion string
	Error     string
	SourceErr string
	Skipped   []Skipped
	Counts    counts
	Lines     []htmlLine
	Elsewhere []htmlGoal // goals on lines the source does not have (headers)
	Tests     []htmlTest
	funcRows  []summaryRow
}

// htmlLine is a line of source and the goals on it.
type htmlLine struct {
	N     int
	Text  string
	Class string // the worst answer of its goals: "unr", "unk", "cov" or ""
	Goals []htmlGoal
}

// htmlGoal is the badge of one goal.
type htmlGoal struct {
	Class  string // "cov", "unr", "unk"
	Status string
	What   string // the goal: its condition and outcome
	Reason string
	Test   string // anchor of the covering test, "" if none
	TestID int
}

// htmlTest is one test, with the goals it covers.
type htmlTest struct {
	Anchor   string
	ID       int
	Function string
	Inputs   string
	Covers   []coverRef
}

// coverRef is a link from a test to the line of a goal it covers: the
// goal's id without the file's path.
type coverRef struct {
	ID, Anchor string
}

var statusClass = map[string]string{"covered": "cov", "unreachable": "unr"}

// classRank orders the line classes: a line shows its worst answer.
var classRank = map[string]int{"": 0, "cov": 1, "unk": 2, "unr": 3}

func goalClass(status string) string {
	if c, ok := statusClass[status]; ok {
		return c
	}
	return "unk"
}

// buildFile lays out one run.
func buildFile(id string, run *Run, source func(string) ([]byte, error)) *htmlFile {
	f := &htmlFile{ID: id, Path: run.File, Function: run.Function, Criterion: run.Criterion,
		Error: run.Error, Skipped: run.Skipped}
	text, err := source(run.File)
	if err != nil {
		f.SourceErr = err.Error()
	}
	for i, l := range splitLines(string(text)) {
		f.Lines = append(f.Lines, htmlLine{N: i + 1, Text: l})
	}
	funcs := map[string]*summaryRow{}
	var order []string
	row := func(fn string) *summaryRow {
		if r, ok := funcs[fn]; ok {
			return r
		}
		r := &summaryRow{File: run.File, Function: fn, Anchor: id}
		for _, s := range run.Functions {
			if s.Name == fn {
				r.Line = s.Line
				r.Anchor = fmt.Sprintf("%s-L%d", id, s.Line)
			}
		}
		funcs[fn] = r
		order = append(order, fn)
		return r
	}
	for _, g := range run.Goals {
		f.Counts.count(g.Status)
		row(or(g.Function, run.Function)).count(g.Status)
		b := htmlGoal{Class: goalClass(g.Status), Status: g.Status, What: goalWhat(g), Reason: g.Reason}
		if g.Test != nil {
			b.Test, b.TestID = fmt.Sprintf("%s-t%d", id, *g.Test), *g.Test
		}
		if !inFile(g, run.File) || g.Line < 1 || g.Line > len(f.Lines) {
			f.Elsewhere = append(f.Elsewhere, b)
			continue
		}
		l := &f.Lines[g.Line-1]
		l.Goals = append(l.Goals, b)
		if classRank[b.Class] > classRank[l.Class] {
			l.Class = b.Class
		}
	}
	lineOf := map[string]int{}
	for _, g := range run.Goals {
		if inFile(g, run.File) && g.Line >= 1 && g.Line <= len(f.Lines) {
			lineOf[g.ID] = g.Line
		}
	}
	for _, t := range run.Tests {
		f.Counts.Tests++
		row(or(t.Function, run.Function)).Tests++
		ht := htmlTest{Anchor: fmt.Sprintf("%s-t%d", id, t.ID), ID: t.ID, Function: t.Function,
			Inputs: strings.TrimSpace(testText(t))}
		for _, c := range t.Covers {
			ref := coverRef{ID: strings.TrimPrefix(c, run.File+":")}
			if n, ok := lineOf[c]; ok {
				ref.Anchor = fmt.Sprintf("%s-L%d", id, n)
			}
			ht.Covers = append(ht.Covers, ref)
		}
		f.Tests = append(f.Tests, ht)
	}
	for _, fn := range order {
		f.funcRows = append(f.funcRows, *funcs[fn])
	}
	sort.SliceStable(f.funcRows, func(i, j int) bool { return f.funcRows[i].Line < f.funcRows[j].Line })
	return f
}

// inFile reports whether goal g is in file: a decision of a header
// inlined into the file's functions is not.
func inFile(g Goal, file string) bool {
	return goalFile(g) == file
}

// goalWhat says which goal a badge is: the outcome of a decision with its
// condition, or the statement.
func goalWhat(g Goal) string {
	switch g.Kind {
	case "decision", "condition":
		return fmt.Sprintf("%s → %v", g.Condition, g.Outcome)
	case "mcdc":
		return fmt.Sprintf("MC/DC pair of %s", g.Condition)
	case "statement":
		return "statement"
	}
	return g.ID
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
