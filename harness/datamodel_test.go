package harness_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/harness"
	"github.com/inka-tool/inka/internal/ccheck"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/report"
	"github.com/inka-tool/inka/testgen"
)

// dataModelCases are programs whose answers differ between LP64 and
// ILP32, with the answers of the goals that differ (line:outcome), as the
// comments of the files explain them (checked by hand against gcc -m64
// and -m32); every other goal is covered under both.
var dataModelCases = []struct {
	file string
	want map[ir.DataModel]map[string]string
}{
	{"wide.c", map[ir.DataModel]map[string]string{
		ir.LP64:  {"24:true": "unreachable"},
		ir.ILP32: {"16:true": "unknown", "24:false": "unreachable"},
	}},
	{"slots.c", map[ir.DataModel]map[string]string{
		ir.LP64:  {"20:true": "unreachable", "27:true": "unreachable"},
		ir.ILP32: {},
	}},
	{"samples.c", map[ir.DataModel]map[string]string{
		ir.LP64:  {"19:true": "unreachable", "21:false": "unreachable"},
		ir.ILP32: {"19:false": "unreachable", "21:true": "unreachable", "21:false": "unreachable"},
	}},
}

// TestDataModels answers the programs of testdata/datamodel under each
// data model, then builds their harnesses for it (gcc -m32 for ILP32)
// with gcc at -O0 and -O2 (clang's builds are TestPrograms' concern):
// every test passes and gcc's probes
// and gcov confirm its coverage. An ILP32 suite built for LP64 fails: the
// tests do depend on the data model.
func TestDataModels(t *testing.T) {
	needGCC(t)
	for _, dm := range []ir.DataModel{ir.LP64, ir.ILP32} {
		t.Run(dm.String(), func(t *testing.T) {
			if err := ccheck.Links("gcc", dm); err != nil {
				t.Skip(err)
			}
			for _, c := range dataModelCases {
				t.Run(strings.TrimSuffix(c.file, ".c"), func(t *testing.T) {
					file := filepath.Join("..", "testdata", "datamodel", c.file)
					u, run := coverFor(t, file, dm)
					for _, g := range run.Goals {
						key := fmt.Sprintf("%d:%v", g.Line, g.Outcome)
						want, ok := c.want[dm][key]
						if !ok {
							want = "covered"
						}
						assert.Equal(t, want, g.Status, "%s %s: %s", g.Function, key, g.Reason)
					}
					dir, m := emit(t, u, run, harness.Options{Frontend: frontend.Options{DataModel: dm}})
					assert.Equal(t, dm.NonDefault(), m.DataModel)
					r, err := harness.Validate(dir, harness.ValidateOptions{CCs: []string{"gcc"}, Werror: true, Coverage: true})
					require.NoError(t, err)
					assert.True(t, r.OK(), "%s", reportText(r))
					if dm == ir.ILP32 {
						assertFailsOnLP64(t, dir)
					}
				})
			}
		})
	}
}

// coverFor is cover with the file read for data model dm.
func coverFor(t *testing.T, file string, dm ir.DataModel) (*frontend.Unit, *report.Run) {
	t.Helper()
	u, err := frontend.Load(file, frontend.Options{DataModel: dm})
	require.NoError(t, err)
	var covs []*testgen.Coverage
	for _, f := range u.Functions() {
		p, err := u.Lower(f)
		require.NoError(t, err, f)
		require.Equal(t, dm, p.DataModel)
		g, err := testgen.NewGenerator(p, genOpts)
		require.NoError(t, err, f)
		covs = append(covs, g.Cover(testgen.AllDecisions, 0))
	}
	return u, report.FromCover(file, "", testgen.AllDecisions, covs)
}

// assertFailsOnLP64 validates the ILP32 harness in dir as if it were for
// LP64 (its manifest's data model removed): gcc -m64 runs the tests on
// 8-byte longs and pointers, and some test must fail.
func assertFailsOnLP64(t *testing.T, dir string) {
	t.Helper()
	path := filepath.Join(dir, harness.ManifestFile)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	lp64 := strings.Replace(string(b), `"data_model": "ILP32",`, "", 1)
	require.NotEqual(t, string(b), lp64)
	require.NoError(t, os.WriteFile(path, []byte(lp64), 0o644))
	r, err := harness.Validate(dir, harness.ValidateOptions{CCs: []string{"gcc"}, Opts: []string{"O0"}})
	require.NoError(t, err)
	assert.False(t, r.OK(), "the ILP32 tests pass on LP64 too:\n%s", reportText(r))
}
