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
	if len(cc) == 0 {
		return "", fmt.Errorf("no compiler command")
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
	if ctx.Err() == context.DeadlineExceeded {
		return string(out), fmt.Errorf("%s: timed out after %v", cc[0], timeout)
	}
	if err != nil {
		return string(out), fmt.Errorf("%s: %w", cc[0], err)
	}
	return string(out), nil
}
