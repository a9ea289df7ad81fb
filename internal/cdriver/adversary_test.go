package cdriver

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
)

// The adversarial driver: a pointer input aliasing another input's
// object or a global (Case value 2+k), a callee writing through the
// pointers it gets (Case.Seed) and calling back a function of the file,
// and a volatile global whose every read sees a new value.
func TestAdversary(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not found")
	}
	src := []byte(`int g;
volatile int sensor;
void notify(int *p);
int hits;

void on_event(int n) { hits += n; }

int swap_sum(int *p, int *q)
{
	*p = 1;
	*q = 2;
	return *p + g;
}

int poll(int *buf)
{
	buf[0] = 5;
	notify(buf);
	if (sensor != sensor)
		return -1;
	return buf[0];
}
`)
	file := filepath.Join(t.TempDir(), "adv.c")
	require.NoError(t, os.WriteFile(file, src, 0o644))
	u, err := frontend.Load(file, frontend.Options{})
	require.NoError(t, err)
	cb, err := u.Lower("on_event")
	require.NoError(t, err)
	adv := &Adversary{Callbacks: cb.Funcs[:1], Constants: []int64{7}}
	driver := func(fn string) *Driver {
		p, err := u.Lower(fn)
		require.NoError(t, err)
		d, err := New(p, fn, Options{PtrArrayLen: 2, StubCalls: 4, Adversary: adv})
		require.NoError(t, err)
		return d
	}
	ds, dp := driver("swap_sum"), driver("poll")
	leaf := func(d *Driver, path string) int {
		for i, l := range d.Leaves {
			if l.Path == path {
				return i
			}
		}
		t.Fatalf("no leaf %s", path)
		return -1
	}
	ip := leaf(ds, "p")
	// p may point to the start of q's object or of g (the starts first),
	// then inside q's object.
	al := ds.Aliases(ip)
	assert.Contains(t, al, "&*q")
	assert.Contains(t, al, "&g")
	assert.Contains(t, al, "&*q+4 bytes")
	assert.Equal(t, 2, ds.AliasStarts(ip))
	kq := -1
	for k, a := range al {
		if a == "&*q" {
			kq = k
		}
	}

	b, err := Build(t.TempDir(), src, u.Path(), []*Driver{ds, dp})
	require.NoError(t, err)
	base := make([]uint64, len(ds.Leaves))
	for i, l := range ds.Leaves {
		if l.Type.IsPointer() {
			base[i] = 1 // its own fresh object
		}
	}
	alias := append([]uint64(nil), base...)
	alias[ip] = uint64(2 + kq) // p = q
	outs, err := b.Run(ds, []Case{{Leaves: base}, {Leaves: alias}})
	require.NoError(t, err)
	require.Len(t, outs, 2)
	require.Equal(t, "ok", outs[0].Status, outs[0].Raw)
	assert.Equal(t, uint64(1), outs[0].Return[0].Bits, "p and q apart: *p stays 1 (g is 0)")
	require.Equal(t, "ok", outs[1].Status, outs[1].Raw)
	assert.Equal(t, uint64(2), outs[1].Return[0].Bits, "p aliases q: *q = 2 overwrote *p")

	// poll: the callee may overwrite buf[0] and the volatile reads may
	// differ; over a few seeds both happen, and each run is a real one.
	cases := make([]Case, 40)
	for k := range cases {
		cases[k] = Case{Leaves: make([]uint64, len(dp.Leaves)), Seed: uint64(k + 1)}
		for i, l := range dp.Leaves {
			if l.Type.IsPointer() {
				cases[k].Leaves[i] = 1
			}
		}
	}
	outs, err = b.Run(dp, cases)
	require.NoError(t, err)
	rets := map[int64]int{}
	for _, o := range outs {
		if o.Status == "ok" && len(o.Return) == 1 {
			rets[int64(int32(o.Return[0].Bits))]++
		}
	}
	assert.Greater(t, rets[-1], 0, "the volatile global read twice differs in some run: %v", rets)
	others := 0
	for v, n := range rets {
		if v != -1 && v != 5 {
			others += n
		}
	}
	assert.Greater(t, others, 0, "the callee wrote buf[0] in some run: %v", rets)
}
