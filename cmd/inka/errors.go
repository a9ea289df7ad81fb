package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/pointsto"
	"github.com/inka-tool/inka/report"
)

// reportError prints an error and returns the exit status: 2 for errors
// in the input (the front end's, and what the points-to analysis refuses),
// 1 for internal failures.
func reportError(stderr io.Writer, err error) int {
	msg, input := describeError(err)
	fmt.Fprintln(stderr, msg)
	if input {
		return exitUsage
	}
	return exitInternal
}

// describeError returns the message of an error and whether it is an error
// in the input: "file:line:col: message", or "inka: ..." for an internal
// failure.
func describeError(err error) (string, bool) {
	var fe *frontend.Error
	if errors.As(err, &fe) {
		return fe.Error(), true
	}
	var pe *pointsto.UnsupportedError
	if errors.As(err, &pe) {
		return pe.Error(), true
	}
	var ue *usageError
	if errors.As(err, &ue) {
		return "inka: " + ue.Error(), true
	}
	return "inka: " + err.Error(), false
}

// usageError is an option the run cannot honour (a --dump-smt2 directory
// it cannot make): exit status 2, as an error in the input.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// failure reports the error that ends a reach or cover run: on stderr as
// reportError does, and with JSON output also as an inka/v1 object that
// names it (report.Failed), so that a tool reading the output always gets
// one object.
type failure struct {
	stdout, stderr io.Writer
	json           bool
	file, fn       string
}

func (f *failure) fail(err error) int {
	status := reportError(f.stderr, err)
	if f.json {
		msg, _ := describeError(err)
		if werr := report.WriteJSON(f.stdout, report.Failed(f.file, f.fn, msg)); werr != nil {
			fmt.Fprintf(f.stderr, "inka: %v\n", werr)
			return exitInternal
		}
	}
	return status
}

// failObject reports err as reportError does and, with JSON output, also
// as the command's own object obj with the message in *msg (the Failure
// field of inka-testcomp/v1 and inka-testcov/v1), so that a tool reading
// the output always gets one object.
func failObject(stdout, stderr io.Writer, asJSON bool, err error, obj any, msg *string) int {
	status := reportError(stderr, err)
	if asJSON {
		*msg, _ = describeError(err)
		if werr := writeJSON(stdout, obj); werr != nil {
			fmt.Fprintf(stderr, "inka: %v\n", werr)
			return exitInternal
		}
	}
	return status
}
