package cdriver

import (
	"math/rand"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/internal/cprobe"
	"github.com/inka-tool/inka/interp"
)

func load(t *testing.T) (*Driver, []byte, string) {
	t.Helper()
	const file = "testdata/probe.c"
	u, err := frontend.Load(file, frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower("f")
	require.NoError(t, err)
	d, err := New(p, "f", Options{})
	require.NoError(t, err)
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	return d, src, u.Path()
}

func TestLayout(t *testing.T) {
	d, _, _ := load(t)
	var paths []string
	for _, l := range d.Leaves {
		paths = append(paths, l.Path)
	}
	assert.Equal(t, []string{"a", "b", "p", "p[0]", "p[1]", "p[2]", "p[3]", "g"}, paths)
	require.Len(t, d.Objects, 2)
	assert.Equal(t, "g", d.Objects[0].Name)
	assert.Equal(t, "p", d.Objects[1].Name)
	assert.Equal(t, 2, d.Objects[1].Leaf)
	require.Len(t, d.Stubs, 1)
	assert.Equal(t, 0, d.Stubs[0].WriteArg)
}

func TestInstrument(t *testing.T) {
	d, src, file := load(t)
	out, err := cprobe.Instrument(src, file, []*cprobe.Set{d.Set})
	require.NoError(t, err)
	assert.Empty(t, d.Skipped)
	s := string(out)
	assert.Contains(t, s, "if (__inka_p(0, !!(__inka_p(1, !!(a > 0)) && (__inka_p(2, !!(b < 0)) || b > 10))))")
	assert.Contains(t, s, "switch (__extension__({ __typeof__((a + b)+0) __inka_sv = (a + b); __inka_sw(3, (unsigned long long)__inka_sv); __inka_sv; }))")
	assert.Contains(t, s, "return __inka_p(4, !!(r)) ? p[1] : 0;")
	assert.Len(t, d.Probed, 5)
}

func TestBuildRun(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not found")
	}
	d, src, file := load(t)
	b, err := Build(t.TempDir(), src, file, []*Driver{d})
	require.NoError(t, err)
	cases := []Case{
		// a=1 b=0 p fresh {5,6,7,8} g=9: switch 1, r = 2, returns p[1]
		{Leaves: []uint64{1, 0, 1, 5, 6, 7, 8, 9}},
		// a=-1 b=20: default: ext(p) returns 4 and writes 30 into p[0]
		{Leaves: []uint64{^uint64(0), 20, 1, 5, 6, 7, 8, 9}, StubRet: [][]uint64{{4}}, StubWr: [][]uint64{{30}}},
		// p NULL: ext gets NULL, returns 0, r = 0: no access
		{Leaves: []uint64{^uint64(0), 20, 0, 0, 0, 0, 0, 0}},
	}
	outs, err := b.Run(d, cases)
	require.NoError(t, err)
	require.Len(t, outs, 3)

	o := outs[0]
	assert.Equal(t, "ok", o.Status)
	var trace []string
	for _, s := range o.Trace {
		trace = append(trace, s.Dec.ID(s.Outcome))
	}
	assert.Equal(t, []string{
		"testdata/probe.c:8:9:&&:true", "testdata/probe.c:8:19:||:false", "testdata/probe.c:8:9:false",
		"testdata/probe.c:10:13:case 1", "testdata/probe.c:18:12:?:true"}, trace)
	require.Len(t, o.Return, 1)
	assert.Equal(t, uint64(6), o.Return[0].Bits)
	assert.Equal(t, uint64(2), o.Final["g"].Bits)
	assert.Empty(t, o.StubCalls)

	o = outs[1]
	require.Len(t, o.StubCalls, 1)
	c := o.StubCalls[0]
	assert.Equal(t, "ext", c.Callee)
	assert.Equal(t, 0, c.Index)
	assert.Equal(t, 1, c.Args[0].Obj) // &p[0]
	assert.Equal(t, int64(0), c.Args[0].Off)
	assert.Equal(t, uint64(30), o.Final["p[0]"].Bits)
	assert.Equal(t, uint64(4), o.Final["g"].Bits)
	assert.Equal(t, uint64(6), o.Return[0].Bits)

	o = outs[2]
	assert.Equal(t, "ok", o.Status)
	assert.True(t, o.StubCalls[0].Args[0].Null)
	assert.Equal(t, uint64(0), o.Return[0].Bits)
	assert.True(t, strings.HasSuffix(o.Raw, "X ok\n"))
}

// TestCases: random cases are deterministic for a seed and respect the
// layout; a case read as interpreter inputs and laid out again is the
// same case; the interpreter and gcc agree on them, and Compare finds a
// value changed on either side.
func TestCases(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not found")
	}
	d, src, file := load(t)
	r1, r2 := rand.New(rand.NewSource(7)), rand.New(rand.NewSource(7))
	var cases []Case
	var results []*interp.Result
	var lives []map[string]bool
	for len(cases) < 20 {
		c := d.RandomCase(r1)
		assert.Equal(t, c, d.RandomCase(r2), "deterministic")
		require.Len(t, c.Leaves, len(d.Leaves))
		in, _, live := d.Inputs(c)
		rets, writes := stubAnswers(c)
		back, why := d.CaseOf(in, rets, writes)
		require.Empty(t, why)
		for i, l := range d.Leaves {
			if l.Parent < 0 || c.Leaves[l.Parent] != 0 {
				assert.Equal(t, c.Leaves[i], back.Leaves[i], "leaf %s", l.Path)
			}
		}
		res, err := interp.Run(d.Prog, "f", in, interp.Config{})
		require.NoError(t, err)
		if res.Outcome != interp.Returned {
			continue
		}
		cases, results, lives = append(cases, c), append(results, res), append(lives, live)
	}
	b, err := Build(t.TempDir(), src, file, []*Driver{d})
	require.NoError(t, err)
	outs, err := b.Run(d, cases)
	require.NoError(t, err)
	names := map[string]bool{}
	for _, o := range d.Objects {
		names[o.Name] = true
	}
	for i, out := range outs {
		assert.Empty(t, Compare(d, lives[i], names, results[i], out), "case %d", i)
	}
	assert.True(t, d.IsProbed(d.Prog.Funcs[0].Decisions[0].ID(0)))
	assert.False(t, d.IsProbed("probe.c:99:1:true"))

	out := outs[0]
	out.Return = append([]Value(nil), out.Return...)
	out.Return[0].Bits++
	msgs := Compare(d, lives[0], names, results[0], out)
	require.Len(t, msgs, 1)
	assert.Contains(t, msgs[0], "return: interp")
	out = outs[0]
	g := out.Final["g"]
	g.Bits++
	out.Final = map[string]Value{"g": g}
	msgs = Compare(d, lives[0], names, results[0], out)
	require.NotEmpty(t, msgs)
	assert.Contains(t, msgs[0], "final g: interp")
	out = outs[0]
	out.Status = "signal 11"
	assert.Contains(t, Compare(d, lives[0], names, results[0], out)[0], "status: interp returned, gcc signal 11")
}

func stubAnswers(c Case) (rets, writes map[string][]uint64) {
	rets, writes = map[string][]uint64{}, map[string][]uint64{}
	if len(c.StubRet) > 0 {
		rets["ext"], writes["ext"] = c.StubRet[0], c.StubWr[0]
	}
	return rets, writes
}

// TestUseInitializers: with the globals at their initializers, no leaf of
// a global is an input; the globals are still reported.
func TestUseInitializers(t *testing.T) {
	u, err := frontend.Load("testdata/probe.c", frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower("f")
	require.NoError(t, err)
	d, err := New(p, "f", Options{UseInitializers: true})
	require.NoError(t, err)
	var paths []string
	for _, l := range d.Leaves {
		paths = append(paths, l.Path)
	}
	assert.Equal(t, []string{"a", "b", "p", "p[0]", "p[1]", "p[2]", "p[3]"}, paths)
	assert.Equal(t, "g", d.Objects[0].Name)
}
