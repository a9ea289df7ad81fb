package main

import (
	"fmt"
	"strings"
)

// A family is a C function parametrized by its size N (its number of
// decisions grows linearly with N).
type family struct {
	name string
	fn   string // the function to cover
	gen  func(n int) string
	what string
}

var families = []family{
	{"chain", "chain", genChain, "N independent `if (a*k + b == c) s += k;` after a range guard on two ints"},
	{"switch", "sw", genSwitch, "one switch with N cases `case k*k+3: return k;`"},
	{"nest", "nest", genNest, "N nested `if (a > 10*k && b != k) { d++; ...}`"},
	{"ladder", "ladder", genLadder, "an else-if ladder of N tests over four inputs"},
	{"machine", "machine", genMachine, "a state machine of N states in a loop of 4 steps reading an undefined callee"},
	{"checksum", "checksum", genChecksum, "a straight-line hash of N wrapping steps, a test on the inputs at every step"},
}

func genChain(n int) string {
	var b strings.Builder
	b.WriteString("int chain(int a, int b, int c)\n{\n    int s = 0;\n")
	b.WriteString("    if (a < -1000 || a > 1000 || b < -1000 || b > 1000)\n        return -1;\n")
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "    if (a * %d + b == c)\n        s += %d;\n", k, k)
	}
	b.WriteString("    return s;\n}\n")
	return b.String()
}

func genSwitch(n int) string {
	var b strings.Builder
	b.WriteString("int sw(int x)\n{\n    switch (x) {\n")
	for k := 0; k < n; k++ {
		fmt.Fprintf(&b, "    case %d:\n        return %d;\n", k*k+3, k)
	}
	b.WriteString("    }\n    return -1;\n}\n")
	return b.String()
}

func genNest(n int) string {
	var b strings.Builder
	b.WriteString("int nest(int a, int b)\n{\n    int d = 0;\n")
	for k := 0; k < n; k++ {
		ind := strings.Repeat("    ", k+1)
		fmt.Fprintf(&b, "%sif (a > %d && b != %d) {\n%s    d++;\n", ind, 10*k, k, ind)
	}
	for k := n - 1; k >= 0; k-- {
		fmt.Fprintf(&b, "%s}\n", strings.Repeat("    ", k+1))
	}
	b.WriteString("    return d;\n}\n")
	return b.String()
}

// genLadder: each rung compares a difference of two of the four inputs
// with a constant and bounds a third, so that the rungs are independent
// but every one is reached only when all those above it fail.
func genLadder(n int) string {
	var b strings.Builder
	b.WriteString("int ladder(int w, int x, int y, int z)\n{\n")
	b.WriteString("    if (w < -100000 || w > 100000 || x < -100000 || x > 100000)\n        return -1;\n")
	vars := []string{"w", "x", "y", "z"}
	for k := 0; k < n; k++ {
		p, q, r := vars[k%4], vars[(k+1)%4], vars[(k+2)%4]
		kw := "if"
		if k > 0 {
			kw = "else if"
		}
		fmt.Fprintf(&b, "    %s (%s - %s == %d && %s > %d)\n        return %d;\n", kw, p, q, k*3-n, r, k, k)
	}
	b.WriteString("    return -2;\n}\n")
	return b.String()
}

// genMachine: a tokenizer-like state machine; state 0 moves to the state
// named by the symbol read, state k counts its own symbol or falls back
// to 0, an unknown state resets. Every state is reached in one step,
// every test in two.
func genMachine(n int) string {
	var b strings.Builder
	b.WriteString("int next_symbol(void);\n\nint machine(void)\n{\n    int state = 0, acc = 0;\n")
	b.WriteString("    for (int step = 0; step < 4; step++) {\n        int c = next_symbol();\n        switch (state) {\n")
	b.WriteString("        case 0:\n            if (c > 0)\n                state = c;\n            break;\n")
	for k := 1; k < n; k++ {
		fmt.Fprintf(&b, "        case %d:\n            if (c == %d)\n                acc += %d;\n            else\n                state = 0;\n            break;\n", k, (k*37)%251, k)
	}
	b.WriteString("        default:\n            state = 0;\n        }\n    }\n    return acc;\n}\n")
	return b.String()
}

// genChecksum: a hash mixed step by step in wrapping unsigned arithmetic
// (a long data flow), with a decision per step on the inputs that changes
// how the hash goes on.
func genChecksum(n int) string {
	var b strings.Builder
	b.WriteString("unsigned checksum(int a, int b)\n{\n    unsigned h = 5381u;\n")
	b.WriteString("    if (a < -100000 || a > 100000 || b < -100000 || b > 100000)\n        return 0;\n")
	for k := 0; k < n; k++ {
		fmt.Fprintf(&b, "    h = h * 33u + (unsigned)(a ^ %d);\n", k)
		fmt.Fprintf(&b, "    if (a + b == %d)\n        h ^= h >> 7;\n", k)
	}
	b.WriteString("    return h;\n}\n")
	return b.String()
}
