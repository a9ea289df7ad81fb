package abi

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/inka-tool/inka/internal/cdriver"
)

// Compiler is a C compiler under test.
type Compiler struct {
	Name        string   // as the report names it (the --cc item)
	Cmd         []string // the command and the flags of both sides
	CallerFlags []string // flags of the caller side only
	CalleeFlags []string // flags of the callee side only
	// Libs are what a link needs for this compiler's objects (tcc's
	// runtime library, for its va_arg and long double helpers).
	Libs     []string
	Features map[Feature]bool
	// Rewrite, when set, replaces the source of a side ("caller.c",
	// "callee.c") before it is compiled: tests plant faults with it.
	Rewrite func(side string, src []byte) []byte
}

// ParseCompiler reads a --cc item: "[NAME=]CMD [FLAG]...", where a flag
// written caller:F or callee:F is given to that side only, e.g.
// "pcc=gcc callee:-fpcc-struct-return".
func ParseCompiler(spec string) (*Compiler, error) {
	c := &Compiler{Name: strings.TrimSpace(spec)}
	rest := c.Name
	if name, cmd, ok := strings.Cut(rest, "="); ok && !strings.ContainsAny(name, " \t") {
		c.Name, rest = name, cmd
	}
	for i, f := range strings.Fields(rest) {
		switch {
		case i == 0:
			c.Cmd = []string{f}
		case strings.HasPrefix(f, "caller:"):
			c.CallerFlags = append(c.CallerFlags, strings.TrimPrefix(f, "caller:"))
		case strings.HasPrefix(f, "callee:"):
			c.CalleeFlags = append(c.CalleeFlags, strings.TrimPrefix(f, "callee:"))
		default:
			c.Cmd = append(c.Cmd, f)
		}
	}
	if len(c.Cmd) == 0 {
		return nil, fmt.Errorf("compiler %q: no command", spec)
	}
	return c, nil
}

// Probe finds out what the compiler accepts (__int128, __float128) and
// what its objects need at link time; an error when it cannot be run.
func (c *Compiler) Probe(dir string) error {
	if _, err := exec.LookPath(c.Cmd[0]); err != nil {
		return fmt.Errorf("compiler %s: %w", c.Name, err)
	}
	target := filepath.Join(dir, "probe_target.c")
	if err := os.WriteFile(target, []byte(targetProbe), 0o644); err != nil {
		return err
	}
	if _, err := cdriver.Compile(c.Cmd, dir, time.Minute, "-c", "-w", target, "-o", target+".o"); err != nil {
		return &TargetError{Compiler: c.Name, Err: err}
	}
	c.Features = map[Feature]bool{}
	probes := map[Feature]string{
		FeatInt128:   "__int128 x; unsigned __int128 f(__int128 a) { return a; }\n",
		FeatFloat128: "__float128 y; __float128 g(__float128 a) { return a; }\n",
	}
	for f, src := range probes {
		file := filepath.Join(dir, "probe_"+string(f)+".c")
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			return err
		}
		_, err := cdriver.Compile(c.Cmd, dir, time.Minute, "-c", "-w", file, "-o", file+".o")
		c.Features[f] = err == nil
	}
	if out, err := cdriver.Compile(c.Cmd, dir, time.Minute, "-print-search-dirs"); err == nil {
		for _, line := range strings.Split(out, "\n") {
			if d, ok := strings.CutPrefix(line, "install: "); ok {
				if lib := filepath.Join(strings.TrimSpace(d), "libtcc1.a"); fileExists(lib) {
					c.Libs = append(c.Libs, lib)
				}
			}
		}
	}
	return nil
}

// targetProbe compiles only for the convention inka abi tests: x86-64
// with 64-bit pointers (not -m32's i386, not -mx32).
const targetProbe = "#if !defined(__x86_64__) || defined(__ILP32__)\n#error not x86-64 LP64\n#endif\nint abi_target;\n"

// TargetError is a compiler that does not target the SysV AMD64
// convention (a flag such as -m32 or -mx32, a cross compiler), or that
// cannot compile at all.
type TargetError struct {
	Compiler string
	Err      error
}

func (e *TargetError) Error() string {
	return fmt.Sprintf("compiler %s does not compile for x86-64 LP64, the SysV AMD64 convention inka abi tests (i386's -m32 and -mx32 are not supported): %v", e.Compiler, e.Err)
}

func (e *TargetError) Unwrap() error { return e.Err }

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// Supports reports whether the compiler accepts everything the test
// needs.
func (c *Compiler) Supports(t *Test) bool {
	for _, f := range t.Sig.Features() {
		if !c.Features[f] {
			return false
		}
	}
	return true
}

// flags are the flags of one side at an optimization level.
func (c *Compiler) flags(side, opt string) []string {
	f := []string{"-" + opt, "-w", "-c"}
	if c.isGNU() {
		f = append(f, "-Wno-psabi") // gcc's notes on ABI changes between its versions
	}
	if side == "caller.c" {
		return append(f, c.CallerFlags...)
	}
	return append(f, c.CalleeFlags...)
}

func (c *Compiler) isGNU() bool {
	b := filepath.Base(c.Cmd[0])
	return strings.Contains(b, "gcc") || strings.Contains(b, "clang")
}

// Result is what one test did in one pairing (caller compiled by one
// compiler, callee by another).
type Result struct {
	Status     string     // "pass", "fail", "crash", "build" (did not compile or link), "skip"
	Mismatches []Mismatch // the checks that failed
	State      uint32     // the trampoline's flags (stateFlags)
	Note       string     // crash signal, build error, count problem
}

// Mismatch is a check that failed: side 0 the callee on the arguments,
// side 1 the caller on the return value; Index into Test.Checks(Side).
type Mismatch struct {
	Side, Index int
	Got         uint64
}

// OK reports whether the test passed.
func (r Result) OK() bool { return r.Status == "pass" }

// cost is what a step took: wall-clock time, and CPU time (its
// processes' user and system time), which other loads of a shared
// machine do not inflate.
type cost struct{ wall, cpu time.Duration }

func (c cost) add(d cost) cost { return cost{c.wall + d.wall, c.cpu + d.cpu} }

// builder compiles, links and runs batches, caching objects and runs by
// content so that a batch shared by several compiler pairs is compiled
// once per compiler.
type builder struct {
	dir     string
	host    []string // compiles harness.c and links
	timeout time.Duration
	sem     chan struct{}

	mu      sync.Mutex
	objs    map[string]*objEntry
	runs    map[string]*runEntry
	harness map[string]*objEntry
}

type objEntry struct {
	once sync.Once
	path string
	out  string
	err  error
	cost cost
}

type runEntry struct {
	once    sync.Once
	results []Result
	layout  []LayoutDiff
	err     error
	link    cost
	run     cost
}

// LayoutDiff is a layout table entry on which a compiler and the psABI
// rules (Type.Layout) disagree.
type LayoutDiff struct {
	What                  string
	Caller, Callee, Model uint64
}

func newBuilder(dir string, jobs int, timeout time.Duration) *builder {
	return &builder{dir: dir, host: []string{"gcc"}, timeout: timeout, sem: make(chan struct{}, max(jobs, 1)),
		objs: map[string]*objEntry{}, runs: map[string]*runEntry{}, harness: map[string]*objEntry{}}
}

func hashOf(parts ...[]byte) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write(p)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// batchDir writes a batch's sources into a directory named by their
// content and returns it.
func (b *builder) batchDir(src *Sources) (string, error) {
	d := filepath.Join(b.dir, "b"+hashOf(src.Header, src.Caller, src.Callee, src.Harness))
	if fileExists(filepath.Join(d, "harness.c")) {
		return d, nil
	}
	if err := os.MkdirAll(d, 0o755); err != nil {
		return "", err
	}
	for name, data := range map[string][]byte{"abi.h": src.Header, "caller.c": src.Caller, "callee.c": src.Callee} {
		if err := os.WriteFile(filepath.Join(d, name), data, 0o644); err != nil {
			return "", err
		}
	}
	return d, os.WriteFile(filepath.Join(d, "harness.c"), src.Harness, 0o644)
}

func (b *builder) exec(cc []string, dir string, args ...string) (string, cost, error) {
	b.sem <- struct{}{}
	defer func() { <-b.sem }()
	start := time.Now()
	out, cpu, err := cdriver.CompileTimed(cc, dir, b.timeout, args...)
	return out, cost{time.Since(start), cpu}, err
}

// compilerKey names a compiler's objects.
func compilerKey(c *Compiler) string {
	return hashOf([]byte(strings.Join(c.Cmd, " ")), []byte(strings.Join(c.CallerFlags, " ")), []byte(strings.Join(c.CalleeFlags, " ")), []byte(c.Name))[:8]
}

// object compiles one side of a batch.
func (b *builder) object(dir string, c *Compiler, side, opt string) *objEntry {
	key := dir + "|" + compilerKey(c) + "|" + side + "|" + opt
	b.mu.Lock()
	e, ok := b.objs[key]
	if !ok {
		e = &objEntry{}
		b.objs[key] = e
	}
	b.mu.Unlock()
	e.once.Do(func() {
		file := side
		if c.Rewrite != nil {
			src, err := os.ReadFile(filepath.Join(dir, side))
			if err != nil {
				e.err = err
				return
			}
			file = strings.TrimSuffix(side, ".c") + "." + compilerKey(c) + ".c"
			if err := os.WriteFile(filepath.Join(dir, file), c.Rewrite(side, src), 0o644); err != nil {
				e.err = err
				return
			}
		}
		e.path = filepath.Join(dir, fmt.Sprintf("%s.%s.%s.o", strings.TrimSuffix(side, ".c"), compilerKey(c), opt))
		// An object a previous run in this directory compiled is reused,
		// with the time its compilation took.
		if d, err := os.ReadFile(e.path + ".time"); err == nil && fileExists(e.path) {
			var wall, cpu time.Duration
			if n, _ := fmt.Sscan(string(d), &wall, &cpu); n == 2 {
				e.cost = cost{wall, cpu}
				return
			}
		}
		args := append(c.flags(side, opt), file, "-o", e.path)
		e.out, e.cost, e.err = b.exec(c.Cmd, dir, args...)
		if e.err == nil {
			e.err = os.WriteFile(e.path+".time", []byte(fmt.Sprint(int64(e.cost.wall), " ", int64(e.cost.cpu))), 0o644)
		}
	})
	return e
}

func (b *builder) harnessObj(dir string) *objEntry {
	b.mu.Lock()
	e, ok := b.harness[dir]
	if !ok {
		e = &objEntry{}
		b.harness[dir] = e
	}
	b.mu.Unlock()
	e.once.Do(func() {
		e.path = filepath.Join(dir, "harness.o")
		e.out, e.cost, e.err = b.exec(b.host, dir, "-O0", "-w", "-c", "harness.c", "-o", e.path)
	})
	return e
}

// pairing links a caller object and a callee object with the harness and
// runs the tests.
func (b *builder) pairing(dir string, src *Sources, caller, callee *Compiler, opt string) *runEntry {
	key := dir + "|" + compilerKey(caller) + "|" + compilerKey(callee) + "|" + opt
	b.mu.Lock()
	e, ok := b.runs[key]
	if !ok {
		e = &runEntry{}
		b.runs[key] = e
	}
	b.mu.Unlock()
	e.once.Do(func() { b.linkRun(e, dir, src, caller, callee, opt) })
	return e
}

func (b *builder) linkRun(e *runEntry, dir string, src *Sources, caller, callee *Compiler, opt string) {
	h := b.harnessObj(dir)
	co := b.object(dir, caller, "caller.c", opt)
	ce := b.object(dir, callee, "callee.c", opt)
	for _, o := range []*objEntry{h, co, ce} {
		if o.err != nil {
			e.err = fmt.Errorf("%v\n%s", o.err, o.out)
			return
		}
	}
	bin := filepath.Join(dir, fmt.Sprintf("t.%s.%s.%s", compilerKey(caller), compilerKey(callee), opt))
	args := []string{"-no-pie", "-o", bin, h.path, co.path, ce.path}
	args = append(append(args, caller.Libs...), callee.Libs...)
	out, c, err := b.exec(b.host, dir, args...)
	e.link = c
	if err != nil {
		e.err = fmt.Errorf("link: %v\n%s", err, out)
		return
	}
	e.results, e.layout, e.run, e.err = b.runBinary(bin, src)
	os.Remove(bin) // the objects stay (a run in this directory reuses them); binaries are quick to link again
}

// runBinary runs a test binary and reads what it printed: per test a
// result, and the layout table entries that differ.
func (b *builder) runBinary(bin string, src *Sources) ([]Result, []LayoutDiff, cost, error) {
	b.sem <- struct{}{}
	defer func() { <-b.sem }()
	n := len(src.Tests)
	ctx, cancel := context.WithTimeout(context.Background(), b.timeout+time.Duration(n)*11*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Dir = filepath.Dir(bin)
	start := time.Now()
	out, err := cmd.Output()
	c := cost{wall: time.Since(start)}
	if cmd.ProcessState != nil {
		c.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	if ctx.Err() != nil {
		return nil, nil, c, fmt.Errorf("%s: timed out", bin)
	}
	if err != nil && len(out) == 0 {
		return nil, nil, c, fmt.Errorf("%s: %w", bin, err)
	}
	res, layout, err := parseRun(string(out), src)
	return res, layout, c, err
}

// parseRun reads a harness's output.
func parseRun(out string, src *Sources) ([]Result, []LayoutDiff, error) {
	n := len(src.Tests)
	res := make([]Result, n)
	done := make([]bool, n)
	var layout []LayoutDiff
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 2 {
			continue
		}
		nums := make([]uint64, len(f))
		for i := 1; i < len(f); i++ {
			base := 10
			if f[0] == "FAIL" && i == 4 || f[0] == "STATE" && i == 2 {
				base = 16
			}
			nums[i], _ = strconv.ParseUint(f[i], base, 64)
		}
		if f[0] == "LAYOUT" {
			if k := int(nums[1]); k < len(src.Layout) && len(f) == 5 {
				layout = append(layout, LayoutDiff{src.Layout[k].What, nums[2], nums[3], nums[4]})
			}
			continue
		}
		t := int(nums[1])
		if t < 0 || t >= n {
			return nil, nil, fmt.Errorf("harness output: bad test number in %q", sc.Text())
		}
		r := &res[t]
		switch f[0] {
		case "FAIL":
			if len(f) == 5 {
				r.Mismatches = append(r.Mismatches, Mismatch{Side: int(nums[2]), Index: int(nums[3]), Got: nums[4]})
			}
		case "STATE":
			r.State = uint32(nums[2])
		case "COUNT":
			r.Note = strings.TrimSpace(r.Note + " checks: " + strings.Join(f[2:], " "))
		case "DONE":
			done[t] = true
		case "CRASH":
			done[t] = true
			r.Status = "crash"
			r.Note = strings.TrimSpace(r.Note + " " + strings.Join(f[2:], " "))
		}
	}
	for i := range res {
		r := &res[i]
		switch {
		case r.Status == "crash":
		case !done[i]:
			r.Status, r.Note = "crash", strings.TrimSpace(r.Note+" no result")
		case len(r.Mismatches) > 0 || r.State != 0 || r.Note != "":
			r.Status = "fail"
		default:
			r.Status = "pass"
		}
	}
	return res, layout, nil
}
