package frontend

import (
	"fmt"
	"strings"
	"testing"

	"github.com/inka-tool/inka/ir"
)

const stdioSrc = `#include <stdio.h>
#include <stdlib.h>

struct acc { int n; long sum; };

static void add(struct acc *a, int v) { a->n++; a->sum += v; }

int report(int *v, int n)
{
    struct acc a = { 0, 0 };
    for (int i = 0; i < n; i++) {
        if (v[i] < 0)
            continue;
        add(&a, abs(v[i]));
    }
    if (a.n == 0) {
        fprintf(stderr, "empty\n");
        return -1;
    }
    printf("%d %ld\n", a.n, a.sum);
    return (int)(a.sum / a.n);
}
`

// genSource generates a C file of about lines lines: functions with
// loops, switches, conditions, struct and array accesses.
func genSource(lines int) string {
	var b strings.Builder
	b.WriteString("struct rec { int key; int val[4]; struct rec *next; };\nint table[64];\n\n")
	n := 0
	for i := 0; strings.Count(b.String(), "\n") < lines; i++ {
		fmt.Fprintf(&b, `int f%d(struct rec *r, int x, int y)
{
    int s = 0;
    for (int i = 0; i < x && i < 64; i++) {
        if (table[i] > y || (r && r->key == i))
            s += table[i] * 2;
        else if (i %% 3 == 0)
            continue;
        while (s > 1000) {
            s -= y ? y : 1;
            if (s < -1000) break;
        }
    }
    switch (x & 7) {
    case 0: s++; break;
    case 1: case 2: s += r ? r->val[x & 3] : 0;
    case 3: s--; break;
    default: return s;
    }
    do { s /= 2; } while (s > 100);
    return s + y;
}

`, i)
		n++
	}
	return b.String()
}

func benchLoadLower(b *testing.B, name, src string) {
	if _, err := config(ir.LP64); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		u, err := LoadSource(name, []byte(src), Options{})
		if err != nil {
			b.Fatal(err)
		}
		for _, fn := range u.Functions() {
			if _, err := u.Lower(fn); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkLoadLowerStdio: a function of a file that includes <stdio.h> and
// <stdlib.h> (most of the time goes to the headers).
func BenchmarkLoadLowerStdio(b *testing.B) { benchLoadLower(b, "stdio_bench.c", stdioSrc) }

// BenchmarkLoadLower2000: every function of a generated 2,000-line file.
func BenchmarkLoadLower2000(b *testing.B) { benchLoadLower(b, "gen_bench.c", genSource(2000)) }

func TestGeneratedSource(t *testing.T) {
	src := genSource(2000)
	u, err := LoadSource("gen.c", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	fns := u.Functions()
	if len(fns) < 50 {
		t.Fatalf("%d functions", len(fns))
	}
	for _, fn := range fns[:3] {
		p, err := u.Lower(fn)
		if err != nil {
			t.Fatal(err)
		}
		if err := ir.SanityCheck(p); err != nil {
			t.Fatal(err)
		}
	}
	p := lower(t, "stdio.c", stdioSrc, "report")
	if len(p.Funcs) != 3 { // report, add and the model of abs
		t.Fatalf("%d functions", len(p.Funcs))
	}
}
