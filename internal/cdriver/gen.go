package cdriver

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/inka-tool/inka/ir"
)

// cType spells a scalar type in C (pointers as void *).
func cType(t *ir.Type) (string, error) {
	switch {
	case t.IsPointer():
		return "void *", nil
	case t.IsInteger() || t.IsFloat():
		return t.Kind.String(), nil
	case t.Kind == ir.Void:
		return "void", nil
	case (t.Kind == ir.Struct || t.Kind == ir.Union) && t.Tag != "":
		return t.Kind.String() + " " + t.Tag, nil
	}
	return "", fmt.Errorf("type %s cannot be spelled in the driver", t)
}

// leafLoc gives the C address expression (unsigned char *) of each input
// leaf: params live in buffers, globals in themselves, fresh objects in
// static arrays.
func (d *Driver) leafLocs() []string {
	locs := make([]string, len(d.Leaves))
	objOf := map[string]int{}
	for i, o := range d.Objects {
		objOf[o.Name] = i
	}
	// Each leaf belongs to a root (param or global) or to the fresh
	// object of its Parent; recover the object and offset from the path.
	i := 0
	for pi, v := range d.Func.Params {
		for _, l := range v.Typ.Leaves() {
			locs[i] = fmt.Sprintf("(%spar%d + %d)", d.prefix(), pi, l.Offset)
			i = d.skipFresh(locs, i+1, l)
		}
	}
	for _, o := range d.Objects {
		if !o.input {
			continue
		}
		for _, l := range o.Type.Leaves() {
			locs[i] = fmt.Sprintf("((unsigned char *)%s + %d)", o.cname, l.Offset)
			i = d.skipFresh(locs, i+1, l)
		}
	}
	// The pointers the stubs return live nowhere ("" ): only their
	// objects do.
	for i < len(locs) {
		i = d.skipFresh(locs, i+1, ir.Leaf{Type: d.Leaves[i].Type})
	}
	return locs
}

// skipFresh fills the locations of the leaves of the fresh object behind
// the leaf just placed (at index i-1), if any, and returns the next index.
func (d *Driver) skipFresh(locs []string, i int, l ir.Leaf) int {
	if !l.Type.IsPointer() {
		return i
	}
	for _, o := range d.Objects {
		if o.Leaf != i-1 {
			continue
		}
		for _, fl := range o.Type.Leaves() {
			locs[i] = fmt.Sprintf("(%s + %d)", o.cname, fl.Offset)
			i = d.skipFresh(locs, i+1, fl)
		}
	}
	return i
}

// prefix is the prefix of the C names of function d's driver.
func (d *Driver) prefix() string { return fmt.Sprintf("__inka_f%d_", d.index) }

// genDriver returns the code appended to the instrumented source for d:
// its objects, its pointer namer and the runner of one case.
func (d *Driver) genDriver() ([]byte, error) {
	var b bytes.Buffer
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	px := d.prefix()
	d.genObjects(w, px)
	if err := d.genCase(w, px); err != nil {
		return nil, err
	}
	d.genReturned(w, px)
	return b.Bytes(), nil
}

// genObjects writes the declarations the driver needs, the storage of the
// parameters and fresh objects, and the pointer namer (which object and
// offset a pointer designates, for the output).
func (d *Driver) genObjects(w func(string, ...any), px string) {
	w("\n/* ---- inka differential driver of %s ---- */\n", d.Func.Name)
	w("extern unsigned long long *__inka_vals;\n")
	w("void __inka_out(const char *);\nvoid __inka_out_u(unsigned long long);\nvoid __inka_leaf(const unsigned char *, int);\n")
	if d.opts.Adversary != nil {
		w("unsigned long long __inka_rand(void);\nvoid __inka_volatile(void *, long);\n")
		w("void __inka_volatiles(void);\nvoid __inka_vol_begin(void);\nvoid __inka_vol_end(void);\n")
	}
	for pi, v := range d.Func.Params {
		w("static unsigned char %spar%d[%d] __attribute__((aligned(16)));\n", px, pi, max(v.Typ.Size(), 1))
	}
	for _, st := range d.Stubs {
		if st.callback {
			w("void %s(void);\n", st.cname) // defined in the other unit, with its own type
		}
	}
	for i := range d.Objects {
		o := &d.Objects[i]
		if o.Leaf >= 0 {
			o.cname = fmt.Sprintf("%sobj%d", px, i)
			w("static unsigned char %s[%d] __attribute__((aligned(16)));\n", o.cname, max(o.Type.Size(), 1))
		}
	}
	// Local names start with __inka_: the file's globals are in scope.
	w("static void %sptr(const void *__inka_p) {\n", px)
	w("  unsigned long __inka_a = (unsigned long)__inka_p;\n")
	for pass := 0; pass < 2; pass++ {
		for i, o := range d.Objects {
			base := fmt.Sprintf("(unsigned long)(%s)", o.cname)
			cmp := "<"
			if pass == 1 {
				cmp = "=="
			}
			w("  if (__inka_a >= %s && __inka_a - %s %s %d) { __inka_out(\"P %d \"); __inka_out_u(__inka_a - %s); __inka_out(\" \"); return; }\n",
				base, base, cmp, o.Type.Size(), i, base)
		}
	}
	w("  __inka_out(\"O \");\n}\n")
	if d.opts.Adversary != nil {
		d.genScramble(w)
		d.genVolatile(w)
	}
}

// genCase writes the runner of one case: the leaves written from the
// case's values, the call, then the result and the final leaves printed.
func (d *Driver) genCase(w func(string, ...any), px string) error {
	w("static void %scase(void) {\n", px)
	locs := d.leafLocs()
	for i, l := range d.Leaves {
		if l.Callback != nil {
			// 0: NULL, 1: the callback, 2+k: the k-th function of the type
			target := fmt.Sprintf("__inka_vals[%d] == 1 ? (void *)%s", i, l.Callback.cname)
			for k, f := range l.Funcs {
				target += fmt.Sprintf(" : __inka_vals[%d] == %d ? (void *)%s", i, k+2, f.Name)
			}
			w("  { void *__inka_x = %s : (void *)0; __builtin_memcpy(%s, &__inka_x, sizeof __inka_x); }\n", target, locs[i])
			continue
		}
		if l.Type.IsPointer() {
			if locs[i] != "" {
				w("  { void *__inka_x = %s; __builtin_memcpy(%s, &__inka_x, sizeof __inka_x); }\n", d.pointerTarget(i), locs[i])
			}
			continue
		}
		w("  { %s __inka_x = (%s)__inka_vals[%d]; __builtin_memcpy(%s, &__inka_x, sizeof __inka_x); }\n", bitsType(l.Type), bitsType(l.Type), i, locs[i])
	}
	var args []string
	for pi, v := range d.Func.Params {
		t := v.Typ
		if t.IsPointer() {
			args = append(args, fmt.Sprintf("*(void **)%spar%d", px, pi))
			continue
		}
		ct, err := cType(t)
		if err != nil {
			return fmt.Errorf("parameter %s: %v", v.Name, err)
		}
		args = append(args, fmt.Sprintf("*(%s *)%spar%d", ct, px, pi))
	}
	call := fmt.Sprintf("%s(%s)", d.Func.Name, strings.Join(args, ", "))
	end := ""
	if d.opts.Adversary != nil {
		// Volatile objects change at every access while the function runs.
		w("  __inka_volatiles(); __inka_vol_begin();\n")
		end = "  __inka_vol_end();\n"
	}
	if d.Func.ResultTyp.Kind == ir.Void {
		w("  %s;\n%s", call, end)
	} else {
		w("  __typeof__(%s) __inka_r = %s;\n%s", call, call, end)
		w("  __inka_out(\"R \");\n")
		for _, l := range d.Func.ResultTyp.Leaves() {
			w("  __inka_leaf((const unsigned char *)&__inka_r + %d, %d);\n", l.Offset, leafKind(l.Type))
		}
		w("  __inka_out(\"\\n\");\n")
	}
	for i, l := range d.finalLeaves() {
		w("  __inka_out(\"F %d \"); __inka_leaf(%s, %d); __inka_out(\"\\n\");\n", i, d.finalLoc(l), leafKind(l.Type))
	}
	w("}\n")
	return nil
}

// genReturned writes the lookup of the objects the stubs return, by callee
// and rank.
func (d *Driver) genReturned(w func(string, ...any), px string) {
	w("void *%sret(const char *f, int k) {\n", px)
	for _, e := range d.Prog.Externs {
		for k, root := range d.returned[e.Name] {
			for _, o := range d.Objects {
				if o.Name == root {
					w("  if (!__builtin_strcmp(f, %q) && k == %d) return %s;\n", e.Name, k, o.cname)
				}
			}
		}
	}
	w("  return 0;\n}\n")
}

// genDispatch returns the code that selects a function's driver.
func (b *Binary) genDispatch() []byte {
	var buf bytes.Buffer
	w := func(format string, args ...any) { fmt.Fprintf(&buf, format, args...) }
	w("\n/* ---- inka dispatch ---- */\nint __inka_cur;\n")
	w("int __inka_nvals[] = {")
	for _, d := range b.drivers {
		w("%d, ", len(d.Leaves))
	}
	w("};\nvoid __inka_ptr(const void *p) {\n  if (!p) { __inka_out(\"N \"); return; }\n")
	b.dispatch(w, "__inka_cur", "%sptr(p); return;")
	w("}\nvoid *__inka_ret(const char *f, int k) {\n")
	b.dispatch(w, "__inka_cur", "return %sret(f, k);")
	w("  return 0;\n}\nvoid __inka_run(int fi) {\n  __inka_cur = fi;\n")
	b.dispatch(w, "fi", "%scase(); return;")
	w("}\n")
	w("void __inka_leaf(const unsigned char *a, int kind) {\n")
	w("  switch (kind) {\n")
	for _, k := range []ir.Kind{ir.Bool, ir.Char, ir.UChar, ir.Short, ir.UShort, ir.Int, ir.UInt, ir.Long, ir.ULong, ir.LongLong, ir.ULongLong} {
		t := ir.IntTypeOf(k)
		cast := "(unsigned long long)"
		if t.IsSigned() {
			cast = "(unsigned long long)(long long)"
		}
		w("  case %d: { %s x; __builtin_memcpy(&x, a, sizeof x); __inka_out_u(%sx); __inka_out(\" \"); return; }\n", int(k), k, cast)
	}
	w("  case %d: { void *x; __builtin_memcpy(&x, a, sizeof x); __inka_ptr(x); return; }\n", int(ir.Pointer))
	// a float or double as its bit pattern
	w("  case %d: { unsigned int x; __builtin_memcpy(&x, a, sizeof x); __inka_out_u(x); __inka_out(\" \"); return; }\n", int(ir.Float))
	w("  case %d: { unsigned long long x; __builtin_memcpy(&x, a, sizeof x); __inka_out_u(x); __inka_out(\" \"); return; }\n", int(ir.Double))
	w("  }\n}\n")
	if b.adversary() {
		b.genAdversaryDispatch(&buf)
	}
	return buf.Bytes()
}

// dispatch writes a switch on the driver index sel that runs, in driver
// i's case, stmt with its prefix for %s.
func (b *Binary) dispatch(w func(string, ...any), sel, stmt string) {
	w("  switch (%s) {\n", sel)
	for i, d := range b.drivers {
		w("  case %d: "+stmt+"\n", i, d.prefix())
	}
	w("  }\n")
}

// adversary reports whether the binary's drivers are adversarial.
func (b *Binary) adversary() bool { return b.drivers[0].opts.Adversary != nil }

// bitsType is the C type whose value a case gives a leaf of type t: t
// itself for an integer, the unsigned integer of a float's or double's
// bit pattern, copied into the leaf's bytes.
func bitsType(t *ir.Type) string {
	switch t.Kind {
	case ir.Float:
		return "unsigned int"
	case ir.Double:
		return "unsigned long long"
	}
	return t.Kind.String()
}

func leafKind(t *ir.Type) int {
	if t.IsPointer() {
		return int(ir.Pointer)
	}
	return int(t.Kind)
}

// finalLoc is the C address of a final leaf.
func (d *Driver) finalLoc(l Leaf) string {
	for _, o := range d.Objects {
		if !o.output || !strings.HasPrefix(l.Path, o.Name) {
			continue
		}
		for _, ol := range o.Type.Leaves() {
			if o.Name+ol.Path == l.Path {
				return fmt.Sprintf("((const unsigned char *)%s + %d)", o.cname, ol.Offset)
			}
		}
	}
	panic("cdriver: no location for final leaf " + l.Path)
}

// genMain returns the second translation unit: output, probes, stubs and
// the case loop.
func (b *Binary) genMain() ([]byte, error) {
	var buf bytes.Buffer
	w := func(format string, args ...any) { fmt.Fprintf(&buf, format, args...) }
	ns := len(b.stubs)
	k := b.k
	w(mainPrelude, ns, k)
	if b.adversary() {
		w("%s", adversaryRuntime)
		w("int __inka_scramble(void *);\nextern int __inka_ncallbacks;\nvoid __inka_callback(unsigned long long);\n")
	} else {
		w("void __inka_seed(unsigned long long s) { (void)s; }\nvoid __inka_vol_end(void) {}\n")
	}
	// The objects the file declares and no file defines (ir.Var.Extern):
	// defined here, as plain storage the driver writes (a const one is
	// never written by the code under test).
	defined := map[string]bool{}
	for _, d := range b.drivers {
		for _, g := range d.Prog.Globals {
			if g.Extern && !defined[g.Name] {
				defined[g.Name] = true
				w("unsigned char %s[%d] __attribute__((aligned(16)));\n", g.Name, max(g.Typ.Size(), 1))
			}
		}
	}
	for si, key := range b.stubs {
		if err := b.genStub(w, si, key); err != nil {
			return nil, err
		}
	}
	w(caseLoop)
	return buf.Bytes(), nil
}

// genStub writes stub si, the C definition of the callee key names: it
// records each call's arguments and answers from the case's stub values.
func (b *Binary) genStub(w func(string, ...any), si int, key string) error {
	var e *ir.Extern
	var st Stub
	for _, d := range b.drivers {
		for _, s := range d.Stubs {
			if s.key == key {
				e, st = s.Ext, s
			}
		}
	}
	rt, err := cType(e.Result)
	if err != nil || (e.Result.Kind == ir.Struct || e.Result.Kind == ir.Union) {
		return fmt.Errorf("extern %s: result type %s not supported by the driver", e.Name, e.Result)
	}
	var ps []string
	for i, p := range e.Params {
		ct, err := cType(p)
		if err != nil || !p.IsScalar() {
			return fmt.Errorf("extern %s: parameter type %s not supported by the driver", e.Name, p)
		}
		ps = append(ps, fmt.Sprintf("%s a%d", ct, i))
	}
	if len(ps) == 0 {
		ps = []string{"void"}
	}
	w("%s %s(%s) {\n", rt, st.cname, strings.Join(ps, ", "))
	if b.adversary() {
		// Called by code a callback runs: not the function's own
		// run, so neither recorded nor answered from the case.
		if e.Result.Kind == ir.Void {
			w("  if (__inka_depth) return;\n")
		} else {
			w("  if (__inka_depth) return (%s)__inka_rand();\n", rt)
		}
	}
	w("  int k = __inka_calls[%d]++;\n", si)
	w("  __inka_out(\"S %s \"); __inka_out_u(k); __inka_out(\" \");\n", e.Name)
	for i, p := range e.Params {
		if p.IsPointer() {
			w("  __inka_ptr(a%d);\n", i)
			continue
		}
		if p.IsFloat() { // its bits
			w("  { %s b; __builtin_memcpy(&b, &a%d, sizeof b); __inka_out_u(b); __inka_out(\" \"); }\n", bitsType(p), i)
			continue
		}
		cast := "(unsigned long long)"
		if p.IsSigned() {
			cast = "(unsigned long long)(long long)"
		}
		w("  __inka_out_u(%sa%d); __inka_out(\" \");\n", cast, i)
	}
	w("  __inka_out(\"\\n\");\n")
	ret0 := " 0"
	if e.Result.Kind == ir.Void {
		ret0 = ""
	}
	w("  if (k >= K) return%s;\n", ret0)
	if st.WriteArg >= 0 {
		et := e.Params[st.WriteArg].Elem.Kind.String()
		w("  if (a%d) *(%s *)a%d = (%s)__inka_stubs[(%d * K + k) * 2 + 1];\n", st.WriteArg, et, st.WriteArg, et, si)
	}
	if b.adversary() {
		genStubEffects(w, e)
	}
	switch {
	case e.Result.Kind == ir.Void:
		w("  return;\n")
	case e.Result.IsPointer():
		// NULL, or the object ReturnedObjects names
		w("  { unsigned long long r = __inka_stubs[(%d * K + k) * 2]; return r ? __inka_ret(%q, (int)r - 1) : 0; }\n", si, e.Name)
	case e.Result.IsFloat(): // from its bits
		w("  { %s b = (%s)__inka_stubs[(%d * K + k) * 2]; %s r; __builtin_memcpy(&r, &b, sizeof r); return r; }\n",
			bitsType(e.Result), bitsType(e.Result), si, rt)
	default:
		w("  return (%s)__inka_stubs[(%d * K + k) * 2];\n", rt, si)
	}
	w("}\n")
	return nil
}

// mainPrelude is the runtime of the second translation unit: output
// buffering and the decision probes (a format: NS and K are its operands).
const mainPrelude = `#define _GNU_SOURCE
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>

#define NS %d
#define K %d
unsigned long long *__inka_vals;
static unsigned long long *__inka_stubs;
static int __inka_calls[NS + 1];
static char __inka_buf[1 << 16];
static int __inka_len;
extern int __inka_nvals[];
void __inka_run(int);
void __inka_ptr(const void *);
void *__inka_ret(const char *, int);

void __inka_flush(void) {
  int off = 0;
  while (off < __inka_len) {
    ssize_t n = write(1, __inka_buf + off, __inka_len - off);
    if (n <= 0) break;
    off += n;
  }
  __inka_len = 0;
}
void __inka_out(const char *s) {
  while (*s) {
    if (__inka_len == sizeof __inka_buf) __inka_flush();
    __inka_buf[__inka_len++] = *s++;
  }
}
void __inka_out_u(unsigned long long v) {
  char t[24]; int i = 23; t[i] = 0;
  do { t[--i] = '0' + v %% 10; v /= 10; } while (v);
  __inka_out(t + i);
}
/* Depth of the calls back into the file an adversarial callee makes:
 * what runs there is not the function's own run, and is not recorded. */
int __inka_depth;
int __inka_p(int id, int c) {
  if (__inka_depth) return c;
  __inka_out("D "); __inka_out_u(id); __inka_out(c ? " 1\n" : " 0\n");
  return c;
}
void __inka_sw(int id, unsigned long long v) {
  if (__inka_depth) return;
  __inka_out("D "); __inka_out_u(id); __inka_out(" "); __inka_out_u(v); __inka_out("\n");
}
static void on_signal(int sig);
`

// caseLoop reads the cases on stdin and runs each in a forked process that
// goes on after a fault (a format without operands: %% is a percent sign).
const caseLoop = `
/* One case: function index, its leaf values, then for each stub K pairs
 * (return value, written value), then the seed of the random choices of
 * an adversarial driver. */
struct inka_case { int fi; unsigned long long *vals, *stubs, seed; };

/* A case that aborts, crashes or times out still shows what it printed. */
/* A fault (a crash, a timeout) in a case goes on with the next case in
 * the same process; an abort (a failed assertion, a sanitizer's report)
 * ends the process, and the parent forks another. */
#include <setjmp.h>
static sigjmp_buf __inka_jmp;
static volatile int __inka_jmp_ok;
static void on_signal(int sig) {
  if (__inka_jmp_ok && sig != SIGABRT) {
    __inka_jmp_ok = 0;
    siglongjmp(__inka_jmp, sig);
  }
  __inka_flush();
  signal(sig, SIG_DFL);
  raise(sig);
}

/* The program's globals and statics (the executable's data and bss) are
 * restored before each case from a snapshot taken at the start. */
extern char __data_start[], _end[];
static char *__inka_snap;
static unsigned long __inka_snap_len;

/* A plain copy, which AddressSanitizer leaves alone: the data and bss
 * hold the redzones it puts around the globals. Word by word (UBSan's
 * alignment check left out too): at -O0 a copy byte by byte of the 68 KB
 * (the output buffer's 64 KB) took four fifths of the time of a case. */
typedef unsigned long long __attribute__((may_alias)) inka_word;
__attribute__((no_sanitize("address", "undefined"))) static void copy_bytes(char *dst, const char *src, unsigned long n) {
  unsigned long i = 0;
  for (; i + sizeof(inka_word) <= n; i += sizeof(inka_word))
    *(inka_word *)(dst + i) = *(const inka_word *)(src + i);
  for (; i < n; i++) dst[i] = src[i];
}

static void snapshot(void) {
  unsigned long len = (unsigned long)(_end - __data_start);
  __inka_snap = malloc(len);
  __inka_snap_len = len;
  copy_bytes(__inka_snap, __data_start, len);
}

static void run_case(struct inka_case *c) {
  __inka_flush();
  copy_bytes(__data_start, __inka_snap, __inka_snap_len);
  __inka_vals = c->vals;
  __inka_stubs = c->stubs;
  __inka_seed(c->seed);
  memset(__inka_calls, 0, sizeof __inka_calls);
  alarm(5);
  __inka_run(c->fi);
  alarm(0);
}

int main(void) {
  struct inka_case *cases = 0;
  int n = 0, cap = 0, next = 0;
  volatile int *done = mmap(0, sizeof(int), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (done == MAP_FAILED) return 2;
  snapshot();
  for (;;) {
    int fi, i, m;
    if (scanf("%%d", &fi) != 1) break;
    if (n == cap) { cap = cap ? 2 * cap : 64; cases = realloc(cases, cap * sizeof *cases); }
    cases[n].fi = fi;
    cases[n].vals = malloc((__inka_nvals[fi] + 1) * sizeof(unsigned long long));
    for (i = 0; i < __inka_nvals[fi]; i++)
      if (scanf("%%llu", &cases[n].vals[i]) != 1) return 1;
    m = NS * K * 2;
    cases[n].stubs = malloc((m + 1) * sizeof(unsigned long long));
    for (i = 0; i < m; i++)
      if (scanf("%%llu", &cases[n].stubs[i]) != 1) return 1;
    if (scanf("%%llu", &cases[n].seed) != 1) return 1;
    n++;
  }
  while (next < n) {
    int status;
    pid_t pid;
    *done = next;
    __inka_flush();
    pid = fork();
    if (pid < 0) return 2;
    if (pid == 0) {
      int i;
      atexit(__inka_flush);
      signal(SIGABRT, on_signal);
      signal(SIGSEGV, on_signal);
      signal(SIGBUS, on_signal);
      signal(SIGFPE, on_signal);
      signal(SIGILL, on_signal);
      signal(SIGALRM, on_signal);
      for (i = next; i < n; i++) {
        int sig = sigsetjmp(__inka_jmp, 1);
        if (sig == 0) {
          __inka_jmp_ok = 1;
          run_case(&cases[i]);
          __inka_jmp_ok = 0;
          __inka_out("X ok\n");
        } else {
          alarm(0);
          __inka_vol_end();
          __inka_out("X signal "); __inka_out_u(sig); __inka_out("\n");
        }
        __inka_flush();
        *done = i + 1;
      }
      _exit(0);
    }
    if (waitpid(pid, &status, 0) < 0) return 3;
    next = *done;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && next == n)
      continue;
    /* the case at next ended the process */
    if (WIFEXITED(status)) { __inka_out("X exit "); __inka_out_u(WEXITSTATUS(status)); __inka_out("\n"); }
    else if (WIFSIGNALED(status)) { __inka_out("X signal "); __inka_out_u(WTERMSIG(status)); __inka_out("\n"); }
    else __inka_out("X unknown\n");
    __inka_flush();
    next++;
  }
  return 0;
}
`
