package mcdc

import (
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
)

// Measured is what a set of runs shows of a function's conditions.
type Measured struct {
	// Shown maps each condition (CondID) to whether two of the runs'
	// evaluations show it independent in the form asked.
	Shown map[string]bool
	// Conditions lists the conditions (CondID) in the order of the
	// decisions and of their conditions; Reached the evaluation paths
	// taken, by EvalID.
	Conditions []string
	Reached    map[string]bool
	// Taken has the outcomes of the conditions the runs take (ID of the
	// condition's decision: ir.Decision.ID).
	Taken map[string]bool
}

// Count returns the number of conditions shown, and of conditions.
func (m *Measured) Count() (shown, total int) {
	for _, c := range m.Conditions {
		if m.Shown[c] {
			shown++
		}
	}
	return shown, len(m.Conditions)
}

// Measure computes the MC/DC of form f that runs of p's entry function
// achieve (p lowered with the conditions identified and not
// instrumented; the traces of interp.Result): the baseline a random or a
// hand-written suite is held against, and the independent check of the
// pairs Cover reports.
func Measure(p *ir.Program, f Form, traces [][]interp.Step) *Measured {
	ds, refs := decisions(p)
	m := &Measured{Shown: map[string]bool{}, Reached: map[string]bool{}, Taken: map[string]bool{}}
	seen := map[*decision][]Vector{}
	has := map[*decision]map[Vector]bool{}
	for _, tr := range traces {
		for d, vs := range evaluations(tr, refs) {
			if has[d] == nil {
				has[d] = map[Vector]bool{}
			}
			for _, v := range vs {
				if !has[d][v] {
					has[d][v] = true
					seen[d] = append(seen[d], v)
				}
			}
		}
	}
	for _, d := range ds {
		for _, v := range seen[d] {
			m.Reached[EvalID(d.d, v)] = true
			for i, c := range v.Conds {
				if c != NotEvaluated {
					o := 0
					if c == False {
						o = 1
					}
					m.Taken[d.leaves[i].ID(o)] = true
				}
			}
		}
		for i, l := range d.leaves {
			id := CondID(l)
			m.Conditions = append(m.Conditions, id)
			for _, a := range seen[d] {
				for _, b := range seen[d] {
					if a.Conds[i] != True || b.Conds[i] != False {
						continue
					}
					if (f == Masking && d.shape.masking(i, a, b)) || (f == UniqueCause && uniqueCause(i, a, b)) {
						m.Shown[id] = true
					}
				}
			}
		}
	}
	return m
}
