package interp_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWrapArith: with Config.WrapArith a run goes on past a signed
// overflow or an out-of-range shift with the value gcc's x86-64 code
// computes (gcc -O0 -fwrapv, shifts by a variable count), and records the
// first one; without it the run stops with the undefined behaviour.
func TestWrapArith(t *testing.T) {
	const file = "testdata/wrap/wrap.c"
	cases := []struct {
		fn   string
		args []int64
	}{
		{"add", []int64{2147483647, 1}}, {"add", []int64{-2147483648, -1}}, {"add", []int64{5, 6}},
		{"mul", []int64{65536, 65536}}, {"mul", []int64{-2147483648, -1}}, {"mul", []int64{123457, 99991}},
		{"neg", []int64{-2147483648}},
		{"shl", []int64{128 << 16, 8}}, {"shl", []int64{-1, 3}}, {"shl", []int64{1, 33}}, {"shl", []int64{3, -1}},
		{"shr", []int64{-256, 40}}, {"shr", []int64{-256, -2}},
		{"ushr", []int64{0xF0000000, 35}},
		{"lshl", []int64{3, 63}}, {"lshl", []int64{-5, 70}},
		{"first", []int64{2147483647}},
	}
	u, err := frontend.Load(file, frontend.Options{})
	require.NoError(t, err)
	var calls []string
	for _, c := range cases {
		var a []string
		for _, x := range c.args {
			a = append(a, strconv.FormatInt(x, 10)+"LL")
		}
		calls = append(calls, fmt.Sprintf(`printf("%%lld\n", (long long)%s(%s));`, c.fn, strings.Join(a, ", ")))
	}
	gcc := gccValues(t, file, calls)
	for i, c := range cases {
		p, err := u.Lower(c.fn)
		require.NoError(t, err)
		in := interp.Inputs{Values: map[string]interp.Val{}}
		for j, x := range c.args {
			v := p.Funcs[0].Params[j]
			in.Values[v.Name] = interp.Val{Typ: v.Typ, Bits: ir.Truncate(v.Typ, uint64(x))}
		}
		plain, err := interp.Run(p, c.fn, in, interp.Config{})
		require.NoError(t, err)
		r, err := interp.Run(p, c.fn, in, interp.Config{WrapArith: true})
		require.NoError(t, err)
		require.Equal(t, interp.Returned, r.Outcome, "%s%v: %v", c.fn, c.args, r.UB)
		got := int64(r.Return.Bits)
		if w := r.Return.Typ.Bits(); r.Return.Typ.IsSigned() && w < 64 {
			got = got << (64 - w) >> (64 - w) // sign-extended
		}
		if gcc != nil {
			assert.Equal(t, gcc[i], got, "%s%v against gcc", c.fn, c.args)
		}
		if plain.Outcome == interp.UB {
			require.NotNil(t, r.Wrapped, "%s%v", c.fn, c.args)
			assert.Equal(t, plain.UB.Pos, r.Wrapped.Pos, "the first undefined behaviour is recorded")
		} else {
			assert.Nil(t, r.Wrapped, "%s%v", c.fn, c.args)
			assert.Equal(t, plain.Return, r.Return)
		}
	}
}

// gccValues builds file with gcc -O0 -fwrapv and a main making the calls,
// and returns the values printed (nil, skipping the comparison, without
// gcc).
func gccValues(t *testing.T, file string, calls []string) []int64 {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Log("gcc not found: values not compared with gcc")
		return nil
	}
	dir := t.TempDir()
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	main := "#include <stdio.h>\n" + string(src) + "\nint main(void) {\n" + strings.Join(calls, "\n") + "\nreturn 0;\n}\n"
	c := filepath.Join(dir, "w.c")
	require.NoError(t, os.WriteFile(c, []byte(main), 0o644))
	bin := filepath.Join(dir, "w")
	out, err := exec.Command("gcc", "-O0", "-fwrapv", "-w", "-o", bin, c).CombinedOutput()
	require.NoError(t, err, string(out))
	out, err = exec.Command(bin).Output()
	require.NoError(t, err)
	var vals []int64
	for _, l := range strings.Fields(string(out)) {
		v, err := strconv.ParseInt(l, 10, 64)
		require.NoError(t, err)
		vals = append(vals, v)
	}
	require.Len(t, vals, len(calls))
	return vals
}
