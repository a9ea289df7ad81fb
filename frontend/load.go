package frontend

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"regexp"
	"strings"
	"sync"

	"modernc.org/cc/v4"
	"modernc.org/token"

	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/libc"
)

// Options configure the preprocessor.
type Options struct {
	// IncludeDirs are searched for #include "..." (after the directory of
	// the including file) and #include <...> (before the system
	// directories), like cc -I.
	IncludeDirs []string
	// Defines are macro definitions, like cc -D: "NAME" (defined as 1) or
	// "NAME=VALUE".
	Defines []string
	// NDEBUG compiles assert() out, as -DNDEBUG does.
	NDEBUG bool
	// Conditions identifies the conditions of every two-way decision
	// (DO-178C), each tested on its own in the IR, for condition
	// coverage and MC/DC (conditions.go).
	Conditions bool
	// TestComp reads the file as a task of the Test-Comp competition (and
	// of SV-COMP): a call of reach_error() (or the older
	// __VERIFIER_error()) is the error the task asks to reach, lowered as
	// an assertion that fails there (its decision's false outcome is the
	// goal; ErrorCallDecision tells it apart), and __VERIFIER_assume(c)
	// ends a run where c is false as abort() does (not an error: the run
	// is not one the task considers). Whatever the file defines for them
	// is not run.
	TestComp bool
	// Std is the C standard of a -std= flag (c99, gnu11, ...): it sets
	// __STDC_VERSION__ (and __STRICT_ANSI__ for the c dialects) as the
	// compiler does; "" keeps the host compiler's default.
	Std string
	// ForceIncludes are files read before the file, like cc -include.
	ForceIncludes []string
	// DataModel is the target's: cc/v4 is configured for it (linux/386
	// and the predefined macros of gcc -m32 for ILP32), the types are
	// laid out for it, and the program records it (ir.Program.DataModel).
	DataModel ir.DataModel
}

// DataModel is the data model the unit was read for (Options.DataModel).
func (u *Unit) DataModel() ir.DataModel { return u.dm }

// Macros returns the #define lines of the macros o defines: Defines, then
// NDEBUG. The front end reads them before the file; code generated around
// the file (the test harness) defines them the same way.
func (o Options) Macros() string {
	var b strings.Builder
	defines := o.Defines
	if o.NDEBUG {
		defines = append(defines[:len(defines):len(defines)], "NDEBUG")
	}
	for _, d := range defines {
		name, val, ok := strings.Cut(d, "=")
		if !ok {
			val = "1"
		}
		fmt.Fprintf(&b, "#define %s %s\n", name, val)
	}
	return b.String()
}

// Error is an error in the input: a syntax or type error reported by the
// C front end, an unsupported construct (Msg starts with "unsupported: "),
// or a missing function. Its Error() is "file:line:col: msg" ("file: msg"
// when there is no line).
type Error struct {
	Pos ir.Pos
	Msg string
}

func (e *Error) Error() string {
	if e.Pos.Line == 0 {
		if e.Pos.File == "" {
			return e.Msg
		}
		return e.Pos.File + ": " + e.Msg
	}
	return e.Pos.String() + ": " + e.Msg
}

// Unit is a parsed and type-checked translation unit. Its methods may be
// called concurrently.
type Unit struct {
	mu       sync.Mutex   // Lower's caches
	testComp bool         // Options.TestComp
	dm       ir.DataModel // Options.DataModel
	path     string       // as given by the user
	ast      *cc.AST
	funcs    []*cc.FunctionDefinition           // defined in the main file, source order
	defs     map[string]*cc.FunctionDefinition  // every function defined in the unit (headers too), by name
	objs     map[string]*cc.Declarator          // file-scope object definitions (tentative or not), by name
	names    map[string]bool                    // names of file-scope objects (to keep locals distinct)
	files    map[string][]byte                  // source text by file name
	types    map[any]*ir.Type                   // struct and union types already converted
	inits    map[*cc.Declarator]*cc.Initializer // initializers of file-scope declarators
	lines    map[string][]int                   // line start offsets by file
	// why a struct or union is opaque (pointers to it can be used, not
	// its members)
	opaqueWhy map[*ir.Type]string
	quals     *qualReader       // the qualifiers of the declarations, level by level
	strNames  map[string]string // names of the string literals, by content
	packs     []packRegion      // where #pragma pack is in effect (pragma.go)
	// structSpecs has the definition of each struct or union, by its
	// first member's declarator (pragma.go).
	structSpecs map[*cc.Declarator]*cc.StructOrUnionSpecifier
	// unnamedAttributed says that a struct or union without named
	// members has attributes or is under a pack (pragma.go).
	unnamedAttributed bool
	// memberDecls has the declaration of each member (attrs.go).
	memberDecls map[*cc.Declarator]memberDecl
	// sysDirs are the system include directories of the host (not those
	// of -I): the C library's headers.
	sysDirs []string
	// conditions is Options.Conditions.
	conditions bool
	// mislaid lists the struct and union types whose layout by cc (the
	// sizeof, offsetof and initializer offsets it computes) differs from
	// gcc's, with where: their bit-fields are placed otherwise.
	mislaid map[*ir.Type]string
	// taken are the functions whose address the file takes (addrTaken),
	// cannotLower those of them that cannot be lowered.
	taken       map[string]bool
	cannotLower map[string]bool
	// digest is what Digest reads (digest.go).
	digest digestIndex
	// inputs are the files the preprocessor looked up (inputs.go).
	inputs []string
}

//go:embed include/assert.h
var builtinFiles embed.FS

// builtinIncludeDir is the system include directory, searched first, where
// the front end's own headers are (assert.h). Its name is not a directory
// anyone has: cc looks up the file system when a name is not in cfg.FS.
const builtinIncludeDir = "__inka_builtin_include__"

// builtinFS serves builtinIncludeDir/NAME from include/NAME.
type builtinFS struct{}

func (builtinFS) Open(name string) (fs.File, error) {
	rest, ok := strings.CutPrefix(name, builtinIncludeDir+"/")
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return builtinFiles.Open("include/" + rest)
}

// library is the C library inka models (package libc).
var library = libc.Library{Bytes: true}

// hostConfig is cc's configuration for one data model, made once per
// process: it runs the host C compiler to learn its predefined macros and
// include paths.
type hostConfig struct {
	once sync.Once
	cfg  *cc.Config
	err  error
}

// configs caches the configuration of each data model (a cache of what
// the host compiler says, the same for every caller).
var configs [2]hostConfig

// config returns a copy of the host configuration for data model dm:
// the host's own for LP64, linux/386 with gcc -m32's macros and headers
// for ILP32.
func config(dm ir.DataModel) (*cc.Config, error) {
	hc := &configs[dm]
	hc.once.Do(func() {
		if dm == ir.ILP32 {
			hc.cfg, hc.err = cc.NewConfig("linux", "386", "-m32")
		} else {
			hc.cfg, hc.err = cc.NewConfig("", "")
		}
	})
	if hc.err != nil {
		return nil, fmt.Errorf("configuring the C front end for %s: %v", dm, hc.err)
	}
	cfg := *hc.cfg
	return &cfg, nil
}

// Load parses and type-checks the C file at path. Errors in the input are
// *Error values; other errors (I/O, configuration) are returned as is.
func Load(path string, opts Options) (u *Unit, err error) {
	defer func() {
		if r := recover(); r != nil {
			u, err = nil, fmt.Errorf("internal error loading %s: %v", path, r)
		}
	}()
	src, err := os.ReadFile(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, &Error{Pos: ir.Pos{File: path}, Msg: pe.Err.Error()}
		}
		return nil, err
	}
	return load(path, src, opts)
}

// LoadSource is Load with the file's content given.
func LoadSource(path string, src []byte, opts Options) (u *Unit, err error) {
	defer func() {
		if r := recover(); r != nil {
			u, err = nil, fmt.Errorf("internal error loading %s: %v", path, r)
		}
	}()
	return load(path, src, opts)
}

func load(path string, src []byte, opts Options) (*Unit, error) {
	cfg, err := config(opts.DataModel)
	if err != nil {
		return nil, err
	}
	sysDirs := append([]string{builtinIncludeDir}, cfg.SysIncludePaths...)
	probes := &probeFS{names: map[string]bool{path: true}}
	cfg.FS = probes
	cfg.UnsignedEnums = true // as gcc: an enum without negative constants is unsigned int
	cfg.IncludePaths = append(append([]string{""}, opts.IncludeDirs...), cfg.IncludePaths...)
	cfg.SysIncludePaths = append(append([]string{builtinIncludeDir}, opts.IncludeDirs...), cfg.SysIncludePaths...)
	// glibc's <ctype.h> makes isdigit(c) and its kin macros reading its
	// locale tables unless __NO_CTYPE: inka calls the functions, whose
	// models (package libc) give what the tables hold in the "C" locale.
	std, err := stdMacros(opts.Std)
	if err != nil {
		return nil, &Error{Pos: ir.Pos{File: path}, Msg: err.Error()}
	}
	sources := []cc.Source{
		{Name: "<predefined>", Value: cfg.Predefined + "\n#define __NO_CTYPE 1\n" + std + opts.Macros()},
		{Name: "<builtin>", Value: cc.Builtin},
	}
	for _, f := range library.Sources() {
		sources = append(sources, cc.Source{Name: f.Name, Value: f.Text})
	}
	for _, f := range opts.ForceIncludes {
		sources = append(sources, cc.Source{Name: f})
	}
	sources = append(sources, cc.Source{Name: path, Value: string(src)})
	for _, f := range library.Epilogue() {
		sources = append(sources, cc.Source{Name: f.Name, Value: f.Text})
	}
	packs := &packState{}
	cfg.PragmaHandler = packs.pragma
	ast, err := cc.Translate(cfg, sources)
	if err != nil {
		return nil, ccError(path, err)
	}
	packs.close(token.Position{})
	u := &Unit{
		testComp:    opts.TestComp,
		dm:          opts.DataModel,
		path:        path,
		ast:         ast,
		defs:        map[string]*cc.FunctionDefinition{},
		objs:        map[string]*cc.Declarator{},
		names:       map[string]bool{},
		files:       map[string][]byte{path: src},
		types:       map[any]*ir.Type{},
		inits:       map[*cc.Declarator]*cc.Initializer{},
		sysDirs:     sysDirs,
		mislaid:     map[*ir.Type]string{},
		packs:       packs.regions,
		conditions:  opts.Conditions,
		structSpecs: map[*cc.Declarator]*cc.StructOrUnionSpecifier{}, memberDecls: map[*cc.Declarator]memberDecl{},
	}
	u.inputs = probes.list()
	u.quals = newQualReader(ast, u.notePacked)
	for l := ast.TranslationUnit; l != nil; l = l.TranslationUnit {
		ed := l.ExternalDeclaration
		switch ed.Case {
		case cc.ExternalDeclarationFuncDef:
			// A function defined in a header (a static helper, an inline
			// function) is code of the unit like the file's own: calls to
			// it are lowered, never stubbed. Only the main file's
			// functions are the unit's Functions.
			fd := ed.FunctionDefinition
			name := fd.Declarator.Name()
			if _, dup := u.defs[name]; !dup && fd.Declarator.Position().Filename == path {
				u.funcs = append(u.funcs, fd)
			}
			u.defs[name] = fd
		case cc.ExternalDeclarationDecl:
			for l := ed.Declaration.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
				d := l.InitDeclarator.Declarator
				if d == nil || d.IsTypename() || d.Type() == nil || d.Type().Kind() == cc.Function {
					continue
				}
				u.names[d.Name()] = true
				if l.InitDeclarator.Initializer != nil {
					u.inits[d] = l.InitDeclarator.Initializer
				}
				// The defining declaration wins: one with an initializer,
				// else the last non-extern one, else the last one.
				old := u.objs[d.Name()]
				switch {
				case old == nil:
				case old.HasInitializer():
					continue
				case !d.HasInitializer() && d.IsExtern() && !old.IsExtern():
					continue
				}
				u.objs[d.Name()] = d
			}
		}
	}
	return u, nil
}

// systemFile reports whether a file is a system header (the C library's),
// or none of the user's (the compiler's predefined declarations).
func (u *Unit) systemFile(name string) bool {
	if name == "" || strings.HasPrefix(name, "<") {
		return true
	}
	for _, d := range u.sysDirs {
		if d != "" && strings.HasPrefix(name, strings.TrimSuffix(d, "/")+"/") {
			return true
		}
	}
	return false
}

// declaredBySystem reports whether a system header declares the function
// name (the file may declare it again).
func (u *Unit) declaredBySystem(name string) bool {
	for _, n := range u.ast.Scope.Nodes[name] {
		if d, ok := n.(*cc.Declarator); ok && d.Type() != nil && d.Type().Kind() == cc.Function && u.systemFile(d.Position().Filename) {
			return true
		}
	}
	return false
}

// External reports whether the function name of the main file has
// external linkage (not static): code outside the file, an undefined
// callee for one, may call it.
func (u *Unit) External(name string) bool {
	for _, fd := range u.funcs {
		if fd.Declarator.Name() == name {
			return !fd.Declarator.IsStatic()
		}
	}
	return false
}

// FunctionAt returns the function of the main file whose definition spans
// line (from its declarator to its closing brace), or "".
func (u *Unit) FunctionAt(line int) string {
	for _, fd := range u.funcs {
		if first, last := span(fd); first <= line && line <= last {
			return fd.Declarator.Name()
		}
	}
	return ""
}

// Path returns the path of the main file, as given to Load.
func (u *Unit) Path() string { return u.path }

// Functions returns the names of the functions defined in the main file (not
// in headers), in source order.
func (u *Unit) Functions() []string {
	var r []string
	for _, fd := range u.funcs {
		r = append(r, fd.Declarator.Name())
	}
	return r
}

var (
	reGoSuffix = regexp.MustCompile(`\s*\([A-Za-z0-9_]+\.go:\d+:[^)]*\)\s*$`)
	rePos      = regexp.MustCompile(`^(.*?):(\d+):(\d+): (.*)$`)
)

// ccError turns an error of cc.Translate into an *Error: its first line
// without the "(check.go:...)" suffix and the TODO lines.
func ccError(path string, err error) error {
	var first string
	for _, line := range strings.Split(err.Error(), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "TODO") {
			continue
		}
		first = line
		break
	}
	first = reGoSuffix.ReplaceAllString(first, "")
	if m := rePos.FindStringSubmatch(first); m != nil {
		var line, col int
		fmt.Sscan(m[2], &line)
		fmt.Sscan(m[3], &col)
		return &Error{Pos: ir.Pos{File: m[1], Line: line, Col: col}, Msg: m[4]}
	}
	if first == "" {
		first = "invalid C"
	}
	return &Error{Pos: ir.Pos{File: path}, Msg: first}
}

// fileText returns the bytes of a source file (the main file, a header).
func (u *Unit) fileText(name string) []byte {
	if b, ok := u.files[name]; ok {
		return b
	}
	b, _ := os.ReadFile(name)
	u.files[name] = b
	return b
}
