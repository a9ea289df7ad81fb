package report

import (
	"encoding/xml"
	"fmt"
	"io"
	"time"
)

// JUnit XML is the test-report format CI servers read (Jenkins, GitLab,
// GitHub Actions' test reporters, Azure Pipelines): test suites of test
// cases, each passed, failed (a check did not hold), in error (it could
// not run) or skipped. It has no formal standard; the writer follows the
// common subset (Ant's junit task, as Jenkins and GitLab document it):
// <testsuites> of <testsuite name tests failures errors skipped time> of
// <testcase classname name time> with at most one <failure>, <error> or
// <skipped> child, and <system-out>.

// JUnitSuite is a test suite.
type JUnitSuite struct {
	Name  string
	Cases []JUnitCase
}

// JUnitCase is a test case. At most one of Failure, Error and Skipped is
// set; none means it passed.
type JUnitCase struct {
	Class, Name string
	Time        time.Duration
	// Failure and Error are the one-line message of a failed case, or of
	// one that could not run; Detail the text under it (a compiler's
	// output, the failed checks).
	Failure, Error, Detail string
	Skipped                string
	Out                    string // what the case printed, for the reader
}

type junitDoc struct {
	XMLName  xml.Name      `xml:"testsuites"`
	Name     string        `xml:"name,attr,omitempty"`
	Tests    int           `xml:"tests,attr"`
	Failures int           `xml:"failures,attr"`
	Errors   int           `xml:"errors,attr"`
	Skipped  int           `xml:"skipped,attr"`
	Time     string        `xml:"time,attr"`
	Suites   []junitSuiteX `xml:"testsuite"`
}

type junitSuiteX struct {
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Time     string       `xml:"time,attr"`
	Cases    []junitCaseX `xml:"testcase"`
}

type junitCaseX struct {
	Class   string        `xml:"classname,attr"`
	Name    string        `xml:"name,attr"`
	Time    string        `xml:"time,attr"`
	Failure *junitMessage `xml:"failure,omitempty"`
	Error   *junitMessage `xml:"error,omitempty"`
	Skipped *junitMessage `xml:"skipped,omitempty"`
	Out     string        `xml:"system-out,omitempty"`
}

type junitMessage struct {
	Message string `xml:"message,attr"`
	Text    string `xml:",chardata"`
}

// WriteJUnit writes suites as one JUnit XML document named name.
func WriteJUnit(w io.Writer, name string, suites []JUnitSuite) error {
	doc := junitDoc{Name: name}
	var total time.Duration
	for _, s := range suites {
		xs := junitSuiteX{Name: s.Name, Tests: len(s.Cases)}
		var st time.Duration
		for _, c := range s.Cases {
			xc := junitCaseX{Class: c.Class, Name: c.Name, Time: seconds(c.Time), Out: c.Out}
			switch {
			case c.Failure != "":
				xc.Failure = &junitMessage{c.Failure, c.Detail}
				xs.Failures++
			case c.Error != "":
				xc.Error = &junitMessage{c.Error, c.Detail}
				xs.Errors++
			case c.Skipped != "":
				xc.Skipped = &junitMessage{Message: c.Skipped}
				xs.Skipped++
			}
			st += c.Time
			xs.Cases = append(xs.Cases, xc)
		}
		xs.Time = seconds(st)
		total += st
		doc.Tests += xs.Tests
		doc.Failures += xs.Failures
		doc.Errors += xs.Errors
		doc.Skipped += xs.Skipped
		doc.Suites = append(doc.Suites, xs)
	}
	doc.Time = seconds(total)
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return fmt.Errorf("junit: %w", err)
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("junit: %w", err)
	}
	if _, err := io.WriteString(w, "\n"); err != nil {
		return fmt.Errorf("junit: %w", err)
	}
	return nil
}

// seconds is a duration as JUnit writes it: seconds, three decimals.
func seconds(d time.Duration) string {
	return fmt.Sprintf("%.3f", d.Seconds())
}
