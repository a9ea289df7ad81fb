package report

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The HTML report as a person sees it: rendered by a real browser,
// headless chromium (Debian's chromium package; the tests skip without
// it, .ci/run does not install it: 80 MB).

// chromium returns the browser's command, or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("chromium not installed (apt-get install chromium): the HTML report is checked as text only")
	return ""
}

// browse runs headless chromium on page with the given options and
// returns its standard output.
func browse(t *testing.T, page string, opts ...string) string {
	t.Helper()
	bin := chromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // a guard, not a measure
	defer cancel()
	args := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--user-data-dir=" + t.TempDir()}, opts...)
	cmd := exec.CommandContext(ctx, bin, append(args, "file://"+page)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "chromium: %s", stderr.String())
	return stdout.String()
}

func writePage(t *testing.T, extra string) string {
	t.Helper()
	html, _ := markupHTML(t)
	return writeHTML(t, html, extra)
}

func writeHTML(t *testing.T, html, extra string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "report.html")
	html = strings.Replace(html, "</body>", extra+"</body>", 1)
	require.NoError(t, os.WriteFile(path, []byte(html), 0o644))
	return path
}

// TestHTMLInBrowser checks the DOM chromium builds from the page: the
// annotated source is text in its cells (markup in the C source made no
// element), the marks and summary are there, and the sorting script works
// (a script added to a copy of the page clicks a column header twice).
func TestHTMLInBrowser(t *testing.T) {
	click := `<script>var th = document.querySelectorAll("#functions th")[3]; th.click(); var asc = Array.from(document.querySelectorAll("#functions tbody tr td:first-child")).map(function (td) { return td.textContent; }).join(","); th.click();
document.body.setAttribute("data-asc", asc);</script>`
	dom := browse(t, writePage(t, click), "--dump-dom")
	contains(t, dom, `<td class="code">    if (c == '&lt;' &amp;&amp; depth &gt;= 0)</td>`)
	contains(t, dom, `"&lt;/td&gt;&lt;script&gt;alert(1)&lt;/script&gt;"`)
	assert.Equal(t, 2, strings.Count(dom, "<script>"), "the page's script and the test's")
	contains(t, dom, `<tr id="f0-L22" class="unr">`)
	contains(t, dom, `<span class="badge unr">unreachable: kind == 1 &amp;&amp; c != '&lt;' → true</span>`)
	contains(t, dom, `<td>12</td><td>11</td><td>1</td><td>0</td><td>100.0</td><td>8</td>`)
	// goals: markup_name 2, markup_weight 4, markup_class 6
	contains(t, dom, `data-asc="markup_name,markup_weight,markup_class"`)
	contains(t, dom, `aria-sort="descending">goals</th>`)
	body := dom[strings.Index(dom, `<table class="sum sortable" id="functions">`):]
	body = body[:strings.Index(body, "</table>")]
	iClass, iWeight, iName := strings.Index(body, ">markup_class<"), strings.Index(body, ">markup_weight<"), strings.Index(body, ">markup_name<")
	assert.True(t, iClass < iWeight && iWeight < iName, "sorted by goals, descending")
}

// TestHTMLScreenshot renders the page and checks that its marks are drawn:
// the covered lines' green, the unreachable line's red and the unknown
// lines' yellow fill pixels. markup.c has no unknown goal (its floating
// point is solved): the goals of lines 29 and 31 are marked unknown in the
// run before it is written, as a budget would leave them.
func TestHTMLScreenshot(t *testing.T) {
	run := coverFile(t, markupFile)
	for i := range run.Goals {
		if g := &run.Goals[i]; g.Line == 29 || g.Line == 31 {
			g.Status, g.Reason, g.Test = "unknown", "budget exhausted", nil
		}
	}
	var buf bytes.Buffer
	require.NoError(t, WriteHTML(&buf, []*Run{run}, HTMLOptions{}))
	page := writeHTML(t, buf.String(), "")
	shot := filepath.Join(t.TempDir(), "report.png")
	browse(t, page, "--screenshot="+shot, "--window-size=1200,2000", "--hide-scrollbars")
	f, err := os.Open(shot)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	colors := map[[3]uint32]int{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			colors[[3]uint32{r >> 8, g >> 8, bl >> 8}]++
		}
	}
	// the line backgrounds of html.tmpl: a line of code is about 1,000
	// pixels wide and 15 high
	green, red, yellow := colors[[3]uint32{0xda, 0xfb, 0xe1}], colors[[3]uint32{0xff, 0xd8, 0xd3}], colors[[3]uint32{0xff, 0xf8, 0xc5}]
	t.Logf("pixels: green %d, red %d, yellow %d", green, red, yellow)
	assert.Greater(t, green, 4*5000, "four covered lines")
	assert.Greater(t, red, 5000, "one unreachable line")
	assert.Greater(t, yellow, 2*5000, "two unknown lines")
}
