package interp_test

import (
	"testing"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
)

func lowerFile(b *testing.B, file, fn string) *ir.Program {
	u, err := frontend.Load(file, frontend.Options{})
	if err != nil {
		b.Fatal(err)
	}
	p, err := u.Lower(fn)
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// BenchmarkTrityp measures runs per second of trityp on a scalene,
// an isosceles and an invalid triangle in turn.
func BenchmarkTrityp(b *testing.B) {
	p := lowerFile(b, "../testdata/paper/trityp.c", "trityp")
	ins := []interp.Inputs{
		{Values: map[string]interp.Val{"i": interp.Int(3), "j": interp.Int(4), "k": interp.Int(5)}},
		{Values: map[string]interp.Val{"i": interp.Int(2), "j": interp.Int(2), "k": interp.Int(3)}},
		{Values: map[string]interp.Val{"i": interp.Int(0), "j": interp.Int(1), "k": interp.Int(1)}},
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := interp.Run(p, "trityp", ins[i%3], interp.Config{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoop measures statements per second on jos97's loop
// (p = *p a million times).
func BenchmarkLoop(b *testing.B) {
	p := lowerFile(b, "../testdata/paper/jos97.c", "jos97")
	in := interp.Inputs{Values: map[string]interp.Val{"i": interp.Int(100000)}}
	var steps int64
	for b.Loop() {
		r, err := interp.Run(p, "jos97", in, interp.Config{})
		if err != nil {
			b.Fatal(err)
		}
		steps += r.Steps
	}
	b.ReportMetric(float64(steps)/b.Elapsed().Seconds(), "steps/s")
}
