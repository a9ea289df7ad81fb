// Package libc is inka's C library: models of the C standard library's
// functions written in C (the .c files of src/), which inka's
// front end compiles with the file under analysis and lowers like the
// file's own functions. A call of strlen, after #include <string.h>, is a
// call of the model's strlen: the interpreter runs it, the points-to
// analysis, Pointer-SSA and the constraint models see its loops and
// comparisons, so that `strcmp(s, "GET") == 0` is a goal like any other.
//
// The models are written for the analysis: short loops over indices, one
// comparison a step, the undefined behaviour of the C standard as real
// undefined behaviour of the code (a read past the end, through NULL) or
// as a precondition (__inka_require: overlapping copies, a ctype argument
// out of range), and the values glibc returns where C leaves them open
// (isdigit('7') is 2048 in glibc, strcmp returns the difference of the
// bytes). libc_test.go compiles them with gcc under their prefixed names
// and runs them beside glibc on millions of inputs (testdata/diff.c):
// results, errno, endptr, the bytes written and the broken preconditions
// must agree. interp's differential test runs them through inka's own
// interpreter beside glibc (testdata/diff/libc.c of the repository).
//
// # How the front end reads them
//
// Sources returns the text read before the user's file: the prelude
// (src/inka.h: reserved types, the intrinsics), then `#define strlen
// __inka_libc_strlen` for every model, the models, and the #undefs.
// Every name is reserved, so the models compile in any translation unit
// and the user's own definitions and macros are untouched; the models
// include no header, so the user's file sees its headers exactly as a
// compiler does. Epilogue is read after the file: div, ldiv and lldiv
// return the structures <stdlib.h> declares, and are compiled only when
// the file has included it.
//
// Which functions are modelled is Models: the front end calls a model
// only for a function a system header declares (a function the file
// declares itself is the file's, a stub); the C library functions
// without a model are unknown behaviour (ir/library.go).
package libc

import (
	"embed"
	"fmt"
	"strings"
)

//go:embed src/inka.h src/*.c
var files embed.FS

// Prefix is the prefix under which the models are compiled: the model of
// strlen is the function __inka_libc_strlen of the translation unit.
const Prefix = "__inka_libc_"

// A Model is a C library function inka models.
type Model struct {
	Name   string // as C names it
	Header string // the header that declares it
	File   string // the source of the model, in this directory
	// Bytes: the model needs byte-addressed memory (void * of any
	// object, pointer arithmetic in bytes, pointers as integers).
	Bytes bool
	// Object: an object of the library (errno), not a function. C code
	// names it, but its address is no constant: glibc's errno is
	// `(*__errno_location ())`.
	Object bool
	// Chars lists the void * parameters that the model reads or writes
	// as characters: without byte-addressed memory it has a version per
	// character type of their objects (Library.Version).
	Chars []int
}

// The models, by source file. The order is the order of the sources.
var models = []Model{
	{Name: "isalnum", Header: "ctype.h", File: "ctype.c"},
	{Name: "isalpha", Header: "ctype.h", File: "ctype.c"},
	{Name: "isascii", Header: "ctype.h", File: "ctype.c"},
	{Name: "isblank", Header: "ctype.h", File: "ctype.c"},
	{Name: "iscntrl", Header: "ctype.h", File: "ctype.c"},
	{Name: "isdigit", Header: "ctype.h", File: "ctype.c"},
	{Name: "isgraph", Header: "ctype.h", File: "ctype.c"},
	{Name: "islower", Header: "ctype.h", File: "ctype.c"},
	{Name: "isprint", Header: "ctype.h", File: "ctype.c"},
	{Name: "ispunct", Header: "ctype.h", File: "ctype.c"},
	{Name: "isspace", Header: "ctype.h", File: "ctype.c"},
	{Name: "isupper", Header: "ctype.h", File: "ctype.c"},
	{Name: "isxdigit", Header: "ctype.h", File: "ctype.c"},
	{Name: "toascii", Header: "ctype.h", File: "ctype.c"},
	{Name: "tolower", Header: "ctype.h", File: "ctype.c"},
	{Name: "toupper", Header: "ctype.h", File: "ctype.c"},

	{Name: "errno", Header: "errno.h", File: "errno.c", Object: true},
	{Name: "__errno_location", Header: "errno.h", File: "errno.c"},

	{Name: "strlen", Header: "string.h", File: "string.c"},
	{Name: "strnlen", Header: "string.h", File: "string.c"},
	{Name: "strcmp", Header: "string.h", File: "string.c"},
	{Name: "strncmp", Header: "string.h", File: "string.c"},
	{Name: "strcpy", Header: "string.h", File: "string.c"},
	{Name: "strncpy", Header: "string.h", File: "string.c"},
	{Name: "strcat", Header: "string.h", File: "string.c"},
	{Name: "strncat", Header: "string.h", File: "string.c"},
	{Name: "strchr", Header: "string.h", File: "string.c"},
	{Name: "strrchr", Header: "string.h", File: "string.c"},
	{Name: "strstr", Header: "string.h", File: "string.c"},
	{Name: "strspn", Header: "string.h", File: "string.c"},
	{Name: "strcspn", Header: "string.h", File: "string.c"},
	{Name: "strpbrk", Header: "string.h", File: "string.c"},
	{Name: "memcpy", Header: "string.h", File: "string.c", Chars: []int{0, 1}},
	{Name: "memset", Header: "string.h", File: "string.c", Chars: []int{0}},
	{Name: "memcmp", Header: "string.h", File: "string.c", Chars: []int{0, 1}},
	{Name: "memchr", Header: "string.h", File: "string.c", Chars: []int{0}},
	{Name: "memmove", Header: "string.h", File: "string.c", Bytes: true},

	{Name: "puts", Header: "stdio.h", File: "stdio.c"},
	{Name: "putchar", Header: "stdio.h", File: "stdio.c"},

	{Name: "abs", Header: "stdlib.h", File: "stdlib.c"},
	{Name: "labs", Header: "stdlib.h", File: "stdlib.c"},
	{Name: "llabs", Header: "stdlib.h", File: "stdlib.c"},
	{Name: "strtol", Header: "stdlib.h", File: "stdlib.c"},
	{Name: "strtoll", Header: "stdlib.h", File: "stdlib.c"},
	{Name: "strtoul", Header: "stdlib.h", File: "stdlib.c"},
	{Name: "strtoull", Header: "stdlib.h", File: "stdlib.c"},
	{Name: "atoi", Header: "stdlib.h", File: "stdlib.c"},
	{Name: "atol", Header: "stdlib.h", File: "stdlib.c"},
	{Name: "atoll", Header: "stdlib.h", File: "stdlib.c"},
	{Name: "bsearch", Header: "stdlib.h", File: "stdlib.c", Bytes: true},
	{Name: "qsort", Header: "stdlib.h", File: "stdlib.c", Bytes: true},

	{Name: "div", Header: "stdlib.h", File: "div.c"},
	{Name: "ldiv", Header: "stdlib.h", File: "div.c"},
	{Name: "lldiv", Header: "stdlib.h", File: "div.c"},
}

// epilogueFile is the source read after the user's file.
const epilogueFile = "div.c"

// Library is the set of models one configuration of inka offers.
type Library struct {
	// Bytes: memory is byte-addressed (see Model.Bytes).
	Bytes bool
}

// Models returns the models l offers, in source order.
func (l Library) Models() []Model {
	var out []Model
	for _, m := range models {
		if !m.Bytes || l.Bytes {
			out = append(out, m)
		}
	}
	return out
}

// Has reports whether l models the C library function or object name.
func (l Library) Has(name string) bool {
	_, ok := l.Model(name)
	return ok
}

// Model returns the model of the C library function or object name.
func (l Library) Model(name string) (Model, bool) {
	for _, m := range l.Models() {
		if m.Name == name {
			return m, true
		}
	}
	return Model{}, false
}

// Version returns the C name of the model m to call, given the character
// types of the objects its Chars parameters point to, one letter each:
// 'c' (char), 's' (signed char), 'u' (unsigned char). Without
// byte-addressed memory an object is accessed only as its own type, so a
// call of memcpy from an unsigned char array into a char array is a call
// of __inka_libc_memcpy_cu; with it, of __inka_libc_memcpy.
func (l Library) Version(m Model, chars string) string {
	if len(m.Chars) == 0 || l.Bytes {
		return Prefix + m.Name
	}
	return Prefix + m.Name + "_" + chars
}

// A File is a C source the front end reads with the user's file.
type File struct {
	Name string // the name positions in it carry: "inka:libc/string.c"
	Text string
}

// sourceFiles are the model sources read before the user's file.
var sourceFiles = []string{"errno.c", "ctype.c", "string.c", "stdio.c", "stdlib.c"}

// Sources returns the C sources to read before the user's file: the
// prelude (src/inka.h and the renaming of every model to Prefix+name),
// the models, and the #undefs that leave the user's file its names.
func (l Library) Sources() []File {
	var pre, post strings.Builder
	l.defines(&pre, false)
	pre.WriteString(read("inka.h"))
	pre.WriteString("#define NULL ((void *)0)\n#define size_t __inka_size_t\n")
	out := []File{{Name: FileName("inka.h"), Text: pre.String()}}
	for _, f := range sourceFiles {
		out = append(out, File{Name: FileName(f), Text: read(f)})
	}
	post.WriteString("#undef NULL\n#undef size_t\n")
	l.undefines(&post, false)
	return append(out, File{Name: FileName("end.h"), Text: post.String()})
}

// Epilogue returns the C sources to read after the user's file (div.c),
// with their renaming.
func (l Library) Epilogue() []File {
	var pre, post strings.Builder
	l.defines(&pre, true)
	l.undefines(&post, true)
	return []File{
		{Name: FileName("epilogue.h"), Text: pre.String()},
		{Name: FileName(epilogueFile), Text: read(epilogueFile)},
		{Name: FileName("epilogue-end.h"), Text: post.String()},
	}
}

// FileName is the name positions in a model source carry: "inka:libc/string.c".
func FileName(f string) string { return "inka:libc/" + f }

// IsModelFile reports whether a position's file name is a model source's.
func IsModelFile(name string) bool { return strings.HasPrefix(name, "inka:libc/") }

// defines writes the renaming of the models read before the file
// (epilogue false) or after it; undefines ends it.
func (l Library) defines(b *strings.Builder, epilogue bool) {
	l.directives(b, epilogue, "#define %[1]s "+Prefix+"%[1]s\n")
	if l.Bytes {
		b.WriteString("#define __INKA_BYTES 1\n")
	}
}

func (l Library) undefines(b *strings.Builder, epilogue bool) {
	l.directives(b, epilogue, "#undef %[1]s\n")
	if l.Bytes {
		b.WriteString("#undef __INKA_BYTES\n")
	}
}

// directives writes format with the name of every model of the part.
func (l Library) directives(b *strings.Builder, epilogue bool, format string) {
	for _, m := range l.Models() {
		if (m.File == epilogueFile) == epilogue {
			fmt.Fprintf(b, format, m.Name)
		}
	}
}

func read(name string) string {
	b, err := files.ReadFile("src/" + name)
	if err != nil {
		panic(fmt.Sprintf("libc: %s is not embedded: %v", name, err))
	}
	return string(b)
}
