// Package cprobe instruments C source with probes around the decisions
// of lowered programs, textually, at the source ranges of ir.Decision
// (Pos, End): a two-way condition c becomes __inka_p(ID, !!(c)), the
// controlling expression e of a switch becomes a statement expression
// that passes e's (promoted) value to __inka_sw(ID, v) and yields it. The
// program that links the instrumented source defines the two functions
// (they print the probes); Set.Outcome turns what they printed back into
// decision outcomes. Used by the gcc side of the interpreter's
// differential test (internal/cdriver) and by the harness's coverage
// check (package harness).
package cprobe

import (
	"fmt"
	"sort"
	"strings"

	"github.com/inka-tool/inka/ir"
)

// Set is the decisions of one program to instrument, and what Instrument
// made of them.
type Set struct {
	Prog *ir.Program
	// Probes maps probe ids to decisions, Probed lists the decisions
	// instrumented, Skipped the ones that were not, with the reason (set
	// by Instrument).
	Probes  map[int]*ir.Decision
	Probed  map[*ir.Decision]bool
	Skipped []string
	// caseVals maps, for each switch decision, case values (bits of the
	// promoted controlling type) to outcome indexes.
	caseVals map[*ir.Decision]map[uint64]int
	swType   map[*ir.Decision]*ir.Type
}

// NewSet returns the set of the decisions of every function of p.
func NewSet(p *ir.Program) *Set {
	s := &Set{Prog: p, caseVals: map[*ir.Decision]map[uint64]int{}, swType: map[*ir.Decision]*ir.Type{},
		Probes: map[int]*ir.Decision{}, Probed: map[*ir.Decision]bool{}}
	s.switchCases()
	return s
}

// Instrument inserts the probes of the decisions of every set into src,
// the text of file, and records in each set which probe id stands for
// which of its decisions. Decisions of different programs at the same
// source range share a probe.
func Instrument(src []byte, file string, sets []*Set) ([]byte, error) {
	probes := collectProbes(src, file, sets)
	kept := dropOverlaps(probes)
	out := applyEdits(src, probeEdits(src, kept))
	head := fmt.Sprintf("int __inka_p(int, int);\nvoid __inka_sw(int, unsigned long long);\n#line 1 %q\n", file)
	return append([]byte(head), out...), nil
}

// A probe is a source range that decisions of one or more sets share.
type probe struct {
	start, end int
	kind       ir.DecisionKind
	text       string
	decs       []*ir.Decision
	sets       []*Set
}

// lineOffsets returns the byte offset in src of a position, -1 when it
// is outside src.
func lineOffsets(src []byte) func(p ir.Pos) int {
	lineStart := []int{0}
	for i, c := range src {
		if c == '\n' {
			lineStart = append(lineStart, i+1)
		}
	}
	return func(p ir.Pos) int {
		if p.Line < 1 || p.Line > len(lineStart) || p.Col < 1 {
			return -1
		}
		o := lineStart[p.Line-1] + p.Col - 1
		if o > len(src) {
			return -1
		}
		return o
	}
}

// collectProbes finds the source range of every decision of the sets in
// src, the text of file, one probe per range, in the order met; the
// decisions it cannot probe are listed in their set's Skipped.
func collectProbes(src []byte, file string, sets []*Set) []*probe {
	offset := lineOffsets(src)
	byRange := map[[2]int]*probe{}
	var probes []*probe
	for _, d := range sets {
		d.Skipped, d.Probes, d.Probed = nil, map[int]*ir.Decision{}, map[*ir.Decision]bool{}
		skip := func(format string, args ...any) { d.Skipped = append(d.Skipped, fmt.Sprintf(format, args...)) }
		for _, f := range d.Prog.Funcs {
			for _, dec := range f.Decisions {
				if dec.Pos.File != file || dec.End.File != file {
					skip("%s %q: not in %s", dec.Pos, dec.Text, file)
					continue
				}
				s, e := offset(dec.Pos), offset(dec.End)
				if s < 0 || e < s {
					skip("%s %q: bad range %s..%s", dec.Pos, dec.Text, dec.Pos, dec.End)
					continue
				}
				if got := squash(string(src[s:e])); got != squash(dec.Text) {
					skip("%s: source range %s..%s is %q, decision text is %q", dec.Pos, dec.Pos, dec.End, got, dec.Text)
					continue
				}
				if dec.Kind == ir.DecSwitch && d.caseVals[dec] == nil {
					skip("%s: switch %q: case values not found in the IR", dec.Pos, dec.Text)
					continue
				}
				p := byRange[[2]int{s, e}]
				if p == nil {
					p = &probe{start: s, end: e, kind: dec.Kind, text: dec.Text}
					byRange[[2]int{s, e}] = p
					probes = append(probes, p)
				}
				if (p.kind == ir.DecSwitch) != (dec.Kind == ir.DecSwitch) {
					skip("%s %q: a switch and a two-way decision on one range", dec.Pos, dec.Text)
					continue
				}
				dup := false
				for _, o := range p.sets {
					dup = dup || o == d
				}
				if dup {
					skip("%s %q: two decisions of one program on one range", dec.Pos, dec.Text)
					continue
				}
				p.decs = append(p.decs, dec)
				p.sets = append(p.sets, d)
			}
		}
	}
	return probes
}

// dropOverlaps drops the probes nested inside a switch's controlling
// expression (the probe duplicates its text) and the probes that cross
// each other, listing them in their sets' Skipped; it returns the others
// by start (the outer first).
func dropOverlaps(probes []*probe) []*probe {
	sort.SliceStable(probes, func(i, j int) bool {
		if probes[i].start != probes[j].start {
			return probes[i].start < probes[j].start
		}
		return probes[i].end > probes[j].end
	})
	var kept []*probe
	for _, p := range probes {
		ok := true
		for _, q := range kept {
			inside := p.start >= q.start && p.end <= q.end
			disjoint := p.start >= q.end || p.end <= q.start
			if (inside && q.kind == ir.DecSwitch) || (!inside && !disjoint) {
				ok = false
				for i, d := range p.sets {
					d.Skipped = append(d.Skipped, fmt.Sprintf("%s %q: overlaps %q", p.decs[i].Pos, p.text, q.text))
				}
				break
			}
		}
		if ok {
			kept = append(kept, p)
		}
	}
	return kept
}

// An edit replaces src[at:end] with text; open says whether it opens a
// probe or closes one, width is the probe's.
type edit struct {
	at, end int
	text    string
	open    bool
	width   int
}

// probeEdits numbers the probes (recording the numbers in their sets) and
// returns their edits: a switch's expression wrapped whole, a two-way
// decision between an opening and a closing.
func probeEdits(src []byte, kept []*probe) []edit {
	var edits []edit
	for id, p := range kept {
		for i, d := range p.sets {
			d.Probes[id] = p.decs[i]
			d.Probed[p.decs[i]] = true
		}
		if p.kind == ir.DecSwitch {
			e := string(src[p.start:p.end])
			edits = append(edits, edit{at: p.start, end: p.end, open: true, width: p.end - p.start, text: fmt.Sprintf(
				"__extension__({ __typeof__((%s)+0) __inka_sv = (%s); __inka_sw(%d, (unsigned long long)__inka_sv); __inka_sv; })", e, e, id)})
			continue
		}
		edits = append(edits,
			edit{at: p.start, end: p.start, open: true, width: p.end - p.start, text: fmt.Sprintf("__inka_p(%d, !!(", id)},
			edit{at: p.end, end: p.end, open: false, width: p.end - p.start, text: "))"})
	}
	return edits
}

// applyEdits applies the edits to a copy of src, from the end of the
// file. At one offset the text must read: closings (inner first), then
// openings (outer first). Edits at one offset are applied in reverse of
// that order, each in front of the previous ones.
func applyEdits(src []byte, edits []edit) []byte {
	sort.SliceStable(edits, func(i, j int) bool {
		a, c := edits[i], edits[j]
		if a.at != c.at {
			return a.at > c.at
		}
		if a.open != c.open {
			return a.open
		}
		if a.open {
			return a.width < c.width
		}
		return a.width > c.width
	})
	out := append([]byte(nil), src...)
	for _, e := range edits {
		out = append(out[:e.at], append([]byte(e.text), out[e.end:]...)...)
	}
	return out
}

// squash removes white space, to compare a source range with a decision's text.
func squash(s string) string {
	return strings.Join(strings.Fields(s), "")
}

// switchCases finds the case values of each switch in the IR: the
// constants of the `t = v == C` tests whose If carries the switch's DecRef.
func (d *Set) switchCases() {
	for _, f := range d.Prog.Funcs {
		defs := map[*ir.Var]*ir.Binary{}
		var ifs []*ir.If
		ir.Walk(f.Body, func(s ir.Stmt) {
			switch s := s.(type) {
			case *ir.Binary:
				defs[s.Dst] = s
			case *ir.If:
				if s.Dec != nil && s.Dec.D.Kind == ir.DecSwitch {
					ifs = append(ifs, s)
				}
			}
		})
		for _, s := range ifs {
			dec := s.Dec.D
			if s.Dec.True < 0 {
				continue
			}
			v, ok := s.Cond.(*ir.Var)
			if !ok {
				continue
			}
			b := defs[v]
			if b == nil || b.Op != ir.Eq {
				continue
			}
			c, ok := b.Y.(*ir.Const)
			if !ok {
				if c, ok = b.X.(*ir.Const); !ok {
					continue
				}
			}
			if d.caseVals[dec] == nil {
				d.caseVals[dec] = map[uint64]int{}
			}
			d.caseVals[dec][c.Bits] = s.Dec.True
			d.swType[dec] = c.Typ
		}
	}
}

// Outcome maps the value a probe printed (0 or 1 for a two-way decision,
// the promoted controlling value of a switch) to the decision's outcome
// index.
func (d *Set) Outcome(dec *ir.Decision, v uint64) (int, error) {
	if dec.Kind == ir.DecSwitch {
		t := d.swType[dec]
		if t != nil {
			v = ir.Truncate(t, v)
		}
		if o, ok := d.caseVals[dec][v]; ok {
			return o, nil
		}
		for i, s := range dec.Outcomes {
			if s == "default" || s == "no case" {
				return i, nil
			}
		}
		return -1, fmt.Errorf("switch %s: value %d matches no outcome", dec.Pos, v)
	}
	want := "false"
	if v != 0 {
		want = "true"
	}
	for i, s := range dec.Outcomes {
		if s == want || strings.HasSuffix(s, ":"+want) {
			return i, nil
		}
	}
	return -1, fmt.Errorf("decision %s has no outcome %q", dec.Pos, want)
}
