package testgen

import (
	"fmt"

	"github.com/inka-tool/inka/ir"
)

// constantOutcome reports whether the goal is an outcome of a two-way
// decision whose condition is a constant everywhere it is tested in f
// (`while (1)`, `if (0)`), and which value the constant has. Then the other
// outcome is unreachable by the semantics alone, without a search that
// would have to unroll the loop to its bound to find out.
func constantOutcome(f *ir.Func, goal Goal) (val bool, isConst bool) {
	if goal.Kind != DecisionGoal {
		return false, false
	}
	seen, allConst, first := false, true, true
	ir.Walk(f.Body, func(s ir.Stmt) {
		var cond ir.Value
		var dec *ir.DecRef
		switch s := s.(type) {
		case *ir.If:
			cond, dec = s.Cond, s.Dec
		case *ir.While:
			cond, dec = s.Cond, s.Dec
		default:
			return
		}
		if dec == nil || dec.D != goal.Dec {
			return
		}
		seen = true
		c, ok := cond.(*ir.Const)
		if !ok {
			allConst = false
			return
		}
		v := c.Bits != 0
		if !first && v != val {
			allConst = false
		}
		val, first = v, false
	})
	if !seen || !allConst {
		return false, false
	}
	return val, true
}

// constantReason explains an outcome a constant condition never takes.
func constantReason(goal Goal, val bool) string {
	return fmt.Sprintf("the condition %q is always %v", goal.Dec.Text, val)
}
