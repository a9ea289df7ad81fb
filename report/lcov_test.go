package report

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lcovRecord is one record of a tracefile, as read back by parseLCOV.
type lcovRecord struct {
	file     string
	fn       map[string]int    // FN: name -> line
	fnda     map[string]int    // FNDA: name -> calls
	brda     map[string]string // "line,block,branch" -> taken
	da       map[int]int       // line -> count
	summary  map[string]int    // FNF, FNH, BRF, BRH, LF, LH
	complete bool              // ended by end_of_record
}

// parseLCOV reads a tracefile by the format of geninfo(1), failing on a
// line it does not know.
func parseLCOV(t *testing.T, text string) []*lcovRecord {
	t.Helper()
	var out []*lcovRecord
	var r *lcovRecord
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line := sc.Text()
		key, val, _ := strings.Cut(line, ":")
		if r == nil && key != "TN" {
			t.Fatalf("%q before TN:", line)
		}
		f := strings.Split(val, ",")
		switch key {
		case "TN":
			r = &lcovRecord{fn: map[string]int{}, fnda: map[string]int{}, brda: map[string]string{}, da: map[int]int{}, summary: map[string]int{}}
			out = append(out, r)
		case "SF":
			r.file = val
		case "FN":
			require.Len(t, f, 2, line)
			r.fn[f[1]] = atoi(t, f[0])
		case "FNDA":
			require.Len(t, f, 2, line)
			r.fnda[f[1]] = atoi(t, f[0])
		case "BRDA":
			require.Len(t, f, 4, line)
			if f[3] != "-" {
				atoi(t, f[3])
			}
			r.brda[strings.Join(f[:3], ",")] = f[3]
		case "DA":
			require.Len(t, f, 2, line)
			r.da[atoi(t, f[0])] = atoi(t, f[1])
		case "FNF", "FNH", "BRF", "BRH", "LF", "LH":
			r.summary[key] = atoi(t, val)
		case "end_of_record":
			r.complete = true
			r = nil
		default:
			t.Fatalf("unknown lcov line %q", line)
		}
	}
	return out
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	require.NoError(t, err)
	return n
}

// TestLCOV checks the tracefile of markup.c against its answers (see
// TestHTMLAnnotates): the counts are those of the tests' covers, worked
// out by hand from `inka cover testdata/report/markup.c`.
func TestLCOV(t *testing.T) {
	run := coverFile(t, markupFile)
	var buf bytes.Buffer
	require.NoError(t, WriteLCOV(&buf, []*Run{run}))
	recs := parseLCOV(t, buf.String())
	require.Len(t, recs, 1)
	r := recs[0]
	assert.True(t, r.complete)
	assert.Equal(t, markupFile, r.file)
	assert.Equal(t, map[string]int{"markup_name": 8, "markup_class": 15, "markup_weight": 27}, r.fn)
	assert.Equal(t, map[string]int{"markup_name": 2, "markup_class": 3, "markup_weight": 3}, r.fnda)
	assert.Equal(t, map[string]string{
		"10,0,0": "1", "10,0,1": "1", // kind < 0 || kind > 2: tests 1 and 0
		"18,1,0": "1", "18,1,1": "2", // c == '<' && depth >= 0: test 3; tests 2 and 4
		"20,2,0": "1", "20,2,1": "1", // c == '&' || c == ';': test 4; test 2
		"22,3,0": "0", "22,3,1": "3", // the unreachable outcome; tests 2, 3, 4
		"29,4,0": "2", "29,4,1": "1", // c > 0: tests 6 and 7; test 5
		"31,5,0": "1", "31,5,1": "1", // w > 10.0 (floating point): test 6; test 7
	}, r.brda)
	assert.Equal(t, map[int]int{10: 2, 18: 3, 20: 2, 22: 3, 29: 3, 31: 2}, r.da)
	assert.Equal(t, map[string]int{"FNF": 3, "FNH": 3, "BRF": 12, "BRH": 11, "LF": 6, "LH": 6}, r.summary)
}

// TestLCOVTools reads the tracefile with lcov and genhtml, when they are
// installed (Debian's lcov package; .ci/run installs it).
func TestLCOVTools(t *testing.T) {
	if _, err := exec.LookPath("genhtml"); err != nil {
		t.Skip("genhtml not installed (apt-get install lcov): the tracefile is checked by TestLCOV's parser only")
	}
	run := coverFile(t, markupFile)
	dir := t.TempDir()
	info := filepath.Join(dir, "markup.info")
	var buf bytes.Buffer
	require.NoError(t, WriteLCOV(&buf, []*Run{run}))
	require.NoError(t, os.WriteFile(info, buf.Bytes(), 0o644))
	// lcov 1.x takes --rc lcov_branch_coverage=1, 2.x --branch-coverage:
	// the rc setting is read by both.
	out, err := exec.Command("lcov", "--summary", info, "--rc", "lcov_branch_coverage=1").CombinedOutput()
	require.NoError(t, err, "%s", out)
	for _, want := range []string{"(6 of 6 lines)", "(3 of 3 functions)", "(11 of 12 branches)"} {
		assert.Contains(t, string(out), want)
	}
	html := filepath.Join(dir, "html")
	out, err = exec.Command("genhtml", "--rc", "genhtml_branch_coverage=1", "-o", html, info).CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Contains(t, string(out), "(11 of 12 branches)")
	page, err := os.ReadFile(filepath.Join(html, "report", "markup.c.gcov.html"))
	require.NoError(t, err, "genhtml's page of markup.c")
	assert.Contains(t, string(page), "cannot happen", "the source shown")
}
