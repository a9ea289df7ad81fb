package main

import (
	"io"
	"time"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/mcdc"
	"github.com/inka-tool/inka/report"
	"github.com/inka-tool/inka/testgen"
)

// mcdcRun runs a condition criterion (condition, decision-condition,
// MC/DC: package mcdc) on the functions of u (all of them, or fn), u
// loaded with the conditions identified. As coverRun, a function inka
// cannot take is skipped with its reason.
func mcdcRun(u *frontend.Unit, file, fn string, opts mcdc.Options, gf genFlags, stderr io.Writer) (*report.Run, int) {
	start := time.Now()
	var rs []*mcdc.Result
	skipped, ok := eachFunc(u, file, fn, stderr, func(f string) error {
		r, err := mcdcFunc(u, f, opts, gf)
		if err == nil {
			rs = append(rs, r)
		}
		return err
	})
	if !ok {
		return nil, exitUsage
	}
	return finishRun(report.FromMCDC(file, fn, opts.Criterion, opts.Form, rs), start, gf, u.DataModel(), skipped)
}

// mcdcFunc runs the criterion on one function (errors: coverFunc's).
func mcdcFunc(u *frontend.Unit, f string, opts mcdc.Options, gf genFlags) (*mcdc.Result, error) {
	var r *mcdc.Result
	err := guarded(u, f, func(p *ir.Program) (*testgen.Generator, error) {
		opts.Gen = gf.options(gf.totalBudget())
		res, g, err := mcdc.CoverWith(p, opts)
		r = res
		return g, err
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}
