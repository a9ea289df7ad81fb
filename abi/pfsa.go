package abi

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// sysvSpec is the System V AMD64 convention as data.
//
//go:embed sysv_amd64.pfsa
var sysvSpec string

// Criterion is a selection criterion of the automaton's input alphabet:
// what the convention looks at to place a parameter (Ret false) or a
// return value (Ret true), and C types that realize it.
type Criterion struct {
	Name    string
	Ret     bool
	Classes Classes // nil: void
	Bytes   int     // arguments: size on the stack (slots)
	Align   int     // arguments: alignment on the stack
	Types   []*Type // realizations (nil entry: void)
}

// State is an allocation state: the registers taken in each register
// file and the next stack offset modulo the distinguishing modulus. The
// initial state, before the return value is placed, has Init set.
type State struct {
	Init bool
	Used []int
	Mod  int
}

// Transition places one criterion: From --Crit/Out--> To.
type Transition struct {
	From, To int
	Crit     int
	Out      string // the placement (Mealy output): "rdi", "rsi,xmm0", "stack+8 (16 bytes)"
}

// regFile is a register file: the registers a class takes in order.
type regFile struct {
	Class Class
	Regs  []string
}

// PFSA is a placement automaton (Bailey and Davidson's P-FSA): a Mealy
// machine whose states are resource-allocation states and whose inputs
// are selection criteria, built from a convention written as data.
type PFSA struct {
	files   []regFile
	upper   map[Class]Class
	memory  map[Class]bool
	mod     int
	slot    int
	retRegs map[Class][]string
	hidden  Class
	hidRet  string

	Crits  []Criterion
	States []State
	Trans  []Transition
	Out    [][]int // transitions leaving each state
	In     [][]int // transitions entering each state
	index  map[string]int
	pool   [][]*Type // per criterion: random types that realize it
}

// SysV is the automaton of the System V AMD64 convention
// (sysv_amd64.pfsa).
func SysV() *PFSA {
	p, err := ParsePFSA(sysvSpec)
	if err != nil {
		panic("abi: sysv_amd64.pfsa: " + err.Error())
	}
	return p
}

// ParsePFSA reads a convention (the format of sysv_amd64.pfsa) and
// builds its automaton.
func ParsePFSA(spec string) (*PFSA, error) {
	p := &PFSA{upper: map[Class]Class{}, memory: map[Class]bool{}, retRegs: map[Class][]string{}, hidden: -1}
	for n, line := range strings.Split(spec, "\n") {
		if i := strings.Index(line, "#"); i >= 0 {
			line = line[:i]
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		if err := p.parseLine(line); err != nil {
			return nil, fmt.Errorf("line %d: %w", n+1, err)
		}
	}
	if len(p.files) == 0 || p.mod == 0 {
		return nil, fmt.Errorf("no regs or no stack line")
	}
	if err := p.build(); err != nil {
		return nil, err
	}
	return p, nil
}

func classList(s string) (Classes, error) {
	var cs Classes
	for _, name := range strings.Split(s, ",") {
		c, ok := ClassOf(name)
		if !ok {
			return nil, fmt.Errorf("unknown class %q", name)
		}
		cs = append(cs, c)
	}
	return cs, nil
}

func (p *PFSA) parseLine(line string) error {
	head, real, hasReal := strings.Cut(line, "|")
	f := strings.Fields(head)
	oneClass := func(s string) (Class, error) {
		c, ok := ClassOf(s)
		if !ok {
			return 0, fmt.Errorf("unknown class %q", s)
		}
		return c, nil
	}
	switch {
	case f[0] == "regs" && len(f) >= 3:
		c, err := oneClass(f[1])
		p.files = append(p.files, regFile{c, f[2:]})
		return err
	case f[0] == "upper" && len(f) == 3:
		c, err := oneClass(f[1])
		of, err2 := oneClass(f[2])
		p.upper[c] = of
		return cmpErr(err, err2)
	case f[0] == "memory" && len(f) >= 2:
		for _, s := range f[1:] {
			c, err := oneClass(s)
			if err != nil {
				return err
			}
			p.memory[c] = true
		}
		return nil
	case f[0] == "stack" && len(f) == 3:
		var err, err2 error
		p.mod, err = strconv.Atoi(f[1])
		p.slot, err2 = strconv.Atoi(f[2])
		return cmpErr(err, err2)
	case f[0] == "return" && len(f) >= 3:
		c, err := oneClass(f[1])
		p.retRegs[c] = f[2:]
		return err
	case f[0] == "hidden" && len(f) == 3:
		c, err := oneClass(f[1])
		p.hidden, p.hidRet = c, f[2]
		return err
	case (f[0] == "arg" && len(f) == 5 || f[0] == "ret" && len(f) == 3) && hasReal:
		c := Criterion{Name: f[1], Ret: f[0] == "ret"}
		if f[2] != "-" {
			cs, err := classList(f[2])
			if err != nil {
				return err
			}
			c.Classes = cs
		}
		if !c.Ret {
			var err, err2 error
			c.Bytes, err = strconv.Atoi(f[3])
			c.Align, err2 = strconv.Atoi(f[4])
			if err := cmpErr(err, err2); err != nil {
				return err
			}
		}
		for _, ts := range strings.Split(real, "|") {
			ts = strings.TrimSpace(ts)
			if ts == "void" {
				c.Types = append(c.Types, nil)
				continue
			}
			t, err := ParseType(ts)
			if err != nil {
				return err
			}
			c.Types = append(c.Types, t)
		}
		p.Crits = append(p.Crits, c)
		return nil
	}
	return fmt.Errorf("cannot read %q", strings.TrimSpace(line))
}

func cmpErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

func (s State) key() string { return fmt.Sprint(s.Init, s.Used, s.Mod) }

// build explores the states reachable from the initial one.
func (p *PFSA) build() error {
	p.index = map[string]int{}
	p.States, p.Trans, p.Out, p.In = nil, nil, nil, nil
	p.add(State{Init: true, Used: make([]int, len(p.files))})
	for q := 0; q < len(p.States); q++ {
		s := p.States[q]
		for ci, c := range p.Crits {
			if c.Ret != s.Init {
				continue
			}
			next, out, err := p.place(s, c)
			if err != nil {
				return fmt.Errorf("criterion %s: %w", c.Name, err)
			}
			to := p.add(next)
			t := len(p.Trans)
			p.Trans = append(p.Trans, Transition{From: q, To: to, Crit: ci, Out: out})
			p.Out[q] = append(p.Out[q], t)
			p.In[to] = append(p.In[to], t)
		}
	}
	return nil
}

func (p *PFSA) add(s State) int {
	if i, ok := p.index[s.key()]; ok {
		return i
	}
	p.index[s.key()] = len(p.States)
	p.States = append(p.States, s)
	p.Out = append(p.Out, nil)
	p.In = append(p.In, nil)
	return len(p.States) - 1
}

// fileOf is the register file a class takes registers from (-1: none).
func (p *PFSA) fileOf(c Class) int {
	for i, f := range p.files {
		if f.Class == c {
			return i
		}
	}
	return -1
}

// place is the transition function and the output function at once:
// where criterion c goes from state s, and the next state.
func (p *PFSA) place(s State, c Criterion) (State, string, error) {
	next := State{Used: slices.Clone(s.Used), Mod: s.Mod}
	if c.Ret {
		return p.placeRet(next, c)
	}
	inMemory := false
	for _, cl := range c.Classes {
		inMemory = inMemory || p.memory[cl]
	}
	if !inMemory {
		var regs []string
		fits := true
		for _, cl := range c.Classes {
			if _, up := p.upper[cl]; up || cl == NoClass {
				continue
			}
			f := p.fileOf(cl)
			if f < 0 {
				return next, "", fmt.Errorf("class %s has no register file", cl)
			}
			if next.Used[f] == len(p.files[f].Regs) {
				fits = false
				break
			}
			regs = append(regs, p.files[f].Regs[next.Used[f]])
			next.Used[f]++
		}
		if fits {
			return next, strings.Join(regs, ","), nil
		}
		next.Used = slices.Clone(s.Used) // the whole argument goes on the stack; its registers stay free
	}
	if c.Align > p.mod || p.mod%c.Align != 0 {
		return next, "", fmt.Errorf("alignment %d does not divide the stack modulus %d", c.Align, p.mod)
	}
	pad := (c.Align - s.Mod%c.Align) % c.Align
	next.Mod = (s.Mod + pad + c.Bytes) % p.mod
	size := fmt.Sprintf("%d bytes", c.Bytes)
	if inMemory && !slices.Contains(c.Classes, X87) { // MEMORY aggregates: any size with this remainder
		size = fmt.Sprintf("%d mod %d bytes", c.Bytes%p.mod, p.mod)
	}
	out := fmt.Sprintf("stack (%s)", size)
	if pad > 0 {
		out = fmt.Sprintf("stack after %d bytes of padding (%s)", pad, size)
	}
	return next, out, nil
}

func (p *PFSA) placeRet(next State, c Criterion) (State, string, error) {
	next.Init = false
	switch {
	case c.Classes == nil:
		return next, "void", nil
	case len(c.Classes) == 1 && c.Classes[0] == Memory:
		f := p.fileOf(p.hidden)
		if f < 0 {
			return next, "", fmt.Errorf("no hidden-pointer register file")
		}
		reg := p.files[f].Regs[next.Used[f]]
		next.Used[f]++
		return next, fmt.Sprintf("memory (address in %s, returned in %s)", reg, p.hidRet), nil
	}
	var regs []string
	taken := map[Class]int{}
	for _, cl := range c.Classes {
		if _, up := p.upper[cl]; up || cl == NoClass {
			continue
		}
		rs := p.retRegs[cl]
		if taken[cl] >= len(rs) {
			return next, "", fmt.Errorf("no return register left for %s", cl)
		}
		regs = append(regs, rs[taken[cl]])
		taken[cl]++
	}
	return next, strings.Join(regs, ","), nil
}

// String names a state: "init", or the registers taken per file and
// the stack offset modulo: "int 2/6 sse 1/8 stack%16=8".
func (p *PFSA) stateName(q int) string {
	s := p.States[q]
	if s.Init {
		return "init"
	}
	var parts []string
	for i, f := range p.files {
		parts = append(parts, fmt.Sprintf("%s %d/%d", strings.ToLower(f.Class.String()), s.Used[i], len(f.Regs)))
	}
	return strings.Join(parts, " ") + fmt.Sprintf(" stack%%%d=%d", p.mod, s.Mod)
}

// ArgCriterion is the criterion an argument of type t is read as (-1:
// the convention as written has none for it).
func (p *PFSA) ArgCriterion(t *Type) int {
	cs := Classify(t)
	bytes := roundUp(t.Size(), p.slot)
	align := max(p.slot, min(t.Align(), p.mod))
	for i, c := range p.Crits {
		if !c.Ret && slices.Equal(c.Classes, cs) && bytes%p.mod == c.Bytes%p.mod && align == c.Align {
			return i
		}
	}
	return -1
}

// RetCriterion is the criterion a return type is read as (nil: void).
func (p *PFSA) RetCriterion(t *Type) int {
	var cs Classes
	if t != nil {
		cs = Classify(t)
	}
	for i, c := range p.Crits {
		if c.Ret && slices.Equal(c.Classes, cs) {
			return i
		}
	}
	return -1
}

// Path is the sequence of transitions a signature takes (the variadic
// arguments as passed, after promotion); false when the automaton has no
// criterion for one of its types.
func (p *PFSA) Path(s Sig) ([]int, bool) {
	q := 0
	var path []int
	step := func(ci int) bool {
		if ci < 0 {
			return false
		}
		for _, t := range p.Out[q] {
			if p.Trans[t].Crit == ci {
				path = append(path, t)
				q = p.Trans[t].To
				return true
			}
		}
		return false
	}
	if !step(p.RetCriterion(s.Ret)) {
		return nil, false
	}
	for i, a := range s.Args() {
		if i >= len(s.Params) {
			a = Promote(a)
		}
		if !step(p.ArgCriterion(a)) {
			return nil, false
		}
	}
	return path, true
}

// Placement is where the automaton places a signature's values.
type Placement struct {
	Ret  string
	Args []string // "rdi", "stack (8 bytes)", each after the state it was placed in
}

// Place runs the automaton on a signature.
func (p *PFSA) Place(s Sig) (Placement, error) {
	path, ok := p.Path(s)
	if !ok {
		return Placement{}, fmt.Errorf("a type of %s has no criterion in the convention", s)
	}
	pl := Placement{Ret: "in " + p.Trans[path[0]].Out}
	for i, t := range path[1:] {
		tr := p.Trans[t]
		out := tr.Out
		if n := roundUp(s.Args()[i].Size(), p.slot); strings.Contains(out, " mod ") {
			out = out[:strings.Index(out, "(")] + fmt.Sprintf("(%d bytes)", n)
		}
		pl.Args = append(pl.Args, fmt.Sprintf("%s in %s (at %s)", p.Crits[tr.Crit].Classes, out, p.stateName(tr.From)))
	}
	return pl, nil
}
