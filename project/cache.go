package project

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/inka-tool/inka/report"
)

// DefaultCacheLimit is the size above which a cache is trimmed.
const DefaultCacheLimit = 512 << 20

// Cache is a directory of function results: DIR/ab/abcdef….json holds
// the inka/v1 Run of the function whose key is abcdef…. An entry's
// modification time is the last time a run used it: Trim removes the
// least recently used entries first.
type Cache struct {
	Dir   string
	Limit int64 // bytes; Trim keeps the cache under it
}

// CacheDir returns the directory of the cache: dir when it is not "",
// else $INKA_CACHE_DIR, else inka under the user cache directory
// (os.UserCacheDir: $XDG_CACHE_HOME/inka, ~/.cache/inka).
func CacheDir(dir string) (string, error) {
	if dir != "" {
		return dir, nil
	}
	if d := os.Getenv("INKA_CACHE_DIR"); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory (use --cache-dir or --no-cache): %w", err)
	}
	return filepath.Join(d, "inka"), nil
}

// OpenCache opens (making it if need be) the cache in dir.
func OpenCache(dir string, limit int64) (*Cache, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	return &Cache{Dir: dir, Limit: limit}, nil
}

// CacheKey is the key of a function's result: a hash of its digest
// (frontend.Unit.Digest), the options of the run and inka's version.
func CacheKey(digest, options, version string) string {
	h := sha256.New()
	for _, s := range []string{"inka-cache/1", digest, options, version} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

func (c *Cache) path(key string) string {
	return filepath.Join(c.Dir, key[:2], key+".json")
}

// Get returns the result stored under key. An entry that cannot be read
// back (another version's, a file cut short) is a miss.
func (c *Cache) Get(key string) (*report.Run, bool) {
	var run report.Run
	if !c.getJSON(key, &run) || run.Schema != report.Schema {
		return nil, false
	}
	return &run, true
}

// getJSON reads the entry under key into v.
func (c *Cache) getJSON(key string, v any) bool {
	p := c.path(key)
	b, err := os.ReadFile(p)
	if err != nil || json.Unmarshal(b, v) != nil {
		return false
	}
	now := time.Now()
	_ = os.Chtimes(p, now, now) // recently used: evicted last
	return true
}

// Put stores run under key. The entry is written to a temporary file
// renamed into place, so that a reader (another process sharing the
// directory) sees the whole entry or none.
func (c *Cache) Put(key string, run *report.Run) error {
	b, err := json.Marshal(run)
	if err != nil {
		return err
	}
	return c.write(key, b)
}

func (c *Cache) write(key string, b []byte) error {
	p := c.path(key)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(p), ".tmp-*")
	if err != nil {
		return err
	}
	_, werr := f.Write(b)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(f.Name())
		return err
	}
	return os.Rename(f.Name(), p)
}

// entry is a file of the cache.
type entry struct {
	path string
	size int64
	used time.Time
}

// entries lists the entries of the cache.
func (c *Cache) entries() ([]entry, error) {
	var out []entry
	err := filepath.WalkDir(c.Dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return nil // removed meanwhile by another process
		}
		out = append(out, entry{p, info.Size(), info.ModTime()})
		return nil
	})
	return out, err
}

// Trim removes the least recently used entries until the cache is at
// most 90% of its limit (so that the next runs do not trim again at once),
// and returns how many it removed.
func (c *Cache) Trim() (int, error) {
	es, err := c.entries()
	if err != nil {
		return 0, err
	}
	var total int64
	for _, e := range es {
		total += e.size
	}
	if total <= c.Limit {
		return 0, nil
	}
	sort.Slice(es, func(i, j int) bool {
		if !es[i].used.Equal(es[j].used) {
			return es[i].used.Before(es[j].used)
		}
		return es[i].path < es[j].path
	})
	n := 0
	for _, e := range es {
		if total <= c.Limit/10*9 {
			break
		}
		if os.Remove(e.path) == nil {
			total -= e.size
			n++
		}
	}
	return n, nil
}

// MergeCaches copies into dst the entries of the caches srcs that dst
// does not have (entries with the same key hold the same result), then
// trims dst; it returns how many entries it copied.
func MergeCaches(dst *Cache, srcs ...string) (int, error) {
	n := 0
	for _, src := range srcs {
		es, err := (&Cache{Dir: src}).entries()
		if err != nil {
			return n, fmt.Errorf("cache %s: %w", src, err)
		}
		for _, e := range es {
			key := strings.TrimSuffix(filepath.Base(e.path), ".json")
			if len(key) < 2 {
				continue
			}
			if _, err := os.Stat(dst.path(key)); err == nil {
				continue
			}
			b, err := os.ReadFile(e.path)
			if err != nil {
				return n, err
			}
			if err := dst.write(key, b); err != nil {
				return n, err
			}
			n++
		}
	}
	_, err := dst.Trim()
	return n, err
}
