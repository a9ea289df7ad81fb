package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/inka-tool/inka/lsp"
	"github.com/inka-tool/inka/report"
)

const lspUsage = "inka lsp [-I DIR] [-D NAME] [--steps N] [budgets of cover and reach]   a Language Server Protocol server on stdin/stdout"

func init() { register("lsp", lspUsage, runLSP) }

// runLSP implements `inka lsp`: the server of package lsp on the standard
// input and output, answering with the cover and reach commands run with
// the options given (those the two share: budgets, -I, -D). The exit
// status is 0 after the client's shutdown and exit, 1 otherwise.
func runLSP(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("lsp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var gf genFlags
	gf.register(fs)
	var ff frontendFlags
	ff.register(fs)
	pos, status, ok := parseCommand(fs, args)
	if !ok {
		return status
	}
	if len(pos) != 0 {
		fmt.Fprintln(stderr, "usage: "+lspUsage)
		return exitUsage
	}
	if err := lsp.Serve(commandAnalyzer{flags: args}, os.Stdin, stdout); err != nil {
		fmt.Fprintf(stderr, "inka lsp: %v\n", err)
		return exitInternal
	}
	return exitOK
}

// commandAnalyzer answers the server by running inka's commands, as a
// user would, with --format json: the editor sees exactly what the
// command line says.
type commandAnalyzer struct {
	flags []string // options of every command
}

func (a commandAnalyzer) Cover(path string) (*report.Run, error) {
	return a.command("cover", path)
}

func (a commandAnalyzer) Reach(path string, g lsp.GoalRef) (*report.Run, error) {
	return a.command("reach", fmt.Sprintf("%s:%d:%s", path, g.Line, g.Outcome), "--func", g.Function)
}

// command runs an inka command and decodes its inka/v1 object. Exit
// status 2 is an answer (a file inka cannot take: the object says why),
// 1 an internal error.
func (a commandAnalyzer) command(args ...string) (*report.Run, error) {
	var out, errs bytes.Buffer
	args = append(append(args, "--format", "json"), a.flags...)
	status := run(args, &out, &errs)
	var r report.Run
	if err := json.Unmarshal(out.Bytes(), &r); err != nil || status == exitInternal {
		msg := strings.TrimSpace(errs.String())
		if msg == "" {
			msg = fmt.Sprintf("exit status %d", status)
		}
		return nil, errors.New(msg)
	}
	return &r, nil
}
