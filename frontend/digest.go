package frontend

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"sort"
	"sync"

	"modernc.org/cc/v4"
)

// Digest returns a hash (hex SHA-256) of the preprocessed text that the
// analysis of function fn can depend on: a result cache keyed by it (with
// the options and inka's version) never serves an answer computed from
// other code. It covers
//
//   - the definition of fn and of every function it may inline: those its
//     body names, transitively, and every function whose address the unit
//     takes anywhere (an indirect call may reach any of them);
//   - every file-scope declaration that is not a function definition (the
//     types, the globals and their initializers, the prototypes), of the
//     file and of its headers alike;
//
// each token with its position (the answers name lines and columns), after
// preprocessing (so a macro or a -D changes what it changes), comments and
// white space left out. Editing one function changes the digest of that
// function and of the functions that inline it, and of no other; editing a
// type or a global changes every function's digest of the unit, which is
// over-cautious but never wrong. An unknown fn is an error.
func (u *Unit) Digest(fn string) (string, error) {
	u.digest.once.Do(u.indexDigests)
	d := &u.digest
	if _, ok := d.defs[fn]; !ok {
		return "", fmt.Errorf("digest: no function %s in %s", fn, u.path)
	}
	// The closure of fn and of the functions whose address is taken.
	seen := map[string]bool{}
	work := append([]string{fn}, d.taken...)
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[f] {
			continue
		}
		seen[f] = true
		work = append(work, d.defs[f].names...)
	}
	names := make([]string, 0, len(seen))
	for f := range seen {
		names = append(names, f)
	}
	sort.Strings(names)
	h := sha256.New()
	h.Write(d.context)
	fmt.Fprintf(h, "\x00fn %s\x00", fn)
	for _, f := range names {
		fmt.Fprintf(h, "%s\x00", f)
		h.Write(d.defs[f].sum)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// digestIndex is what Digest reads, built once per unit: the hash of each
// function definition with the functions it names, the functions whose
// address is taken, and the hash of the declarations.
type digestIndex struct {
	once    sync.Once
	defs    map[string]digestDef
	taken   []string
	context []byte
}

type digestDef struct {
	sum   []byte
	names []string // functions of the unit named in the definition
}

func (u *Unit) indexDigests() {
	d := &u.digest
	d.defs = map[string]digestDef{}
	taken := map[string]bool{}
	ctx := sha256.New()
	// inFunc lists the functions of the unit a token stream names, and
	// notes in taken those named other than as the callee of a call.
	scan := func(h hash.Hash, toks []cc.Token) []string {
		var names []string
		for i := range toks {
			t := &toks[i]
			src := t.Src()
			fmt.Fprintf(h, "%s %s\x00", t.Position(), src)
			if t.Ch != rune(cc.IDENTIFIER) {
				continue
			}
			name := string(src)
			if _, ok := u.defs[name]; !ok {
				continue
			}
			names = append(names, name)
			if i+1 == len(toks) || string(toks[i+1].Src()) != "(" {
				taken[name] = true
			}
		}
		return names
	}
	for l := u.ast.TranslationUnit; l != nil; l = l.TranslationUnit {
		ed := l.ExternalDeclaration
		if ed.Case != cc.ExternalDeclarationFuncDef {
			scan(ctx, cc.NodeTokens(ed))
			continue
		}
		fd := ed.FunctionDefinition
		name := fd.Declarator.Name()
		if u.defs[name] != fd {
			continue // an earlier definition of the name: not the one lowered
		}
		h := sha256.New()
		names := scan(h, cc.NodeTokens(fd))
		d.defs[name] = digestDef{sum: h.Sum(nil), names: names}
	}
	for f := range taken {
		if f != "" {
			d.taken = append(d.taken, f)
		}
	}
	sort.Strings(d.taken)
	d.context = ctx.Sum(nil)
}
