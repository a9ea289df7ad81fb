package cdriver

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/inka-tool/inka/ir"
)

// Adversary makes a driver that tries to refute inka's proofs with the
// environments a real caller and real callees may create but inka's input
// model does not (Options.Adversary):
//
//   - a pointer input may alias another input's object or a global, at
//     any element whose type is its pointee type (Case value 2+k of its
//     leaf: Aliases(i)[k]; 0 is NULL, 1 its own fresh object);
//   - the fresh objects may be longer than the model's (Options.PtrArrayLen);
//   - each call of an undefined callee may write random values into every
//     integer it can reach through each pointer it receives — to the end
//     of the object when the driver knows it, const-qualified pointees
//     too (a callee may cast the const away) — and may call back one of
//     Callbacks, the file's functions with external linkage, with random
//     arguments; its results come from the Case (extreme values, say);
//   - the functions of the file run as gcc compiles them: recursion as deep
//     as the inputs drive it;
//   - every read of a volatile object (a global, or the fresh object behind
//     a pointer to volatile) sees a new random value: the pages holding
//     them are protected while the function runs, each access faults, the
//     handler gives the object a new value and single-steps the access.
//
// The random choices of the callees come from Case.Seed. Decisions are
// recorded only in the function's own execution, not in what a callback
// runs on its behalf. Build such a driver with AddressSanitizer and
// UBSan: an environment that makes the program access memory out of
// bounds or do undefined behaviour stops the case there, so that what it
// printed before is a real run.
type Adversary struct {
	Callbacks []*ir.Func
	// Constants are values the random choices favour (the constants of
	// the file's code, say).
	Constants []int64
}

// alias is a place a pointer leaf may point to in an adversarial case: an
// element of object Obj at byte offset Off.
type alias struct {
	obj int
	off int64
}

// Aliases returns, for pointer leaf i, the places it may alias in an
// adversarial case, named for messages ("&g", "&*p[2]"); the Case value
// 2+k of the leaf selects the k-th.
func (d *Driver) Aliases(i int) []string {
	var out []string
	for _, a := range d.aliases[i] {
		o := d.Objects[a.obj]
		name := "&" + o.Name
		if o.Leaf >= 0 {
			name = "&*" + o.Name
		}
		if a.off > 0 {
			name += fmt.Sprintf("+%d bytes", a.off)
		}
		out = append(out, name)
	}
	return out
}

// planAliases lists, for each pointer leaf, the elements of the other
// objects (fresh ones, writable globals) of its pointee type: the starts
// of objects first (AliasStarts), then the elements inside them.
func (d *Driver) planAliases() {
	d.aliases = make([][]alias, len(d.Leaves))
	d.starts = make([]int, len(d.Leaves))
	for i, l := range d.Leaves {
		if !l.Type.IsPointer() || l.Callback != nil || l.Void || d.IsFixedNull(i) {
			continue
		}
		elem := l.Type.Elem
		var inside []alias
		for oi, o := range d.Objects {
			if o.Leaf == i || (o.Leaf < 0 && !o.input) || o.stub != nil {
				continue
			}
			for _, off := range offsetsOf(o.Type, elem, 0) {
				if off == 0 {
					d.aliases[i] = append(d.aliases[i], alias{oi, off})
				} else {
					inside = append(inside, alias{oi, off})
				}
			}
		}
		d.starts[i] = len(d.aliases[i])
		d.aliases[i] = append(d.aliases[i], inside...)
	}
}

// AliasStarts returns how many of the first Aliases(i) are the starts of
// objects (the same object as another pointer's, most often).
func (d *Driver) AliasStarts(i int) int {
	if d.starts == nil {
		return 0
	}
	return d.starts[i]
}

// offsetsOf returns the byte offsets in an object of type t, at offset
// base, where an object of type elem starts.
func offsetsOf(t, elem *ir.Type, base int64) []int64 {
	var out []int64
	if ir.Identical(t, elem) {
		out = append(out, base)
	}
	switch t.Kind {
	case ir.Array:
		for k := int64(0); k < t.Len; k++ {
			out = append(out, offsetsOf(t.Elem, elem, base+k*t.Elem.Size())...)
		}
	case ir.Struct:
		for _, f := range t.Fields {
			out = append(out, offsetsOf(f.Type, elem, base+f.Offset)...)
		}
	}
	return out
}

// pointerTarget returns the C expression of what pointer leaf i points to
// in a case.
func (d *Driver) pointerTarget(i int) string {
	own := "(void *)0"
	for _, o := range d.Objects {
		if o.Leaf == i {
			own = "(void *)" + o.cname
		}
	}
	if d.opts.Adversary == nil {
		if own == "(void *)0" {
			return own
		}
		// 2^32 (k+1) + off: into the object of the k-th input the
		// pointer may point into (ir.InputObject.Into), at byte off.
		into := ""
		if so := d.shape.Lookup(d.Leaves[i].Path); so != nil {
			for k, q := range so.Into {
				ptr, off, arr, _ := d.shape.IntoArray(q)
				if o := d.objectNamed(ptr); o != nil && arr != nil {
					into += fmt.Sprintf("__inka_vals[%d] >> 32 == %d ? (void *)((unsigned char *)%s + %d + (__inka_vals[%d] & 0xffffffff)) : ", i, k+1, o.cname, off, i)
				}
			}
		}
		return fmt.Sprintf("%s__inka_vals[%d] ? %s : (void *)0", into, i, own)
	}
	expr := fmt.Sprintf("__inka_vals[%d] == 0 ? (void *)0 : __inka_vals[%d] == 1 ? %s", i, i, own)
	for k, a := range d.aliases[i] {
		expr += fmt.Sprintf(" : __inka_vals[%d] == %d ? (void *)((unsigned char *)%s + %d)", i, k+2, d.Objects[a.obj].cname, a.off)
	}
	return expr + " : (void *)0"
}

// genScramble writes the function that fills the integer leaves of the
// object p points into, from p to its end, with random values; it returns
// 0 when p is in none of the driver's objects.
func (d *Driver) genScramble(w func(string, ...any)) {
	// Local names start with __inka_: the file's globals are in scope.
	w("static int %sscramble(void *__inka_p) {\n  unsigned long __inka_a = (unsigned long)__inka_p;\n", d.prefix())
	for _, o := range d.Objects {
		if o.cname == "" || o.stub != nil || (o.Leaf < 0 && !o.input) {
			continue
		}
		base := fmt.Sprintf("(unsigned long)(%s)", o.cname)
		w("  if (__inka_a >= %s && __inka_a - %s < %d) {\n    unsigned long __inka_off = __inka_a - %s;\n", base, base, o.Type.Size(), base)
		for _, l := range o.Type.Leaves() {
			if l.Type.IsInteger() {
				w("    if (__inka_off <= %d) { %s __inka_x = (%s)__inka_rand(); __builtin_memcpy((unsigned char *)%s + %d, &__inka_x, sizeof __inka_x); }\n",
					l.Offset, l.Type.Kind, l.Type.Kind, o.cname, l.Offset)
			}
		}
		w("    return 1;\n  }\n")
	}
	w("  return 0;\n}\n")
}

// genVolatile writes the function that lists the volatile objects of the
// driver (their addresses and sizes) for the fault handler.
func (d *Driver) genVolatile(w func(string, ...any)) {
	w("static void %svolatiles(void) {\n", d.prefix())
	for _, o := range d.Objects {
		if o.cname == "" || o.stub != nil {
			continue
		}
		for _, l := range volatileLeaves(o.Type) {
			w("  __inka_volatile((unsigned char *)%s + %d, %d);\n", o.cname, l.Offset, l.Type.Size())
		}
	}
	w("}\n")
}

// volatileLeaves returns the leaves of an object of type t that are
// volatile: qualified so themselves, or inside a volatile array, member or
// object.
func volatileLeaves(t *ir.Type) []ir.Leaf {
	var out []ir.Leaf
	var walk func(t *ir.Type, off int64, vol bool)
	walk = func(t *ir.Type, off int64, vol bool) {
		vol = vol || t.Volatile
		switch t.Kind {
		case ir.Array:
			for k := int64(0); k < t.Len; k++ {
				walk(t.Elem, off+k*t.Elem.Size(), vol)
			}
		case ir.Struct, ir.Union:
			for _, f := range t.Fields {
				if f.Modelled() {
					walk(f.Type, off+f.Offset, vol)
				}
			}
		default:
			if vol && t.IsScalar() {
				out = append(out, ir.Leaf{Type: t, Offset: off})
			}
		}
	}
	walk(t, 0, false)
	return out
}

// genCallback writes __inka_callback, which calls one of the adversary's
// callbacks (chosen by r) with random arguments (NULL for pointers).
func (b *Binary) genCallback(w func(string, ...any)) {
	var funcs []*ir.Func
	if a := b.drivers[0].opts.Adversary; a != nil {
		for _, f := range a.Callbacks {
			ok := true
			for _, p := range f.Params {
				ok = ok && p.Typ.IsScalar()
			}
			if ok {
				funcs = append(funcs, f)
			}
		}
	}
	var consts []string
	if a := b.drivers[0].opts.Adversary; a != nil {
		for _, c := range a.Constants {
			consts = append(consts, fmt.Sprintf("%dLL", c))
		}
	}
	w("const long long __inka_consts[] = {%s};\nconst int __inka_nconsts = %d;\n", strings.Join(append(consts, "0"), ", "), len(consts))
	w("int __inka_ncallbacks = %d;\nvoid __inka_callback(unsigned long long __inka_which) {\n", len(funcs))
	if len(funcs) > 0 {
		w("  switch (__inka_which %% %d) {\n", len(funcs))
		for k, f := range funcs {
			var args []string
			for _, p := range f.Params {
				if p.Typ.IsPointer() {
					args = append(args, "0")
				} else {
					args = append(args, fmt.Sprintf("(%s)__inka_rand()", p.Typ.Kind))
				}
			}
			w("  case %d: %s(%s); return;\n", k, f.Name, strings.Join(args, ", "))
		}
		w("  }\n")
	}
	w("}\n")
}

// genStubEffects writes, inside an adversarial stub, the writes through
// its pointer arguments and the call back into the file.
func genStubEffects(w func(string, ...any), e *ir.Extern) {
	w("  if (__inka_adversary) {\n    unsigned long long r = __inka_rand();\n")
	for i, p := range e.Params {
		if !p.IsPointer() {
			continue
		}
		w("    if (a%d && (r >> %d & 1) && !__inka_scramble(a%d) && __inka_writable(a%d)) {\n", i, i%32, i, i)
		if p.Elem != nil && p.Elem.Kind != ir.Void && p.Elem.Size() > 0 {
			for _, l := range p.Elem.Leaves() {
				if l.Type.IsInteger() {
					w("      { %s x = (%s)__inka_rand(); __builtin_memcpy((unsigned char *)a%d + %d, &x, sizeof x); }\n",
						l.Type.Kind, l.Type.Kind, i, l.Offset)
				}
			}
		}
		w("    }\n")
	}
	w("    if ((r >> 40) %% 3 == 0 && __inka_depth == 0 && __inka_ncallbacks > 0) {\n")
	w("      __inka_depth++; __inka_callback(__inka_rand()); __inka_depth--;\n    }\n  }\n")
}

// adversaryRuntime is the part of the second unit an adversarial driver
// needs: its random numbers, the writable-memory test, and the fault
// handler that gives volatile objects a new value at each access. What the
// handler touches lives in a page of its own, which is never protected.
const adversaryRuntime = `
#include <ucontext.h>
int __inka_adversary = 1;
int __inka_depth;
static union {
  struct {
    unsigned long long rng;
    struct { char *p; long n; } vols[64];
    int nvols;
    char *stepped;
    long page;
  } s;
  char pad[4096];
} __inka_vs __attribute__((aligned(4096)));
void __inka_seed(unsigned long long s) { __inka_vs.s.rng = s * 2654435761ULL + 88172645463325252ULL; }
extern const long long __inka_consts[];
extern const int __inka_nconsts;
/* 0 and 1, extreme values, the code's constants, small ones, anything. */
unsigned long long __inka_rand(void) {
  static const unsigned long long ex[] = {0, 1, 2, 3, 7, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff,
    0x7fffffff, 0x80000000, 0xffffffff, 0x7fffffffffffffffULL, 0x8000000000000000ULL,
    (unsigned long long)-1, (unsigned long long)-2, (unsigned long long)-128, (unsigned long long)-32768};
  unsigned long long x = __inka_vs.s.rng;
  x ^= x << 13; x ^= x >> 7; x ^= x << 17;
  __inka_vs.s.rng = x;
  switch (x >> 61) {
  case 0: case 1: return (x >> 8) & 1;
  case 2: return ex[(x >> 8) % (sizeof ex / sizeof ex[0])];
  case 3: case 4: if (__inka_nconsts) return __inka_consts[(x >> 8) % __inka_nconsts] + (long long)((x >> 40) % 3) - 1;
  /* fall through */
  case 5: return (x >> 8) % 64 - 16;
  }
  return x * 0x2545F4914F6CDD1DULL;
}
extern char __data_start[], _end[];
/* Memory a callee may write: the globals, the stack (not the string
 * literals and const data). */
int __inka_writable(const void *p) {
  char here;
  const char *c = p;
  return (c >= __data_start && c < _end) || (c > &here && c < &here + (1 << 20));
}

/* Volatile objects: their pages are protected while the function runs. */
void __inka_volatile(void *p, long n) {
  if (__inka_vs.s.nvols < 64) {
    __inka_vs.s.vols[__inka_vs.s.nvols].p = p;
    __inka_vs.s.vols[__inka_vs.s.nvols].n = n;
    __inka_vs.s.nvols++;
  }
}
static char *page_of(const void *p) { return (char *)((unsigned long)p & ~(unsigned long)(__inka_vs.s.page - 1)); }
static void protect(int prot) {
  int i;
  for (i = 0; i < __inka_vs.s.nvols; i++) {
    char *a = page_of(__inka_vs.s.vols[i].p), *b = page_of(__inka_vs.s.vols[i].p + __inka_vs.s.vols[i].n - 1);
    for (; a <= b; a += __inka_vs.s.page) mprotect(a, __inka_vs.s.page, prot);
  }
}
static void on_fault(int sig, siginfo_t *si, void *uc) {
  char *a = si->si_addr;
  int i, ours = 0;
  for (i = 0; i < __inka_vs.s.nvols; i++)
    if (page_of(a) >= page_of(__inka_vs.s.vols[i].p) && page_of(a) <= page_of(__inka_vs.s.vols[i].p + __inka_vs.s.vols[i].n - 1))
      ours = 1;
  if (!ours) { protect(PROT_READ | PROT_WRITE); on_signal(sig); return; }
  mprotect(page_of(a), __inka_vs.s.page, PROT_READ | PROT_WRITE);
  for (i = 0; i < __inka_vs.s.nvols; i++)
    if (a >= __inka_vs.s.vols[i].p && a < __inka_vs.s.vols[i].p + __inka_vs.s.vols[i].n) {
      unsigned long long v = __inka_rand();
      long k;
      for (k = 0; k < __inka_vs.s.vols[i].n && k < 8; k++) __inka_vs.s.vols[i].p[k] = (char)(v >> 8 * k);
    }
  __inka_vs.s.stepped = page_of(a);
  ((ucontext_t *)uc)->uc_mcontext.gregs[REG_EFL] |= 0x100; /* trap after the access */
}
static void on_step(int sig, siginfo_t *si, void *uc) {
  if (__inka_vs.s.stepped) mprotect(__inka_vs.s.stepped, __inka_vs.s.page, PROT_NONE);
  __inka_vs.s.stepped = 0;
  ((ucontext_t *)uc)->uc_mcontext.gregs[REG_EFL] &= ~0x100;
}
void __inka_vol_begin(void) {
  struct sigaction sa;
  if (!__inka_vs.s.nvols) return;
  __inka_vs.s.page = sysconf(_SC_PAGESIZE);
  memset(&sa, 0, sizeof sa);
  sa.sa_flags = SA_SIGINFO | SA_NODEFER;
  sa.sa_sigaction = on_fault;
  sigaction(SIGSEGV, &sa, 0);
  sa.sa_sigaction = on_step;
  sigaction(SIGTRAP, &sa, 0);
  protect(PROT_NONE);
}
void __inka_vol_end(void) {
  if (!__inka_vs.s.nvols) return;
  protect(PROT_READ | PROT_WRITE);
  signal(SIGSEGV, on_signal);
  signal(SIGTRAP, SIG_DFL);
  __inka_vs.s.nvols = 0;
  __inka_vs.s.stepped = 0;
}
`

// genAdversaryDispatch writes the dispatch of the adversarial helpers of
// the first unit: scrambling by the current driver, the volatile objects,
// the callback.
func (b *Binary) genAdversaryDispatch(buf *bytes.Buffer) {
	w := func(format string, args ...any) { fmt.Fprintf(buf, format, args...) }
	w("unsigned long long __inka_rand(void);\nextern int __inka_depth;\nvoid __inka_volatile(void *, long);\n")
	w("int __inka_scramble(void *p) {\n")
	b.dispatch(w, "__inka_cur", "return %sscramble(p);")
	w("  return 0;\n}\nvoid __inka_volatiles(void) {\n")
	b.dispatch(w, "__inka_cur", "%svolatiles(); return;")
	w("}\n")
	b.genCallback(w)
}

// objectNamed returns the driver's object named name (the object behind
// the pointer input at that path), or nil.
func (d *Driver) objectNamed(name string) *Object {
	for i := range d.Objects {
		if d.Objects[i].Name == name {
			return &d.Objects[i]
		}
	}
	return nil
}
