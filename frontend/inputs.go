package frontend

import (
	"io/fs"
	"sort"
	"strings"
	"sync"
)

// Inputs returns the files that reading the unit looked up, sorted: the
// file itself, each header it includes (directly or not), each -include
// file, and also each name tried on the include path before the one
// found and each name not found at all (a header created there later
// would be read instead). The unit is what these files hold, with the
// options it was loaded with and the front end's own sources (its
// headers and the C library's models, part of inka): a cache can tell
// that a file would parse the same without parsing it, by checking that
// each input holds what it held, or is still absent.
func (u *Unit) Inputs() []string { return u.inputs }

// probeFS is builtinFS recording the names the preprocessor looks up
// (it asks cfg.FS before the file system for every candidate path).
type probeFS struct {
	mu    sync.Mutex
	names map[string]bool
}

func (p *probeFS) Open(name string) (fs.File, error) {
	if !strings.HasPrefix(name, builtinIncludeDir+"/") {
		p.mu.Lock()
		p.names[name] = true
		p.mu.Unlock()
	}
	return builtinFS{}.Open(name)
}

func (p *probeFS) list() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]string, 0, len(p.names))
	for n := range p.names {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
