package abi

import (
	"fmt"

	"github.com/inka-tool/inka/internal/cdriver"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Minimization shrinks a failing test while its outcome (the four
// pairings' pass/fail) stays the same, so that the diagnosis holds for
// the small test too: drop parameters (halves first, as delta debugging
// does, then one by one), drop the variadic part, make the return void,
// and simplify types (a struct by one of its members, a member removed,
// an array shortened, packing and alignment and bit-fields dropped, a
// scalar made int). Each round runs every candidate at once, in one
// batch, and keeps the first (largest reduction first) that fails the
// same way.

// weight measures a type for minimization: every candidate must weigh
// less than the test it comes from, which makes minimization end.
func weight(t *Type) int {
	if t == nil {
		return 0
	}
	switch t.Kind {
	case Array:
		return 1 + t.Len*weight(t.Elem)
	case Struct, Union:
		w := 1
		if t.Pack > 0 {
			w++
		}
		for _, f := range t.Fields {
			w += 1 + weight(f.Type)
			if f.Align > 0 || f.Bits >= 0 {
				w++
			}
		}
		return w
	case Int:
		return 1
	}
	return 2
}

func sigWeight(s Sig) int {
	w := weight(s.Ret)
	for _, a := range s.Args() {
		w += 1 + weight(a)
	}
	if s.Variadic() {
		w++
	}
	return w
}

// simpler lists types simpler than t that may keep a failure: for an
// aggregate, each member's type, the aggregate without one member, and
// with one member simplified; a scalar other than int becomes int.
func simpler(t *Type) []*Type {
	var out []*Type
	switch t.Kind {
	case Struct, Union:
		for _, f := range t.Fields {
			if f.Unnamed {
				continue
			}
			if f.Type.Kind == Array {
				out = append(out, f.Type.Elem)
			} else {
				out = append(out, f.Type)
			}
		}
		if t.Pack > 0 {
			u := *t
			u.Pack = 0
			out = append(out, &u)
		}
		for i, f := range t.Fields {
			if len(t.Fields) > 1 {
				u := *t
				u.Fields = slices.Delete(slices.Clone(t.Fields), i, i+1)
				if hasNamed(&u) {
					out = append(out, &u)
				}
			}
			if f.Align > 0 || f.Bits >= 0 && !f.Unnamed {
				u := *t
				u.Fields = slices.Clone(t.Fields)
				u.Fields[i].Align, u.Fields[i].Bits = 0, -1
				out = append(out, &u)
			}
			for _, ft := range simpler(f.Type) {
				if f.Bits >= 0 && !ft.Kind.IsInteger() {
					continue
				}
				u := *t
				u.Fields = slices.Clone(t.Fields)
				u.Fields[i].Type = ft
				if f.Bits > 8*ft.Size() || ft.Kind == Bool && f.Bits > 1 {
					continue
				}
				out = append(out, &u)
			}
		}
	case Array:
		if t.Len > 1 {
			out = append(out, &Type{Kind: Array, Elem: t.Elem, Len: t.Len / 2}, &Type{Kind: Array, Elem: t.Elem, Len: 1})
		}
		for _, e := range simpler(t.Elem) {
			out = append(out, &Type{Kind: Array, Elem: e, Len: t.Len})
		}
	case Int:
	default:
		out = append(out, Basic(Int))
	}
	return out
}

// candidates lists the one-step reductions of s, largest first.
func candidates(s Sig) []Sig {
	var out []Sig
	args := s.Args()
	np := len(s.Params)
	// A variadic signature keeps a named parameter.
	with := func(params, varargs []*Type) {
		if len(varargs) > 0 && len(params) == 0 {
			params, varargs = varargs[:1], varargs[1:]
		}
		out = append(out, Sig{Ret: s.Ret, Params: params, Varargs: varargs})
	}
	if len(args) > 0 {
		out = append(out, Sig{Ret: s.Ret}) // no argument at all
	}
	if s.Variadic() {
		with(s.Params, nil)
		with(args, nil) // every argument named
	}
	if n := len(args); n >= 4 {
		for _, keep := range [][2]int{{n / 2, n}, {0, n / 2}} {
			var ps, vs []*Type
			for i := keep[0]; i < keep[1]; i++ {
				if i < np {
					ps = append(ps, args[i])
				} else {
					vs = append(vs, args[i])
				}
			}
			with(ps, vs)
		}
	}
	for i := range args {
		ps := slices.Clone(s.Params)
		vs := slices.Clone(s.Varargs)
		if i < np {
			ps = slices.Delete(ps, i, i+1)
		} else {
			vs = slices.Delete(vs, i-np, i-np+1)
		}
		with(ps, vs)
	}
	if s.Ret != nil {
		out = append(out, Sig{Params: s.Params, Varargs: s.Varargs})
		for _, r := range simpler(s.Ret) {
			out = append(out, Sig{Ret: r, Params: s.Params, Varargs: s.Varargs})
		}
	}
	for i, a := range args {
		for _, u := range simpler(a) {
			ps, vs := slices.Clone(s.Params), slices.Clone(s.Varargs)
			if i < np {
				ps[i] = u
			} else {
				vs[i-np] = u
			}
			out = append(out, Sig{Ret: s.Ret, Params: ps, Varargs: vs})
		}
	}
	// Only strictly lighter signatures, each once.
	w := sigWeight(s)
	seen := map[string]bool{}
	var keep []Sig
	for _, c := range out {
		if k := c.String(); !seen[k] && sigWeight(c) < w {
			seen[k] = true
			keep = append(keep, c)
		}
	}
	return keep
}

// maxCandidates bounds a round's batch.
const maxCandidates = 150

// Repro is a minimized failing test, written as a directory a compiler
// engineer can build by hand.
type Repro struct {
	From      string   `json:"from"`      // the failing test
	Signature string   `json:"signature"` // the minimized signature
	Features  string   `json:"features"`  // what it involves
	Outcome   string   `json:"outcome"`
	Rounds    int      `json:"rounds"`
	Direct    bool     `json:"direct"` // reproduces without the trampoline
	Dir       string   `json:"dir"`
	Commands  []string `json:"commands"` // the exact build and run commands
	Output    string   `json:"output"`   // what the failing pairing printed
}

// statuses are the four pairings' statuses of test i of a run: a
// minimized test must fail the same way (a mismatch staying a mismatch,
// a crash a crash), not only in the same pairings.
func statuses(o *outcomes, i int) [4]string {
	var s [4]string
	for p := range s {
		s[p] = o.results[p][i].Status
	}
	return s
}

func recStatuses(r *Record) [4]string {
	var s [4]string
	for p := range s {
		s[p] = r.Results[p].Status
	}
	return s
}

// minimize shrinks rec's test while its statuses on rec's pair stay the
// same, and writes the reproducer.
func (c *campaign) minimize(rec *Record) (*Repro, error) {
	k := rec.Pair
	cur := rec.Test
	rounds := 0
	for ; rounds < 60; rounds++ {
		cands := candidates(cur.Sig)
		if len(cands) > maxCandidates {
			cands = cands[:maxCandidates]
		}
		if len(cands) == 0 {
			break
		}
		var tests []*Test
		for i, s := range cands {
			tests = append(tests, NewTest(fmt.Sprintf("%s.m%d.%d", rec.Test.ID, rounds, i), s, cur.Seed))
		}
		out, _, _, err := c.b.runOutcomes(k, c.o.Compilers, tests)
		if err != nil {
			return nil, err
		}
		if out == nil {
			break
		}
		next := -1
		for i := range out.tests {
			if statuses(out, i) == recStatuses(rec) {
				next = i
				break
			}
		}
		if next < 0 {
			break
		}
		cur = out.tests[next]
	}
	return c.writeRepro(rec, cur, rounds)
}

// writeRepro writes the reproducer of a minimized test: without the
// trampoline when the failure shows without it.
func (c *campaign) writeRepro(rec *Record, t *Test, rounds int) (*Repro, error) {
	k := rec.Pair
	small := NewTest(rec.Test.ID+".min", t.Sig, t.Seed)
	r := &Repro{From: rec.Test.ID, Signature: small.Sig.String(), Features: small.Describe(c.p), Outcome: rec.Outcome.Code(), Rounds: rounds}
	src := Emit([]*Test{small}, true)
	if st, ok := c.statusesOf(k, src); ok && st == recStatuses(rec) {
		r.Direct = true
	} else {
		src = Emit([]*Test{small}, false)
	}
	name := fmt.Sprintf("%s-%s-%s-%s", rec.Test.ID, c.o.Compilers[k.R].Name, c.o.Compilers[k.C].Name, k.Opt)
	dir := c.reproDir(strings.NewReplacer("/", "_", " ", "_", "=", "_").Replace(name))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	files := map[string][]byte{"abi.h": src.Header, "caller.c": src.Caller, "callee.c": src.Callee, "harness.c": src.Harness}
	for _, cc := range []int{k.R, k.C} {
		comp := c.o.Compilers[cc]
		if comp.Rewrite != nil { // a planted fault: the rewritten sources are the reproducer's
			for _, side := range []string{"caller.c", "callee.c"} {
				files[side+"."+safeName(comp.Name)] = comp.Rewrite(side, files[side])
			}
		}
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return nil, err
		}
	}
	r.Dir = dir
	r.Commands = c.reproCommands(k, files)
	script := "#!/bin/sh\n# inka abi reproducer: " + rec.Test.ID + " minimized to " + r.Signature + "\n# " + rec.Diag.Text + "\nset -x\n" + strings.Join(r.Commands, "\n") + "\n"
	if err := os.WriteFile(filepath.Join(dir, "build.sh"), []byte(script), 0o755); err != nil {
		return nil, err
	}
	// What the first failing pairing prints, from the reproducer itself.
	for p, cc := range k.pairings() {
		if !rec.Outcome[p] {
			bin := fmt.Sprintf("./%s_%s", safeName(c.o.Compilers[cc[0]].Name), safeName(c.o.Compilers[cc[1]].Name))
			out, _ := runScript(dir, script, bin)
			r.Output = out
			break
		}
	}
	return r, nil
}

// statusesOf runs a one-test source in the four pairings.
func (c *campaign) statusesOf(k pairKey, src *Sources) ([4]string, bool) {
	var st [4]string
	dir, err := c.b.batchDir(src)
	if err != nil {
		return st, false
	}
	for p, cc := range k.pairings() {
		e := c.b.pairing(dir, src, c.o.Compilers[cc[0]], c.o.Compilers[cc[1]], k.Opt)
		if e.err != nil || len(e.results) != 1 {
			return st, false
		}
		st[p] = e.results[0].Status
	}
	return st, true
}

func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, s)
}

// reproCommands are the commands that build and run the four pairings of
// a reproducer.
func (c *campaign) reproCommands(k pairKey, files map[string][]byte) []string {
	q := func(args []string) string {
		var s []string
		for _, a := range args {
			if strings.ContainsAny(a, " \t'\"$") {
				a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
			}
			s = append(s, a)
		}
		return strings.Join(s, " ")
	}
	cmds := []string{q(append(slices.Clone(c.b.host), "-O0", "-w", "-c", "harness.c", "-o", "harness.o"))}
	done := map[int]bool{}
	for _, ci := range []int{k.R, k.C} {
		if done[ci] {
			continue
		}
		done[ci] = true
		comp := c.o.Compilers[ci]
		for _, side := range []string{"caller.c", "callee.c"} {
			file := side
			if _, ok := files[side+"."+safeName(comp.Name)]; ok {
				file = side + "." + safeName(comp.Name)
			}
			obj := strings.TrimSuffix(side, ".c") + "." + safeName(comp.Name) + ".o"
			args := append(slices.Clone(comp.Cmd), comp.flags(side, k.Opt)...)
			if !strings.HasSuffix(file, ".c") {
				args = append(args, "-x", "c")
			}
			cmds = append(cmds, q(append(args, file, "-o", obj)))
		}
	}
	for p, cc := range k.pairings() {
		if p > 0 && k.R == k.C {
			break
		}
		a, b := c.o.Compilers[cc[0]], c.o.Compilers[cc[1]]
		bin := safeName(a.Name) + "_" + safeName(b.Name)
		args := append(slices.Clone(c.b.host), "-no-pie", "-o", bin, "harness.o", "caller."+safeName(a.Name)+".o", "callee."+safeName(b.Name)+".o")
		args = append(append(args, a.Libs...), b.Libs...)
		cmds = append(cmds, q(args), "./"+bin+"   # caller "+a.Name+", callee "+b.Name)
	}
	return cmds
}

// runScript runs a reproducer's build script, then one of its binaries,
// and returns what the binary printed.
func runScript(dir, script, bin string) (string, error) {
	if out, err := cdriver.Compile([]string{"sh", "-c", script}, dir, 0); err != nil {
		return out, err
	}
	return cdriver.Compile([]string{bin}, dir, 0)
}
