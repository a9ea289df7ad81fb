package harness

import (
	"fmt"
	"strings"

	"github.com/inka-tool/inka/report"
)

// JUnit returns the report as JUnit test suites, for CI servers: one
// suite per build, with a case for the build itself (it fails when the
// compiler fails, or warns about the generated code) and one per test
// (classname the function under test); and, when the coverage was
// confirmed, a suite per coverage build with a case per test, failed when
// the build contradicts a claim of the test. A case fails exactly where
// the report lists a disagreement, so the CI server's verdict is
// validate's exit status.
func (r *Report) JUnit() []report.JUnitSuite {
	var suites []report.JUnitSuite
	for _, b := range r.Builds {
		suites = append(suites, r.buildSuite(b))
	}
	if c := r.Coverage; c != nil {
		suites = append(suites,
			r.coverageSuite("coverage: probes (gcc -O0)", c.Probes, c.Err),
			r.coverageSuite("coverage: gcov (gcc -O0, each test alone)", c.Gcov, c.Err))
	}
	return suites
}

func (r *Report) buildSuite(b *BuildResult) report.JUnitSuite {
	s := report.JUnitSuite{Name: b.Name}
	build := report.JUnitCase{Class: "build", Name: "compile " + b.Name, Time: b.Build, Out: b.Warnings}
	switch {
	case b.Err != "":
		build.Failure, build.Detail = "the build failed", b.Err
	case strings.Contains(b.Warnings, "warning"):
		build.Failure, build.Detail = "the compiler warns about the generated code", b.Warnings
	}
	s.Cases = append(s.Cases, build)
	for _, t := range r.Manifest.Tests {
		c := report.JUnitCase{Class: t.Function, Name: fmt.Sprintf("test %d", t.ID)}
		switch st := b.Status[t.ID]; {
		case b.Err != "":
			c.Skipped = "no build"
		case st == "ok":
		case st == "skipped":
			c.Skipped = "skipped by the harness: " + t.Skip
		default:
			c.Failure = st
			c.Detail = strings.Join(b.Fails[t.ID], "\n")
		}
		s.Cases = append(s.Cases, c)
	}
	return s
}

func (r *Report) coverageSuite(name string, confs map[int]*Confirmation, buildErr string) report.JUnitSuite {
	s := report.JUnitSuite{Name: name}
	if buildErr != "" {
		s.Cases = append(s.Cases, report.JUnitCase{Class: "coverage", Name: "coverage builds",
			Failure: "the coverage builds failed", Detail: buildErr})
	}
	for _, t := range r.Manifest.Tests {
		cf := confs[t.ID]
		c := report.JUnitCase{Class: t.Function, Name: fmt.Sprintf("test %d", t.ID)}
		switch {
		case cf == nil:
			c.Skipped = "not checked"
		case len(cf.Issues) > 0:
			c.Failure = fmt.Sprintf("%d of %d claims confirmed", cf.Confirmed, cf.Claims)
			c.Detail = strings.Join(cf.Issues, "\n")
		case cf.Skipped != "":
			c.Skipped = cf.Skipped
		default:
			c.Out = fmt.Sprintf("%d of %d claims confirmed", cf.Confirmed, cf.Claims)
			if len(cf.Unchecked) > 0 {
				c.Out += "; not checkable: " + strings.Join(cf.Unchecked, "; ")
			}
		}
		s.Cases = append(s.Cases, c)
	}
	return s
}
