package abi

import "strings"

// Outcome is the composite result of the four pairings of a test for a
// compiler pair (R, C): R/R, R/C, C/R, C/C (caller/callee), each passed
// or failed. R is the reference (--ref) when it is one of the two.
type Outcome [4]bool

// Code writes an outcome as Bailey and Davidson tabulate it, one digit
// per pairing in the order R/R R/C C/R C/C, 1 for passed: "1010".
func (o Outcome) Code() string {
	var b strings.Builder
	for _, ok := range o {
		if ok {
			b.WriteByte('1')
		} else {
			b.WriteByte('0')
		}
	}
	return b.String()
}

// Diagnosis is the reading of an outcome: which sides are at fault.
type Diagnosis struct {
	Code string // the outcome
	// Faulty lists the faulty sides among "R caller", "R callee",
	// "C caller", "C callee"; empty when nothing failed, or when the
	// outcome cannot be read (Impossible, or every pairing failed).
	Faulty []string
	// Conflict marks the outcomes where two conventions were found: one
	// compiler consistent with itself but not with the other (1001), or
	// each caller agreeing only with the other compiler's callee (0110).
	Conflict   bool
	Impossible bool   // one pairing failed alone: a side implementing two conventions, or not a convention fault
	Text       string // the reading, with {R} and {C} standing for the compilers
}

// diagnosisTable is Bailey and Davidson's table of the 16 outcome
// configurations (TOPLAS 2003, Table 4), rebuilt from its assumption: a
// side (a compiler's caller code, or its callee code) implements one
// convention, and a pairing passes exactly when its caller's convention
// is its callee's. Passing pairings are thus equalities between sides;
// the sides that pass with the majority's convention are sound, the
// others faulty. Outcomes with a single failure contradict the
// assumption (equality is transitive): they are "impossible". Six
// outcomes show the reference itself faulty.
var diagnosisTable = map[string]Diagnosis{
	"1111": {Text: "no fault"},
	"1110": {Impossible: true, Text: "only {C}/{C} failed: impossible if each side implements one convention (in practice: a faulty side that found the right value by chance, in a stale register or stack slot, in the pairings that passed; or a side implementing two conventions)"},
	"1101": {Impossible: true, Text: "only {C}/{R} failed: impossible if each side implements one convention (in practice: a faulty side that found the right value by chance, in a stale register or stack slot, in the pairings that passed; or a side implementing two conventions)"},
	"1011": {Impossible: true, Text: "only {R}/{C} failed: impossible if each side implements one convention (in practice: a faulty side that found the right value by chance, in a stale register or stack slot, in the pairings that passed; or a side implementing two conventions)"},
	"0111": {Impossible: true, Text: "only {R}/{R} failed: impossible if each side implements one convention (in practice: a faulty side that found the right value by chance, in a stale register or stack slot, in the pairings that passed; or a side implementing two conventions)"},
	"1100": {Faulty: []string{"C caller"}, Text: "{C}'s caller is faulty: it fails with both callees, {R}'s caller passes with both"},
	"1010": {Faulty: []string{"C callee"}, Text: "{C}'s callee is faulty: it fails with both callers, {R}'s callee passes with both"},
	"1001": {Faulty: []string{"C caller", "C callee"}, Conflict: true, Text: "conflicting conventions: {C}'s caller and callee agree with each other but not with {R}'s ({C} implements another convention, consistently)"},
	"1000": {Faulty: []string{"C caller", "C callee"}, Text: "{C}'s caller and {C}'s callee are both faulty, in different ways"},
	"0011": {Faulty: []string{"R caller"}, Text: "{R}'s caller is faulty: {R}'s callee and {C} agree"},
	"0101": {Faulty: []string{"R callee"}, Text: "{R}'s callee is faulty: {R}'s caller and {C} agree"},
	"0110": {Conflict: true, Text: "conflicting conventions, mirrored: {R}'s caller agrees only with {C}'s callee, {C}'s caller only with {R}'s callee; {R} is inconsistent, and either its caller and {C}'s callee or its callee and {C}'s caller are faulty (a third compiler tells which)"},
	"0100": {Faulty: []string{"R callee", "C caller"}, Text: "{R}'s callee and {C}'s caller are faulty: only {R}'s caller and {C}'s callee agree"},
	"0010": {Faulty: []string{"R caller", "C callee"}, Text: "{R}'s caller and {C}'s callee are faulty: only {C}'s caller and {R}'s callee agree"},
	"0001": {Faulty: []string{"R caller", "R callee"}, Text: "{R}'s caller and callee are faulty: only {C} agrees with itself"},
	"0000": {Text: "every pairing failed: the test itself, or faults on both sides (check with a third compiler)"},
}

// Diagnose reads an outcome. r and c name the reference and the other
// compiler; the Faulty sides and the Text name them.
func Diagnose(o Outcome, r, c string) Diagnosis {
	d := diagnosisTable[o.Code()]
	d.Code = o.Code()
	var faulty []string
	for _, f := range d.Faulty {
		side, role, _ := strings.Cut(f, " ")
		n := r
		if side == "C" {
			n = c
		}
		faulty = append(faulty, n+" "+role)
	}
	d.Faulty = faulty
	d.Text = strings.NewReplacer("{R}", r, "{C}", c).Replace(d.Text)
	return d
}
