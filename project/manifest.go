package project

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/report"
)

// A manifest lets a run with a cache skip parsing a file that has not
// changed (what ccache calls its direct mode): keyed by the file's name,
// options and the run's selection, it lists every file the parse looked
// up with a hash of its content (or its absence), and the functions of
// the run with their cache keys. When each input still holds what it
// held, the parse would give the same unit, hence the same digests and
// keys: the results are read from the cache without parsing. Parsing a
// file with its headers is the largest cost of a run the cache answers.
type manifest struct {
	Inputs []manifestInput `json:"inputs"`
	Funcs  []manifestFunc  `json:"funcs"`
}

type manifestInput struct {
	Path string `json:"path"`
	Sum  string `json:"sum"` // "" when the file does not exist
}

type manifestFunc struct {
	Span report.FuncSpan `json:"span"`
	Key  string          `json:"key"`
}

// manifestKey is the cache key of the manifest of src read with opts in
// this run (its working directory: the inputs' paths may be relative to
// it).
func (r *runner) manifestKey(src Source, opts frontend.Options) string {
	cwd, _ := os.Getwd()
	b, _ := json.Marshal(struct {
		File, Cwd string
		Front     frontend.Options
		Funcs     []string
		Shard     Shard
	}{src.File, cwd, opts, r.opts.Funcs, r.opts.Shard})
	return CacheKey("manifest\x00"+string(b), r.opts.Key, r.opts.Version)
}

// fromManifest fills res from the cache when the manifest of src is
// there, its inputs unchanged, and every function's result cached; it
// reports whether it did.
func (r *runner) fromManifest(key string, res *fileResult) bool {
	var m manifest
	if !r.opts.Cache.getJSON(key, &m) {
		return false
	}
	for _, in := range m.Inputs {
		if r.sum(in.Path) != in.Sum {
			return false
		}
	}
	funcs := make([]funcResult, len(m.Funcs))
	for i, f := range m.Funcs {
		run, ok := r.opts.Cache.Get(f.Key)
		if !ok {
			return false
		}
		funcs[i] = funcResult{name: f.Span.Name, run: run}
	}
	res.funcs = funcs
	for _, f := range m.Funcs {
		res.spans = append(res.spans, f.Span)
	}
	return true
}

// putManifest writes the manifest of a file whose functions were all
// answered and cached (keys[i] is res.funcs[i]'s key, "" when it was
// not cached: then there is no manifest).
func (r *runner) putManifest(key string, u *frontend.Unit, res *fileResult, keys []string) {
	m := manifest{Inputs: []manifestInput{}, Funcs: []manifestFunc{}}
	for i, k := range keys {
		if k == "" {
			return
		}
		m.Funcs = append(m.Funcs, manifestFunc{Span: res.spans[i], Key: k})
	}
	for _, p := range u.Inputs() {
		m.Inputs = append(m.Inputs, manifestInput{Path: p, Sum: r.sum(p)})
	}
	b, err := json.Marshal(m)
	if err == nil {
		_ = r.opts.Cache.write(key, b) // a manifest not written costs a parse
	}
}

// sum returns the hash of the content of file p, "" when it cannot be
// read; each file is read once per run (the headers shared by every file
// of a project).
func (r *runner) sum(p string) string {
	r.mu.Lock()
	s, ok := r.sums[p]
	r.mu.Unlock()
	if ok {
		return s
	}
	if b, err := os.ReadFile(p); err == nil {
		h := sha256.Sum256(b)
		s = hex.EncodeToString(h[:])
	}
	r.mu.Lock()
	r.sums[p] = s
	r.mu.Unlock()
	return s
}
