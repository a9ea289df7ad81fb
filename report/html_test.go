package report

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/testgen"
)

const markupFile = "../testdata/report/markup.c"

// coverFile covers every function of file, as `inka cover FILE` does.
func coverFile(t *testing.T, file string) *Run {
	t.Helper()
	u, err := frontend.Load(file, frontend.Options{})
	require.NoError(t, err)
	var covs []*testgen.Coverage
	var spans []FuncSpan
	for _, fn := range u.Functions() {
		p, err := u.Lower(fn)
		require.NoError(t, err)
		g, err := testgen.NewGenerator(p, testgen.Options{})
		require.NoError(t, err)
		covs = append(covs, g.Cover(testgen.AllDecisions, time.Minute))
		first, last, ok := u.FunctionSpan(fn)
		require.True(t, ok)
		spans = append(spans, FuncSpan{Name: fn, Line: first, EndLine: last})
	}
	run := FromCover(file, "", testgen.AllDecisions, covs)
	run.Functions = spans
	return run
}

func markupHTML(t *testing.T) (string, *Run) {
	t.Helper()
	run := coverFile(t, markupFile)
	var buf bytes.Buffer
	require.NoError(t, WriteHTML(&buf, []*Run{run}, HTMLOptions{}))
	return buf.String(), run
}

var (
	reHref = regexp.MustCompile(`href="#([^"]*)"`)
	reID   = regexp.MustCompile(` id="([^"]*)"`)
)

// TestHTMLEscapes checks that the C source shows as text: its <, > and &
// are escaped, and the markup in one of its strings makes no element.
func TestHTMLEscapes(t *testing.T) {
	page, _ := markupHTML(t)
	contains(t, page, `<td class="code">    if (c == &#39;&lt;&#39; &amp;&amp; depth &gt;= 0)</td>`)
	contains(t, page, `&#34;&lt;/td&gt;&lt;script&gt;alert(1)&lt;/script&gt;&#34;`)
	assert.Equal(t, 1, strings.Count(page, "<script>"), "the page's own script only")
	assert.False(t, strings.Contains(page, "alert(1)</script>"), "unescaped markup")
	// the conditions in the badges are escaped too
	contains(t, page, `c == &#39;&amp;&#39; || c == &#39;;&#39; → true`)
}

// TestHTMLAnnotates checks each answer's mark: the line of each goal has
// the class of its worst answer, covered goals link to their test,
// unknown ones give their reason, and every link of the page has its
// target.
func TestHTMLAnnotates(t *testing.T) {
	page, run := markupHTML(t)
	// markup.c: line 22's true outcome is proved unreachable, the others
	// covered (lines 29 and 31 compute in floating point).
	lineClass := map[int]string{10: "cov", 18: "cov", 20: "cov", 22: "unr", 29: "cov", 31: "cov"}
	for line, class := range lineClass {
		contains(t, page, `<tr id="f0-L`+itoa(line)+`" class="`+class+`">`)
	}
	contains(t, page, `<tr id="f0-L19"><td`) // a line without goal has no mark
	for _, g := range run.Goals {
		if g.Test != nil {
			contains(t, page, `(<a href="#f0-t`+itoa(*g.Test)+`">test `+itoa(*g.Test)+`</a>)`)
		}
	}
	contains(t, page, `<span class="badge unr">unreachable: kind == 1 &amp;&amp; c != &#39;&lt;&#39; → true</span>`)

	ids := map[string]bool{}
	for _, m := range reID.FindAllStringSubmatch(page, -1) {
		assert.False(t, ids[m[1]], "id %s twice", m[1])
		ids[m[1]] = true
	}
	hrefs := reHref.FindAllStringSubmatch(page, -1)
	require.NotEmpty(t, hrefs)
	for _, m := range hrefs {
		assert.True(t, ids[m[1]], "link to #%s has no target", m[1])
	}
}

// TestHTMLSummary checks the tables: one row per file, one per function
// with its first line, and counts that add up to the run's.
func TestHTMLSummary(t *testing.T) {
	page, run := markupHTML(t)
	contains(t, page, `<td class="name"><a href="#f0">../testdata/report/markup.c</a></td><td>12</td><td>11</td><td>1</td><td>0</td><td>100.0</td><td>8</td>`)
	contains(t, page, `<td class="name"><a href="#f0-L8">markup_name</a></td><td class="name">../testdata/report/markup.c</td><td>8</td><td>2</td><td>2</td><td>0</td><td>0</td><td>100.0</td><td>2</td>`)
	contains(t, page, `<a href="#f0-L15">markup_class</a></td><td class="name">../testdata/report/markup.c</td><td>15</td><td>6</td><td>5</td><td>1</td><td>0</td><td>100.0</td><td>3</td>`)
	contains(t, page, `<a href="#f0-L27">markup_weight</a></td><td class="name">../testdata/report/markup.c</td><td>27</td><td>4</td><td>4</td><td>0</td><td>0</td><td>100.0</td><td>3</td>`)
	assert.Len(t, run.Goals, 12)

	// Two files: two sections with their own anchors, totals summed.
	var buf bytes.Buffer
	trityp := coverRun(t, "../testdata/paper/trityp.c", "trityp")
	require.NoError(t, WriteHTML(&buf, []*Run{run, trityp}, HTMLOptions{Title: "two files"}))
	two := buf.String()
	contains(t, two, `<section class="file" id="f1">`)
	contains(t, two, `<tr id="f1-L40" class="unr">`)
	contains(t, two, `38 goals: <span class="badge cov">36 covered</span><span class="badge unr">2 unreachable (proved)</span><span class="badge unk">0 unknown</span>18 tests, 2 file(s).`)
}

// TestHTMLNoSource checks that a run whose file cannot be read is still
// reported: its goals listed apart, the reason shown.
func TestHTMLNoSource(t *testing.T) {
	run := Failed("gone.c", "", "gone.c:1:1: no such file")
	run.Goals = []Goal{{ID: "gone.c:3:5:true", Kind: "decision", Line: 3, Column: 5, Condition: "a < b", Outcome: true, Status: "unknown", Reason: "budget exhausted"}}
	var buf bytes.Buffer
	require.NoError(t, WriteHTML(&buf, []*Run{run}, HTMLOptions{}))
	page := buf.String()
	contains(t, page, "source not shown: open gone.c")
	contains(t, page, "no answer: gone.c:1:1: no such file")
	contains(t, page, `<span class="badge unk">unknown: a &lt; b → true — <span class="why">budget exhausted</span></span>`)
}

func itoa(n int) string { return strconv.Itoa(n) }

// contains is assert.Contains without the page in the message.
func contains(t *testing.T, page, s string) {
	t.Helper()
	if !strings.Contains(page, s) {
		t.Errorf("the page lacks %s", s)
	}
}
