package frontend

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/ir"
)

// packSrc declares structs under #pragma pack as network code and Csmith
// do: packed to 1 and 2, a packed struct inside a natural one, a struct
// the pragma leaves alone (nothing more aligned than the pack).
const packSrc = `
struct natural { char c; int i; };
#pragma pack(push)
#pragma pack(1)
struct wire { char tag; unsigned len; unsigned short port; };
struct bytes { char a; unsigned char b[3]; };
#pragma pack(pop)
struct after { char c; long l; };
#pragma pack(push, 2)
struct half { char c; long l; int i; };
#pragma pack(pop)
struct outer { char c; struct wire w; int k; struct half h[2]; };
struct __attribute__((packed)) attr1 { char c; long l; short s; };
struct attr2 { short s; struct natural n; } __attribute__((__packed__));
typedef struct { char c; int i; } __attribute__((packed)) attr3_t;
struct attr3 { char c; attr3_t a[2]; };
struct member { char c; int i __attribute__((packed)); char d; struct natural n __attribute__((packed)); };
struct aligned { char c; int i __attribute__((aligned(8))); } __attribute__((packed, aligned(4)));

int use(struct natural *n, struct wire *w, struct bytes *b, struct after *a, struct half *h, struct outer *o,
        struct attr1 *a1, struct attr2 *a2, struct attr3 *a3, struct member *m, struct aligned *al)
{
    return n->i + w->len + b->b[2] + a->c + h->i + o->w.port + o->h[1].i + a1->s + a2->n.i + a3->a[1].i + m->n.i + al->i;
}
`

// TestPragmaPack: cc/v4 ignores #pragma pack and __attribute__((packed)),
// gcc does not: the structs declared under them get gcc's layout, checked
// member by member against gcc's offsetof and sizeof; so do members
// declared packed or aligned.
func TestPragmaPack(t *testing.T) {
	p := lower(t, "pack.c", packSrc, "use")
	structs := map[string]*ir.Type{}
	for _, v := range p.Funcs[0].Params {
		structs[v.Typ.Elem.Tag] = v.Typ.Elem
	}
	assert.Equal(t, int64(7), structs["wire"].Size())
	assert.Equal(t, int64(1), structs["wire"].Fields[1].Offset)
	assert.Equal(t, int64(2), structs["half"].Fields[1].Offset)

	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	var prog strings.Builder
	prog.WriteString(packSrc + "\n#include <stdio.h>\n#include <stddef.h>\nint main(void) {\n")
	var want []string
	for _, tag := range []string{"natural", "wire", "bytes", "after", "half", "outer", "attr1", "attr2", "attr3", "member", "aligned"} {
		st := structs[tag]
		fmt.Fprintf(&prog, "  printf(\"%s %%zu %%zu\\n\", sizeof(struct %s), _Alignof(struct %s));\n", tag, tag, tag)
		want = append(want, fmt.Sprintf("%s %d %d", tag, st.Size(), st.Align()))
		for _, f := range st.Fields {
			fmt.Fprintf(&prog, "  printf(\"%s.%s %%zu\\n\", offsetof(struct %s, %s));\n", tag, f.Name, tag, f.Name)
			want = append(want, fmt.Sprintf("%s.%s %d", tag, f.Name, f.Offset))
		}
	}
	prog.WriteString("  return 0;\n}\n")
	dir := t.TempDir()
	src, bin := filepath.Join(dir, "pack.c"), filepath.Join(dir, "pack")
	require.NoError(t, os.WriteFile(src, []byte(prog.String()), 0o644))
	out, err := exec.Command("gcc", "-o", bin, src).CombinedOutput()
	require.NoError(t, err, "%s", out)
	out, err = exec.Command(bin).Output()
	require.NoError(t, err)
	assert.Equal(t, strings.Join(want, "\n")+"\n", string(out), "gcc's layout")

	assert.Equal(t, int64(1), structs["member"].Fields[1].Offset, "a packed member")
	assert.Equal(t, int64(8), structs["aligned"].Fields[1].Offset, "an aligned member of a packed struct")
}

// TestPragmaPackQueries: cc computes sizeof, _Alignof and offsetof with
// the natural layout: asked of a packed struct, sizeof, _Alignof and
// offsetof are gcc's (checked by gcc: 7, 14, 4, 1, 20), also inside a
// larger constant expression (layoutconst.go), and a comma whose left
// operand reads a member of one (Csmith's `(g_102.f5 , (-7L))`, which cc
// folds) is its right operand, and a member read in an expression cc folds
// does not make it depend on the layout (`(g_15.f3 , (void*)0) !=
// (void*)0`); of the others, they are cc's.
func TestPragmaPackQueries(t *testing.T) {
	for _, c := range []struct {
		body string
		want string // the value returned, "" when refused
	}{
		{"return sizeof(struct wire);", "7"},
		{"struct wire w[2]; return sizeof w;", "14"},
		{"return _Alignof(struct outer);", "4"},
		{"return (int)(unsigned long)&((struct wire *)0)->len;", "1"},
		{"return (int)__builtin_offsetof(struct half, i) * 2;", "20"},
		{"return sizeof(struct natural) + sizeof(struct bytes);", "12"},
		{"struct wire w = {0}; return (w.len, 7) + (int)sizeof w;", "14"},
		{"struct wire w = {0}; return ((w.port, (void *)0) != (void *)0) + 2;", "2"},
	} {
		src := packSrc + "int query(void) { " + c.body + " }\n"
		u, err := LoadSource("pack.c", []byte(src), Options{})
		require.NoError(t, err)
		p, err := u.Lower("query")
		if c.want == "" {
			assert.ErrorContains(t, err, "cc's layout", c.body)
			continue
		}
		require.NoError(t, err, c.body)
		var out strings.Builder
		ir.FprintFunc(&out, p.Funcs[0])
		assert.Contains(t, out.String(), "result = "+c.want+" ", c.body)
	}
}

// TestArrayLenGCCLayout: an array whose length is computed from a struct
// cc lays out otherwise than gcc (a bit-field between wider members) has
// gcc's length, and so have the sizes and offsets computed from it (gcc
// says 8, 20, 20, 16, 9); a parameter declared with such a length keeps
// gcc's as DeclLen.
func TestArrayLenGCCLayout(t *testing.T) {
	const decls = `#include <stddef.h>
struct p { char a; int b : 3; int c : 20; char d; };
struct q { char c; struct p in[2]; int x; };
char buf[sizeof(struct p)];
int idx[offsetof(struct q, x)];
struct holder { char name[sizeof(struct p) * 2]; int tail; };
`
	for _, c := range []struct{ body, want string }{
		{"return sizeof buf;", "8"},
		{"return sizeof idx / sizeof idx[0];", "20"},
		{"return sizeof(struct holder);", "20"},
		{"return offsetof(struct holder, tail);", "16"},
		{"char local[sizeof(struct p) + 1]; local[0] = 0; return sizeof local;", "9"},
	} {
		p := lower(t, "len.c", decls+"int query(void) { "+c.body+" }\n", "query")
		var out strings.Builder
		ir.FprintFunc(&out, p.Funcs[0])
		assert.Contains(t, out.String(), "result = "+c.want+" ", c.body)
	}
	p := lower(t, "len.c", decls+"int take(char b[sizeof(struct p)]) { return b[0]; }\n", "take")
	assert.Equal(t, int64(8), p.Funcs[0].Params[0].DeclLen)
}
