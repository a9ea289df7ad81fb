package cdriver

import (
	"context"
	"fmt"
	"os/exec"
	"time"
)

// Compile runs a C compiler: cc is its command and the flags that come
// before args ("gcc", or "tcc", "-m64"). It runs in dir (when not empty)
// and returns what the compiler printed. A compiler still running after
// timeout (0: no limit) is killed and reported as timed out.
func Compile(cc []string, dir string, timeout time.Duration, args ...string) (string, error) {
	out, _, err := CompileTimed(cc, dir, timeout, args...)
	return out, err
}

// CompileTimed is Compile that also returns the CPU time the compiler
// took (user and system, its own subprocesses included): a measure that
// other loads of the machine do not inflate.
func CompileTimed(cc []string, dir string, timeout time.Duration, args ...string) (string, time.Duration, error) {
	if len(cc) == 0 {
		return "", 0, fmt.Errorf("no compiler command")
	}
	ctx := context.Background()
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, cc[0], append(append([]string{}, cc[1:]...), args...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	var cpu time.Duration
	if cmd.ProcessState != nil {
		cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	if ctx.Err() == context.DeadlineExceeded {
		return string(out), cpu, fmt.Errorf("%s: timed out after %v", cc[0], timeout)
	}
	if err != nil {
		return string(out), cpu, fmt.Errorf("%s: %w", cc[0], err)
	}
	return string(out), cpu, nil
}
