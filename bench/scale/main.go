// Command scale measures how the cost of `inka cover` grows with the size
// of a function. It generates families of C functions whose number of
// decisions grows linearly with N (see families.go), runs `inka cover
// --format json` on each as a whole process, and prints per family and N
// the wall time, the CPU time (user and system: on a loaded machine the
// wall time of a process waiting for a core says little), the goals
// answered (covered or proved unreachable) out of all goals, the
// constraints posted and the propagator runs.
//
//	go run ./bench/scale                               # every family, N = 40..640
//	go run ./bench/scale -families nest,chain -n 40,80,160
//	go run ./bench/scale -inka old=/tmp/inka-old,new=/tmp/inka-new
//	go run ./bench/scale -files testdata/paper/trityp.c,testdata/paper/lh98.c -repeat 5
//
// Several binaries (-inka name=path,...) are run side by side, one after
// the other on each function, so that their figures share the machine's
// load. Without -inka the tool builds ./cmd/inka from the current tree.
// A binary that exceeds -timeout on a family is not run on that family's
// larger sizes. Extra options for inka go after -args (e.g. -args
// "--no-prepass").
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "scale:", err)
		os.Exit(1)
	}
}

type binary struct{ name, path string }

// result is one run of one binary on one function.
type result struct {
	wall, cpu                 time.Duration
	timedOut                  bool
	err                       string
	goals, answered           int
	constraints, propagations int64
}

func run(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("scale", flag.ContinueOnError)
	fams := fs.String("families", "", "comma-separated families (default: all of "+familyNames()+")")
	sizes := fs.String("n", "40,80,160,320,640", "comma-separated sizes N")
	bins := fs.String("inka", "", "comma-separated inka binaries to compare, as name=path (default: build ./cmd/inka)")
	timeout := fs.Duration("timeout", 300*time.Second, "limit of one run; larger sizes of the family are skipped past it")
	extra := fs.String("args", "", "extra options passed to inka cover (space separated)")
	dir := fs.String("dir", "", "write the generated C files here (default: a temporary directory, removed)")
	files := fs.String("files", "", "instead of the families, cover these C files (comma-separated, every function)")
	repeat := fs.Int("repeat", 1, "runs of each binary on each function: the figures of the run of median CPU time")
	if err := fs.Parse(args); err != nil {
		return err
	}
	ns, err := parseSizes(*sizes)
	if err != nil {
		return err
	}
	fl, err := selectFamilies(*fams)
	if err != nil {
		return err
	}
	work := *dir
	if work == "" {
		if work, err = os.MkdirTemp("", "inka-scale"); err != nil {
			return err
		}
		defer os.RemoveAll(work)
	} else if err := os.MkdirAll(work, 0o755); err != nil {
		return err
	}
	bs, err := binaries(*bins, work)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "| family | N | %s |\n|---|---|%s\n", header(bs), strings.Repeat("---|", 5*len(bs)))
	if *files != "" {
		for _, file := range strings.Split(*files, ",") {
			row := []string{filepath.Base(file), "-"}
			for _, b := range bs {
				row = append(row, median(*repeat, func() result { return cover(b.path, file, "", *timeout, strings.Fields(*extra)) }).cells(*timeout)...)
			}
			fmt.Fprintf(out, "| %s |\n", strings.Join(row, " | "))
		}
		return nil
	}
	for _, f := range fl {
		dead := make([]bool, len(bs)) // timed out on a smaller N
		for _, n := range ns {
			file := filepath.Join(work, fmt.Sprintf("%s%d.c", f.name, n))
			if err := os.WriteFile(file, []byte(f.gen(n)), 0o644); err != nil {
				return err
			}
			row := []string{f.name, strconv.Itoa(n)}
			for i, b := range bs {
				if dead[i] {
					row = append(row, "skipped", "", "", "", "")
					continue
				}
				r := median(*repeat, func() result { return cover(b.path, file, f.fn, *timeout, strings.Fields(*extra)) })
				dead[i] = r.timedOut
				row = append(row, r.cells(*timeout)...)
			}
			fmt.Fprintf(out, "| %s |\n", strings.Join(row, " | "))
		}
	}
	return nil
}

func header(bs []binary) string {
	var h []string
	for _, b := range bs {
		p := ""
		if len(bs) > 1 {
			p = b.name + " "
		}
		h = append(h, p+"wall", p+"cpu", p+"answered", p+"constraints", p+"propagations")
	}
	return strings.Join(h, " | ")
}

func (r result) cells(limit time.Duration) []string {
	wall, cpu := fmt.Sprintf("%.2f s", r.wall.Seconds()), fmt.Sprintf("%.2f s", r.cpu.Seconds())
	switch {
	case r.timedOut:
		return []string{"> " + limit.String(), "", "", "", ""}
	case r.err != "":
		return []string{wall, cpu, "error: " + r.err, "", ""}
	}
	return []string{wall, cpu, fmt.Sprintf("%d/%d", r.answered, r.goals),
		strconv.FormatInt(r.constraints, 10), strconv.FormatInt(r.propagations, 10)}
}

// median runs n times and returns the run of median CPU time.
func median(n int, run func() result) result {
	var rs []result
	for i := 0; i < n || i == 0; i++ {
		rs = append(rs, run())
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].cpu < rs[j].cpu })
	return rs[len(rs)/2]
}

// cover runs one `inka cover` process and reads its inka/v1 JSON (fn ""
// covers every function of the file).
func cover(bin, file, fn string, limit time.Duration, extra []string) result {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	args := []string{"cover", file, "--format", "json"}
	if fn != "" {
		args = append(args, "--func", fn)
	}
	args = append(args, extra...)
	cmd := exec.CommandContext(ctx, bin, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r := result{wall: time.Since(start)}
	if ps := cmd.ProcessState; ps != nil {
		r.cpu = ps.UserTime() + ps.SystemTime()
	}
	if ctx.Err() != nil {
		r.timedOut = true
		return r
	}
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		r.err = err.Error()
		return r
	}
	var obj struct {
		Goals []struct {
			Status string `json:"status"`
		} `json:"goals"`
		Stats struct {
			Constraints  int64 `json:"constraints"`
			Propagations int64 `json:"propagations"`
		} `json:"stats"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &obj); err != nil {
		r.err = strings.TrimSpace(firstLine(stderr.String()))
		if r.err == "" {
			r.err = err.Error()
		}
		return r
	}
	r.goals = len(obj.Goals)
	for _, g := range obj.Goals {
		if g.Status == "covered" || g.Status == "unreachable" {
			r.answered++
		}
	}
	r.constraints, r.propagations = obj.Stats.Constraints, obj.Stats.Propagations
	return r
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func parseSizes(s string) ([]int, error) {
	var ns []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("bad size %q", f)
		}
		ns = append(ns, n)
	}
	return ns, nil
}

func familyNames() string {
	var names []string
	for _, f := range families {
		names = append(names, f.name)
	}
	return strings.Join(names, ",")
}

func selectFamilies(s string) ([]family, error) {
	if s == "" {
		return families, nil
	}
	var out []family
	for _, name := range strings.Split(s, ",") {
		found := false
		for _, f := range families {
			if f.name == strings.TrimSpace(name) {
				out = append(out, f)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("unknown family %q (have %s)", name, familyNames())
		}
	}
	return out, nil
}

// binaries parses -inka, or builds ./cmd/inka into work.
func binaries(s, work string) ([]binary, error) {
	if s == "" {
		path := filepath.Join(work, "inka")
		cmd := exec.Command("go", "build", "-o", path, "./cmd/inka")
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("building ./cmd/inka (run from the repository root): %w", err)
		}
		return []binary{{"inka", path}}, nil
	}
	var bs []binary
	for _, f := range strings.Split(s, ",") {
		name, path, ok := strings.Cut(f, "=")
		if !ok {
			name, path = filepath.Base(f), f
		}
		bs = append(bs, binary{name, path})
	}
	return bs, nil
}
