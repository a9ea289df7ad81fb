package model_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/model"
)

// Memory is bytes where C says so: a word read back as its bytes (a
// union's other member, an unsigned char * walk) is split little-endian,
// and bytes read back as a word are joined (the Φu and Φd with Bytes of
// package ssa, modelled by model/bytes.go).
func TestBytesOfAWord(t *testing.T) {
	src := `union word { unsigned int w; unsigned char b[4]; };
unsigned f(unsigned x, int i) {
	union word v;
	v.w = x;
	if (i < 0 || i > 3)
		return 0;
	return v.b[i];
}`
	for i, want := range []string{"{120}", "{86}", "{52}", "{18}"} { // 0x78 0x56 0x34 0x12
		m := build(t, src, "f", model.Options{})
		require.True(t, input(t, m, "x").AssignInt64(0x12345678) && input(t, m, "i").AssignInt64(int64(i)) && m.S.Propagate())
		assert.Equal(t, want, result(m).Dom().String(), "byte %d", i)
	}

	// Through a pointer to the word's bytes.
	src = `unsigned f(unsigned x) { unsigned char *p = (unsigned char *)&x; return p[1] * 256u + p[0]; }`
	m := build(t, src, "f", model.Options{})
	require.True(t, input(t, m, "x").AssignInt64(0xA1B2C3D4) && m.S.Propagate())
	assert.Equal(t, "{50132}", result(m).Dom().String()) // 0xC3D4
}

func TestWordOfBytes(t *testing.T) {
	src := `union word { unsigned short h; unsigned char b[2]; };
unsigned f(unsigned char lo, unsigned char hi) {
	union word v;
	v.b[0] = lo;
	v.b[1] = hi;
	return v.h;
}`
	// Propagation bounds the word (its high byte is fixed); the low
	// byte is decided when the value is posted: 0x1234 holds, no other
	// value does.
	for word, ok := range map[int64]bool{0x1234: true, 0x1235: false, 0x1200: false, 0x3412: false} {
		m := build(t, src, "f", model.Options{})
		got := input(t, m, "lo").AssignInt64(0x34) && input(t, m, "hi").AssignInt64(0x12) && m.S.Propagate() &&
			result(m).AssignInt64(word) && m.S.Propagate()
		assert.Equal(t, ok, got, "word %#x", word)
	}

	// Backwards: the word fixes its bytes.
	for _, c := range []struct {
		lo, hi int64
		ok     bool
	}{{0xEF, 0xBE, true}, {0xEE, 0xBE, false}, {0xEF, 0xBF, false}} {
		m := build(t, src, "f", model.Options{})
		got := result(m).AssignInt64(0xBEEF) && m.S.Propagate() &&
			input(t, m, "lo").AssignInt64(c.lo) && input(t, m, "hi").AssignInt64(c.hi) && m.S.Propagate()
		assert.Equal(t, c.ok, got, "bytes %#x %#x", c.lo, c.hi)
	}

	// A byte stored into a word: the other bytes are kept.
	src = `unsigned f(unsigned x, unsigned char c) { unsigned char *p = (unsigned char *)&x; p[2] = c; return x; }`
	m := build(t, src, "f", model.Options{})
	require.True(t, input(t, m, "x").AssignInt64(0x11223344) && input(t, m, "c").AssignInt64(0xAB) && m.S.Propagate())
	assert.Equal(t, "{296432452}", result(m).Dom().String()) // 0x11AB3344
}

// A construct inka does not model (va_arg) ends the paths that reach it:
// posting such a path fails and records why, so that no refutation rests
// on it; the paths that avoid it are modelled. With ExactCuts the path
// just ends, with nothing recorded.
func TestCut(t *testing.T) {
	src := `#include <stdarg.h>
int sum(int n, ...) {
	va_list ap;
	int s = 0;
	if (n <= 0)
		return 0;
	va_start(ap, n);
	while (n-- > 0)
		s += va_arg(ap, int);
	va_end(ap);
	return s;
}`
	m := build(t, src, "sum", model.Options{})
	require.True(t, input(t, m, "n").AssignInt64(-4) && m.S.Propagate())
	assert.Equal(t, "{0}", result(m).Dom().String())
	assert.Empty(t, m.Unsupported)

	m = build(t, src, "sum", model.Options{})
	assert.False(t, input(t, m, "n").AssignInt64(2) && m.S.Propagate(), "the path through va_arg is cut")
	require.NotEmpty(t, m.Unsupported)
	assert.True(t, strings.Contains(strings.Join(m.Unsupported, "; "), "va_"), m.Unsupported)

	m = build(t, src, "sum", model.Options{ExactCuts: true})
	assert.False(t, input(t, m, "n").AssignInt64(2) && m.S.Propagate())
	assert.Empty(t, m.Unsupported, "an exact cut records nothing")
}
