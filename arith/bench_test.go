package arith

import (
	"fmt"
	"testing"

	"github.com/inka-tool/inka/ir"
)

// BenchmarkGenerate measures generation with UB elimination: programs per
// minute, operators per second, and the share of operators flipped and
// inserted.
//
//	go test -run '^$' -bench Generate ./arith/
func BenchmarkGenerate(b *testing.B) {
	for _, c := range []struct{ exprs, size int }{{10, 100}, {10, 1000}, {1, 10000}, {1000, 10}} {
		b.Run(fmt.Sprintf("%dx%d", c.exprs, c.size), func(b *testing.B) {
			ops, flips, ins := 0, 0, 0
			for i := 0; i < b.N; i++ {
				p, err := Generate(Options{Seed: uint64(i), Exprs: c.exprs, Size: c.size})
				if err != nil {
					b.Fatal(err)
				}
				ops += p.Stats.Ops
				flips += p.Stats.Flips
				ins += p.Stats.Inserted
			}
			s := b.Elapsed().Seconds()
			b.ReportMetric(float64(b.N)/s*60, "programs/min")
			b.ReportMetric(float64(ops)/s, "ops/s")
			b.ReportMetric(pct(flips, ops), "%flipped")
			b.ReportMetric(pct(ins, ops), "%inserted")
		})
	}
}

// BenchmarkSensitivity measures how often a wrong value computed by one
// operator reaches its expression's check: each operator's value is
// replaced by the value with its low bit flipped, and the check is hit
// if the expression's value changes (or becomes undefined). A
// miscompilation is seen only where it is hit.
//
//	go test -run '^$' -bench Sensitivity -benchtime 1x ./arith/
func BenchmarkSensitivity(b *testing.B) {
	for _, size := range []int{10, 100, 1000} {
		b.Run(fmt.Sprint(size), func(b *testing.B) {
			hit, total, binary := 0, 0, 0
			for i := 0; i < b.N; i++ {
				for seed := uint64(1); seed <= 10; seed++ {
					p, err := Generate(Options{Seed: seed, Exprs: max(1, 1000/size), Size: size})
					if err != nil {
						b.Fatal(err)
					}
					h, t, z := sensitivity(p)
					hit, total, binary = hit+h, total+t, binary+z
				}
			}
			b.ReportMetric(pct(hit, total), "%hit")
			b.ReportMetric(pct(binary, b.N*10*max(1, 1000/size)), "%exprs-0-or-1")
		})
	}
}

// sensitivity counts the operators (roots excepted) whose perturbed value
// changes their expression's value, and the expressions whose value is 0
// or 1.
func sensitivity(p *Program) (hit, total, binary int) {
	for _, e := range p.Exprs {
		if e.Want.Bits <= 1 {
			binary++
		}
		var nodes []*Node
		walk(e.Root, func(n *Node) {
			if !n.Op.IsLeaf() && n != e.Root {
				nodes = append(nodes, n)
			}
		})
		for _, n := range nodes {
			saved, want := *n, e.Want.Bits
			*n = Node{Op: Lit, T: ir.Promote(saved.T), Bits: saved.Val.Bits ^ 1}
			total++
			if err := Check(p); err != nil || e.Want.Bits != want {
				hit++
			}
			*n = saved
			if err := Check(p); err != nil {
				panic(err)
			}
		}
	}
	return hit, total, binary
}
