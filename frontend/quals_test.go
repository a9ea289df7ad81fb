package frontend

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/ir"
)

// qualsSrc declares objects with const at every level of their types, as
// real code does: lookup tables, registries of handlers, configuration
// records with const members.
const qualsSrc = `
typedef int *const handle;        /* a const pointer type */
typedef const int id_t;
typedef const char *name_t[2];    /* an array of pointers to const char */
struct rec { const int id; int count; const char *name; char *const tag; };

static unsigned short *const ***g = 0;      /* Csmith's form: g itself is not const */
static unsigned short *const **h = 0;
const int limit = 10;
const int *cursor;
int *const anchor = 0;
int *const *anchors;
const int *const **chain;
const int *table[3];
int *const slots[3] = {0};
const int grid[2][2] = {{1, 2}, {3, 4}};
struct rec rec;
const struct rec fixed = {1, 2, "a", 0};
handle hd = 0;
handle *hds;
id_t ident = 3;
const handle chd = 0;
int (*const rows)[3] = 0;
name_t names;
struct rec recs[2];

int peek(const int *a, int *const b, char *const *c, const int *const *d);

int use(const int *p, int *const q, int n)
{
    return limit + *cursor + *anchor + **anchors + ***chain + *table[0] + *slots[0] + grid[0][0]
        + rec.id + fixed.count + *hd + **hds + ident + *chd + (*rows)[0] + names[0][0]
        + recs[1].id + (g != 0) + (h != 0) + *p + *q + n + peek(p, q, 0, 0);
}
`

// TestQualsPerLevel: the qualifiers of a declared type are read at every
// level, as the declaration spells them (cc/v4 loses or moves those below
// the top level): in the IR's types, in which objects and leaves are
// read-only, and in the declarations the harness spells.
func TestQualsPerLevel(t *testing.T) {
	p := lower(t, "quals.c", qualsSrc, "use")
	type want struct {
		typ      string // ir.Type.QualString
		readOnly bool
	}
	wants := map[string]want{
		"g":       {"unsigned short* const***", false},
		"h":       {"unsigned short* const**", false},
		"limit":   {"const int", true},
		"cursor":  {"const int*", false},
		"anchor":  {"int* const", true},
		"anchors": {"int* const*", false},
		"chain":   {"const int* const**", false},
		"table":   {"const int*[3]", false},
		"slots":   {"int* const[3]", true},
		"grid":    {"const int[2][2]", true},
		"rec":     {"struct rec", false},
		"fixed":   {"const struct rec", true},
		"hd":      {"int* const", true},
		"hds":     {"int* const*", false},
		"ident":   {"const int", true},
		"chd":     {"int* const", true},
		"rows":    {"int[3]* const", true},
		"names":   {"const char*[2]", false},
		"recs":    {"struct rec[2]", false},
	}
	got := map[string]want{}
	for _, g := range p.Globals {
		if g.Class != ir.String {
			got[g.Name] = want{g.Typ.QualString(), g.ReadOnly}
		}
	}
	assert.Equal(t, wants, got)

	// The members of struct rec: id and tag are read-only, in every object.
	var rec, recs *ir.Var
	for _, g := range p.Globals {
		switch g.Name {
		case "rec":
			rec = g
		case "recs":
			recs = g
		}
	}
	require.NotNil(t, rec)
	var ro []string
	for _, l := range rec.Typ.Leaves() {
		if l.Const {
			ro = append(ro, l.Path)
		}
	}
	assert.Equal(t, []string{".id", ".tag"}, ro)
	ro = nil
	for _, l := range recs.Typ.Leaves() {
		if l.Const {
			ro = append(ro, l.Path)
		}
	}
	assert.Equal(t, []string{"[0].id", "[0].tag", "[1].id", "[1].tag"}, ro)
	assert.True(t, rec.Typ.HasConst())
	assert.False(t, rec.Typ.AllConst())

	// Parameters and an extern's: a stub may write through b (its
	// pointee is not const), not through a, c or d (their pointees are:
	// const int, char *const, const int *const).
	f := p.Funcs[0]
	var ps []string
	for _, v := range f.Params {
		ps = append(ps, v.Typ.QualString())
	}
	assert.Equal(t, []string{"const int*", "int* const", "int"}, ps)
	assert.True(t, f.Params[1].ReadOnly, "q is a const object")
	require.Len(t, p.Externs, 1)
	assert.Equal(t, []bool{true, false, true, true}, p.Externs[0].ConstPointee)
	assert.Equal(t, 1, p.Externs[0].WriteArg())
}

// TestQualsSpelled: the harness spells each declaration with its
// qualifiers at every level, and gcc takes every spelling for a
// compatible redeclaration of the file's own (a const at the wrong level
// would be "conflicting types").
func TestQualsSpelled(t *testing.T) {
	u, err := LoadSource("quals.c", []byte(qualsSrc), Options{})
	require.NoError(t, err)
	spell := func(name string) string {
		ct, err := u.ObjectType(name)
		require.NoError(t, err)
		s, err := ct.Decl(name, InUnit)
		require.NoError(t, err)
		return s
	}
	decls := map[string]string{
		"g":      "unsigned short *const ***g",
		"chain":  "const int *const **chain",
		"table":  "const int *table[3]",
		"slots":  "int *const slots[3]",
		"grid":   "const int grid[2][2]",
		"fixed":  "const struct rec fixed",
		"hds":    "int *const *hds",
		"chd":    "int *const chd",
		"rows":   "int (*const rows)[3]",
		"names":  "const char *names[2]",
		"cursor": "const int *cursor",
	}
	var redecl []string
	for name, want := range decls {
		assert.Equal(t, want, spell(name), name)
		redecl = append(redecl, "extern "+spell(name)+";")
	}
	peek, err := u.FuncType("peek")
	require.NoError(t, err)
	s, err := peek.Prototype("peek", "a", InUnit)
	require.NoError(t, err)
	// a parameter's own qualifiers are not part of the function's type
	assert.Equal(t, "int peek(const int *a0, int *a1, char *const *a2, const int *const *a3)", s)
	redecl = append(redecl, s+";")
	use, err := u.FuncType("use")
	require.NoError(t, err)
	ps := use.Params()
	s, err = ps[1].Decl("q", InUnit)
	require.NoError(t, err)
	assert.Equal(t, "int *const q", s)
	s, err = ps[1].Unqualified().Decl("q", InUnit)
	require.NoError(t, err)
	assert.Equal(t, "int *q", s, "a copy of a const pointer is not const")

	// Members and what pointers point to, as the harness walks them.
	rec, err := u.ObjectType("recs")
	require.NoError(t, err)
	for path, want := range map[string]string{
		"[1].name": "const char *o", "[0].tag": "char *const o", "[0].id": "const int o", "[1]": "struct rec o",
	} {
		m, err := rec.Walk(path)
		require.NoError(t, err)
		s, err := m.Decl("o", InUnit)
		require.NoError(t, err)
		assert.Equal(t, want, s, path)
	}
	chain, err := u.ObjectType("chain")
	require.NoError(t, err)
	for path, want := range map[string]string{
		"[0]": "const int *const *o", "[0][0]": "const int *const o", "[0][0][0]": "const int o",
	} {
		m, err := chain.Walk(path)
		require.NoError(t, err)
		s, err := m.Decl("o", InUnit)
		require.NoError(t, err)
		assert.Equal(t, want, s, path)
		assert.Equal(t, path != "[0]", m.HasConst(), "%s: only *chain is not const", path)
	}

	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	dir := t.TempDir()
	src := qualsSrc + "\n" + strings.Join(redecl, "\n") + "\n"
	file := filepath.Join(dir, "quals.c")
	require.NoError(t, os.WriteFile(file, []byte(src), 0o644))
	out, err := exec.Command("gcc", "-std=c11", "-fsyntax-only", "-Werror", file).CombinedOutput()
	assert.NoError(t, err, "gcc rejects a spelled redeclaration:\n%s", out)
}
