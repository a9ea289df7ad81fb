package project

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/inka-tool/inka/frontend"
)

// Source is one C file of a project with the front-end options it is
// read with (those of its entry in the compilation database; the options
// common to every file are Options.Frontend).
type Source struct {
	File    string
	Options frontend.Options
}

// Input is what a user names: files and directories, a compilation
// database, and globs of files to leave out.
type Input struct {
	Paths    []string
	CompDB   string // path of a compile_commands.json, or ""
	Excludes []string
}

// Collect lists the sources of in, sorted by path, each once (the first
// entry of the database for a file wins). A missing file, an unreadable
// directory or a database that is not valid JSON is an error; so is an
// input that names no C file.
func Collect(in Input) ([]Source, error) {
	for _, p := range in.Excludes {
		if _, err := path.Match(p, ""); err != nil {
			return nil, fmt.Errorf("exclusion %q: %w", p, err)
		}
	}
	var srcs []Source
	if in.CompDB != "" {
		db, err := ReadCompDB(in.CompDB)
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, db...)
	}
	for _, p := range in.Paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			srcs = append(srcs, Source{File: filepath.Clean(p)})
			continue
		}
		err = filepath.WalkDir(p, func(q string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && q != p && excluded(in.Excludes, q) {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(q, ".c") {
				srcs = append(srcs, Source{File: q})
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	var out []Source
	seen := map[string]bool{}
	for _, s := range srcs {
		if seen[s.File] || excluded(in.Excludes, s.File) {
			continue
		}
		seen[s.File] = true
		out = append(out, s)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].File < out[j].File })
	if len(out) == 0 {
		return nil, errors.New("no C file in the input")
	}
	return out, nil
}

// excluded reports whether a path matches one of the exclusion globs: a
// pattern without a slash against each element of the path, one with a
// slash against each run of consecutive elements (src/gen and src/gen/*
// match a/src/gen/x.c, the second not a/src/gen itself).
func excluded(patterns []string, p string) bool {
	p = filepath.ToSlash(filepath.Clean(p))
	elems := strings.Split(p, "/")
	for _, pat := range patterns {
		if !strings.Contains(pat, "/") {
			for _, e := range elems {
				if ok, _ := path.Match(pat, e); ok {
					return true
				}
			}
			continue
		}
		pat = strings.TrimPrefix(pat, "./")
		for i := range elems {
			for j := i + 1; j <= len(elems); j++ {
				if ok, _ := path.Match(pat, strings.Join(elems[i:j], "/")); ok {
					return true
				}
			}
		}
	}
	return false
}

// compEntry is an entry of a compilation database: the command as one
// string (command) or as its arguments (arguments), run in directory.
type compEntry struct {
	Directory string   `json:"directory"`
	File      string   `json:"file"`
	Command   string   `json:"command"`
	Arguments []string `json:"arguments"`
}

// ReadCompDB reads a compile_commands.json: each entry's file (relative
// to its directory; made relative to the current directory when it is
// below it, so that the output names files as a user does) with the
// front-end options of its command. Entries that do not compile C (a .cc
// file, an assembler file) are left out.
func ReadCompDB(file string) ([]Source, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var entries []compEntry
	if err := json.Unmarshal(b, &entries); err != nil {
		return nil, fmt.Errorf("%s: not a compilation database: %w", file, err)
	}
	cwd, _ := os.Getwd()
	var out []Source
	for i, e := range entries {
		if !strings.HasSuffix(e.File, ".c") {
			continue
		}
		args := e.Arguments
		if len(args) == 0 {
			if args, err = splitCommand(e.Command); err != nil {
				return nil, fmt.Errorf("%s: entry %d: %w", file, i+1, err)
			}
		}
		dir := e.Directory
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(filepath.Dir(file), dir)
		}
		opts, err := compilerOptions(args, dir)
		if err != nil {
			return nil, fmt.Errorf("%s: entry %d: %w", file, i+1, err)
		}
		out = append(out, Source{File: display(cwd, abs(dir, e.File)), Options: opts})
	}
	return out, nil
}

// abs returns p made absolute from dir (p as is when it is absolute).
func abs(dir, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}

// display returns p relative to cwd when p is below it, else p.
func display(cwd, p string) string {
	if cwd == "" {
		return p
	}
	if r, err := filepath.Rel(cwd, p); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return p
}

// compilerOptions reads the flags of a compiler command that change what
// inka reads: -I, -isystem, -iquote and -idirafter (include directories),
// -D (macros; -U of a macro the command defined removes it), -std= and
// -include. Paths are made absolute from the command's directory.
func compilerOptions(args []string, dir string) (frontend.Options, error) {
	var o frontend.Options
	// value returns the value of a flag written -Xvalue or -X value.
	value := func(i *int, flag string) (string, bool) {
		a := args[*i]
		if !strings.HasPrefix(a, flag) {
			return "", false
		}
		if len(a) > len(flag) {
			return strings.TrimPrefix(a[len(flag):], "="), true
		}
		if *i+1 < len(args) {
			*i++
			return args[*i], true
		}
		return "", false // a flag without its value, last: not a directory
	}
args:
	for i := 1; i < len(args); i++ {
		if v, ok := value(&i, "-include"); ok {
			o.ForceIncludes = append(o.ForceIncludes, abs(dir, v))
			continue
		}
		if strings.HasPrefix(args[i], "-std=") {
			o.Std = strings.TrimPrefix(args[i], "-std=")
			continue
		}
		for _, flag := range []string{"-isystem", "-iquote", "-idirafter", "-I"} {
			if v, ok := value(&i, flag); ok {
				o.IncludeDirs = append(o.IncludeDirs, abs(dir, v))
				continue args
			}
		}
		if v, ok := value(&i, "-D"); ok {
			o.Defines = append(o.Defines, v)
		} else if v, ok := value(&i, "-U"); ok {
			o.Defines = undefine(o.Defines, v)
		}
	}
	return o, nil
}

// undefine removes the definitions of macro name from defs.
func undefine(defs []string, name string) []string {
	var out []string
	for _, d := range defs {
		if n, _, _ := strings.Cut(d, "="); n != name {
			out = append(out, d)
		}
	}
	return out
}

// splitCommand splits a shell command line into its words: blanks
// separate words, single quotes keep everything, double quotes keep all
// but \" and \\, and a backslash outside quotes escapes the next byte
// (what the compilation databases of CMake and Bear contain).
func splitCommand(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case c == '\\' && i+1 < len(s):
			i++
			w.WriteByte(s[i])
			inWord = true
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, errors.New("unterminated ' in the command")
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				}
				w.WriteByte(s[i])
			}
			if i == len(s) {
				return nil, errors.New(`unterminated " in the command`)
			}
			inWord = true
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}
