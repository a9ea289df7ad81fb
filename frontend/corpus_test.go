package frontend

import (
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/inka-tool/inka/ir"
)

// TestCorpus loads every .c file under $INKA_CORPUS (for example the gcc
// torture tests of modernc.org/ccorpus2) and lowers every function: inputs
// may be rejected (*Error), but no internal error nor invalid IR is
// allowed. Skipped when INKA_CORPUS is not set.
func TestCorpus(t *testing.T) {
	dir := os.Getenv("INKA_CORPUS")
	if dir == "" {
		t.Skip("INKA_CORPUS not set")
	}
	var files []string
	filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && strings.HasSuffix(path, ".c") {
			files = append(files, path)
		}
		return nil
	})
	reasons := map[string]int{}
	var loaded, lowered, rejected, internal int
	for _, f := range files {
		start := time.Now()
		if os.Getenv("INKA_CORPUS_TRACE") != "" {
			println(f)
		}
		u, err := Load(f, Options{})
		if err != nil {
			continue
		}
		loaded++
		for _, fn := range u.Functions() {
			p, err := u.Lower(fn)
			var fe *Error
			switch {
			case err == nil:
				if serr := ir.SanityCheck(p); serr != nil {
					internal++
					t.Errorf("%s: %s: invalid IR: %v", f, fn, serr)
					continue
				}
				lowered++
			case errors.As(err, &fe):
				rejected++
				msg := fe.Msg
				if i := strings.IndexAny(msg, "(0123456789"); i > 0 && strings.HasPrefix(msg, "unsupported") {
					msg = msg[:i]
				}
				reasons[msg]++
			default:
				internal++
				t.Errorf("%s: %s: %v", f, fn, err)
			}
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Logf("slow: %s: %v", f, d)
		}
	}
	type kv struct {
		k string
		v int
	}
	var rs []kv
	for k, v := range reasons {
		rs = append(rs, kv{k, v})
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].v > rs[j].v })
	for i, r := range rs {
		if i == 25 {
			break
		}
		t.Logf("%5d %s", r.v, r.k)
	}
	t.Logf("%d files, %d loaded; functions: %d lowered, %d rejected, %d internal errors", len(files), loaded, lowered, rejected, internal)
}
