package cdriver

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/inka-tool/inka/interp"
)

// Compare lists the differences between a run of the interpreter and
// gcc's run of the same case: how the run ended, the decision outcomes
// taken (on the decisions the driver probes), and for runs that returned,
// the return value, the final values of the objects in live (nil: none)
// and the calls to extern functions. names are the objects pointers may
// be named by (others print as "other"). Both the interpreter's
// differential test and testgen's replay of emitted tests use it.
func Compare(drv *Driver, live, names map[string]bool, r *interp.Result, out Output) []string {
	var msgs []string
	want := "ok"
	switch r.Outcome {
	case interp.AssertFailed:
		want = "signal 6"
	case interp.Exited:
		want = "exit"
		if strings.HasPrefix(r.Msg, "abort") {
			want = "signal 6"
		}
	}
	if !strings.HasPrefix(out.Status, want) {
		msgs = append(msgs, fmt.Sprintf("status: interp %s, gcc %s", r.Outcome, out.Status))
	}
	// decisions
	var it, gt []string
	for _, s := range r.Trace {
		if drv.Probed[s.Dec] {
			it = append(it, s.ID())
		}
	}
	for _, s := range out.Trace {
		gt = append(gt, s.Dec.ID(s.Outcome))
	}
	if strings.Join(it, " ") != strings.Join(gt, " ") {
		msgs = append(msgs, fmt.Sprintf("decisions:\n  interp %v\n  gcc    %v", it, gt))
	}
	if r.Outcome != interp.Returned || out.Status != "ok" {
		return msgs
	}
	// return value
	var iret []string
	if len(r.ReturnLeaves) > 0 {
		masks := drv.ResultMasks()
		for i, lv := range r.ReturnLeaves {
			v := lv.Val
			if i < len(masks) {
				v = masked(v, masks[i])
			}
			iret = append(iret, interpValue(names, v))
		}
	} else if r.Return.Typ != nil {
		iret = append(iret, interpValue(names, r.Return))
	}
	var gret []string
	for _, v := range out.Return {
		gret = append(gret, gccValue(drv, v))
	}
	if strings.Join(iret, " ") != strings.Join(gret, " ") {
		msgs = append(msgs, fmt.Sprintf("return: interp %v, gcc %v", iret, gret))
	}
	// final values
	var paths []string
	for p, v := range out.Final {
		if live[v.Object] {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	for _, p := range paths {
		g := gccValue(drv, out.Final[p])
		iv, ok := r.FinalValue(p)
		if !ok {
			msgs = append(msgs, fmt.Sprintf("final %s: interp has none, gcc %s", p, g))
			continue
		}
		iv = masked(iv, out.Final[p].Mask)
		if i := interpValue(names, iv); i != g {
			msgs = append(msgs, fmt.Sprintf("final %s: interp %s, gcc %s", p, i, g))
		}
	}
	// stub calls
	var is, gs []string
	for _, c := range r.StubCalls {
		args := []string{}
		for _, a := range c.Args {
			args = append(args, interpValue(names, a))
		}
		is = append(is, fmt.Sprintf("%s#%d(%s)", c.Callee, c.Index, strings.Join(args, ",")))
	}
	for _, c := range out.StubCalls {
		args := []string{}
		for _, a := range c.Args {
			args = append(args, gccValue(drv, a))
		}
		gs = append(gs, fmt.Sprintf("%s#%d(%s)", c.Callee, c.Index, strings.Join(args, ",")))
	}
	if strings.Join(is, " ") != strings.Join(gs, " ") {
		msgs = append(msgs, fmt.Sprintf("stub calls:\n  interp %v\n  gcc    %v", is, gs))
	}
	return msgs
}

// masked returns the bits of a bit-field byte v that bit-fields hold
// (mask, ir.Leaf.Mask; 0: v whole): its padding is unspecified.
func masked(v interp.Val, mask uint8) interp.Val {
	if mask == 0 || v.Indeterminate() || v.IsPointer() || v.IsFloat() {
		return v
	}
	return interp.UintVal(v.Typ, v.Bits&uint64(mask))
}

// interpValue formats an interpreter value for comparison: pointers by object
// and byte offset ("other" for objects the driver cannot name).
func interpValue(names map[string]bool, v interp.Val) string {
	if v.Indeterminate() {
		return "indeterminate"
	}
	if v.IsPointer() {
		if v.IsNull() {
			return "NULL"
		}
		root, off, ok := v.Target()
		if !ok || !names[root] {
			return "other"
		}
		return fmt.Sprintf("&%s@%d", root, off)
	}
	return scalarString(v)
}

// scalarString prints an integer or floating-point value for comparison:
// every NaN alike, as C does not say which NaN an operation gives (which
// operand's payload and sign propagate depends on the order in which the
// compiler puts the operands in registers).
func scalarString(v interp.Val) string {
	if v.IsFloat() && math.IsNaN(v.Float64()) {
		return "NaN"
	}
	return v.String()
}

func gccValue(drv *Driver, v Value) string {
	if v.Type.IsPointer() {
		switch {
		case v.Null:
			return "NULL"
		case v.Obj < 0:
			return "other"
		}
		return fmt.Sprintf("&%s@%d", drv.Objects[v.Obj].Name, v.Off)
	}
	return scalarString(interp.UintVal(v.Type, v.Bits))
}
