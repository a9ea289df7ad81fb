package abi

import (
	"slices"
	"strings"
	"testing"
)

func TestSysVAutomatonSize(t *testing.T) {
	p := SysV()
	var args, rets int
	for _, c := range p.Crits {
		if c.Ret {
			rets++
		} else {
			args++
		}
	}
	// 7 x 9 register states x 2 stack states, and the initial state.
	if len(p.States) != 1+7*9*2 {
		t.Errorf("%d states, want %d", len(p.States), 1+7*9*2)
	}
	if len(p.Trans) != rets+(len(p.States)-1)*args {
		t.Errorf("%d transitions, want %d", len(p.Trans), rets+(len(p.States)-1)*args)
	}
	pairs := 0
	for q := range p.States {
		pairs += len(p.In[q]) * len(p.Out[q])
	}
	if p.Pairs() != pairs || pairs == 0 {
		t.Errorf("Pairs() = %d, want %d", p.Pairs(), pairs)
	}
}

// Bailey and Davidson's static checks of a PFSA: complete (every state
// places every criterion) and consistent (no transition gives back an
// allocated register).
func TestSysVAutomatonCompleteConsistent(t *testing.T) {
	p := SysV()
	for q, s := range p.States {
		crits := map[int]bool{}
		for _, ti := range p.Out[q] {
			tr := p.Trans[ti]
			crits[tr.Crit] = true
			next := p.States[tr.To]
			for f := range s.Used {
				if next.Used[f] < s.Used[f] {
					t.Errorf("q%d --%s--> q%d frees a register", q, p.Crits[tr.Crit].Name, tr.To)
				}
			}
		}
		for ci, c := range p.Crits {
			if c.Ret == s.Init && !crits[ci] {
				t.Errorf("q%d (%s) has no transition for %s", q, p.stateName(q), c.Name)
			}
		}
	}
}

// Placements worked by hand from the psABI.
func TestPlace(t *testing.T) {
	for _, c := range []struct {
		sig  string
		want []string // return, then each argument's register or stack placement
	}{
		{"void(long, double, struct{long,double})", []string{"void", "rdi", "xmm0", "rsi,xmm1"}},
		// No register left for the struct's second eightbyte: all of it
		// goes on the stack, and r9 stays for the long after it.
		{"void(long, long, long, long, long, struct{long,long}, long)", []string{"void", "rdi", "rsi", "rdx", "rcx", "r8", "stack (16 bytes)", "r9"}},
		// A MEMORY return takes rdi for its address.
		{"struct{long,long,long}(long)", []string{"memory (address in rdi, returned in rax)", "rsi"}},
		{"double(double, double, double, double, double, double, double, double, double)", []string{"xmm0", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "stack (8 bytes)"}},
		// long double: always memory, 16-aligned (padding after an
		// 8-byte slot); returned on the x87 stack.
		{"long double(long double, int, int, int, int, int, int, int, long double)", []string{"st0", "stack (16 bytes)", "rdi", "rsi", "rdx", "rcx", "r8", "r9", "stack (8 bytes)", "stack after 8 bytes of padding (16 bytes)"}},
		{"struct{double,long}(struct{float,float,int}, __float128)", []string{"xmm0,rax", "xmm0,rdi", "xmm1"}},
		{"struct{long double}(struct pack(1){char,int})", []string{"st0", "stack (8 mod 16 bytes)"}},
	} {
		s, err := ParseSig(c.sig)
		if err != nil {
			t.Fatal(err)
		}
		p := SysV()
		path, ok := p.Path(s)
		if !ok {
			t.Fatalf("%s: no path", c.sig)
		}
		var got []string
		for _, ti := range path {
			got = append(got, p.Trans[ti].Out)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.sig, got, c.want)
		}
	}
}

// Every type the data lists as a realization of a criterion classifies
// as that criterion: the data and the classifier agree.
func TestRealizationsClassify(t *testing.T) {
	p := SysV()
	for ci, c := range p.Crits {
		for _, ty := range c.Types {
			var got int
			if c.Ret {
				got = p.RetCriterion(ty)
			} else {
				got = p.ArgCriterion(ty)
			}
			if got != ci {
				t.Errorf("%s realization %v classifies as %s (criterion %d)", c.Name, ty, Classify(ty), got)
			}
		}
	}
}

// The suite takes every transition pair; each path starts at the initial
// state and follows the automaton; the realized signatures take the
// selected paths.
func TestSuiteCoversPairs(t *testing.T) {
	p := SysV()
	paths := p.Suite(40)
	covered := map[pair]bool{}
	for _, path := range paths {
		if len(path) == 0 || p.Trans[path[0]].From != 0 || len(path) > 41 {
			t.Fatalf("path %v does not start at the initial state or is too long", path)
		}
		for i := 1; i < len(path); i++ {
			if p.Trans[path[i-1]].To != p.Trans[path[i]].From {
				t.Fatalf("path %v is not connected at %d", path, i)
			}
			covered[pair{path[i-1], path[i]}] = true
		}
	}
	for q := range p.States {
		for _, in := range p.In[q] {
			for _, out := range p.Out[q] {
				if !covered[pair{in, out}] {
					t.Fatalf("pair %s, %s at q%d not covered", p.Crits[p.Trans[in].Crit].Name, p.Crits[p.Trans[out].Crit].Name, q)
				}
			}
		}
	}
	have := map[Feature]bool{FeatInt128: true, FeatFloat128: true}
	tests := p.SuiteTests(paths[:300], 1, have, "")
	for _, tc := range tests {
		got, ok := p.Path(tc.Sig)
		if !ok {
			t.Fatalf("%s: %s has no path", tc.ID, tc.Sig)
		}
		if !slices.Equal(got, tc.Path) {
			t.Fatalf("%s: %s takes %v, selected %v", tc.ID, tc.Sig, got, tc.Path)
		}
		if !strings.HasSuffix(tc.ID, "v") && !slices.Equal(tc.Path, paths[idNumber(tc.ID)]) {
			t.Fatalf("%s realizes another path", tc.ID)
		}
	}
}

func idNumber(id string) int {
	n := 0
	for _, r := range id {
		if r >= '0' && r <= '9' {
			n = n*10 + int(r-'0')
		}
	}
	return n
}

// Without __float128 the automaton loses its SSE,SSEUP criterion, and
// no realization needs a missing feature.
func TestRestrict(t *testing.T) {
	p := SysV().Restrict(map[Feature]bool{FeatInt128: false, FeatFloat128: false})
	for _, c := range p.Crits {
		if c.Name == "SSEUP" {
			t.Errorf("SSEUP kept without __float128")
		}
		for _, ty := range c.Types {
			if ty != nil && len(ty.Features()) > 0 {
				t.Errorf("%s keeps %s", c.Name, ty)
			}
		}
	}
	tests := p.SuiteTests(p.Suite(40)[:100], 1, map[Feature]bool{}, "fi")
	for _, tc := range tests {
		if fs := tc.Sig.Features(); len(fs) > 0 {
			t.Errorf("%s needs %v", tc.ID, fs)
		}
	}
}
