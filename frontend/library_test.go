package frontend

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/ir"
)

// TestSystemDeclarations: what a system header declares and the file does
// not define is the C library's (ir/library.go): its functions and
// objects are marked System, the file's own callees and globals are not,
// even when the file declares a library function again.
func TestSystemDeclarations(t *testing.T) {
	p := lower(t, "lib.c", `#include <stdio.h>
#include <stdlib.h>
int rand(void);
int hook(int);
int counter;
int f(const char *s)
{
	fflush(stderr);
	counter += s[0];
	return rand() + hook(1);
}
`, "f")
	sys := map[string]bool{}
	for _, e := range p.Externs {
		sys[e.Name] = e.System
	}
	assert.Equal(t, map[string]bool{"fflush": true, "rand": true, "hook": false}, sys)
	for _, g := range p.Globals {
		if g.Class == ir.Global {
			assert.Equal(t, g.Name == "stderr", g.System, g.Name)
		}
	}
}

// TestVolatileReads: every read of a volatile object, by name, through a
// pointer to volatile, as a member of a volatile struct, is a statement of
// its own marked Volatile; reads of other objects are not marked.
func TestVolatileReads(t *testing.T) {
	p := lower(t, "vol.c", `struct dev { int status; int data; };
volatile int v;
volatile struct dev port;
struct dev plain;
int f(volatile int *p, struct dev *q)
{
	int a = v + v;
	if (port.status && *p)
		a++;
	if (plain.data || q->data)
		a--;
	return a;
}
`, "f")
	var marked, plainReads int
	ir.Walk(p.Funcs[0].Body, func(s ir.Stmt) {
		switch s := s.(type) {
		case *ir.Copy:
			if s.Volatile {
				marked++
			}
		case *ir.Load:
			if s.Volatile {
				marked++
			} else {
				plainReads++
			}
		}
	})
	assert.Equal(t, 4, marked, "v twice, port.status, *p")
	assert.Equal(t, 2, plainReads, "plain.data, q->data")
}

// TestHeaderFunctions: a function defined in an included header is code:
// lowered with its decisions, not an extern; Functions lists only the
// main file's.
func TestHeaderFunctions(t *testing.T) {
	u, err := Load("../testdata/adversarial/header.c", Options{})
	require.NoError(t, err)
	assert.Equal(t, []string{"level", "parity"}, u.Functions())
	p, err := u.Lower("level")
	require.NoError(t, err)
	assert.Empty(t, p.Externs)
	f := p.Func("clamp")
	require.NotNil(t, f)
	assert.Len(t, f.Decisions, 2)
}
