// Package ccheck tells whether the host's C compiler can build programs
// for a data model: gcc -m32 needs the 32-bit C library (Debian's
// gcc-multilib), which a machine may lack. Tests that compile for ILP32
// skip with its message when it cannot.
package ccheck

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/inka-tool/inka/ir"
)

// Links reports, as nil, that cc (gcc when empty) compiles and links a
// program using the C library for data model dm, and runs it; otherwise
// why not.
func Links(cc string, dm ir.DataModel) error {
	if cc == "" {
		cc = "gcc"
	}
	if _, err := exec.LookPath(cc); err != nil {
		return fmt.Errorf("%s not found", cc)
	}
	dir, err := os.MkdirTemp("", "inka-ccheck")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	src := filepath.Join(dir, "probe.c")
	prog := `#include <stdio.h>
#include <stdlib.h>
int main(void) { printf("%d\n", (int)(sizeof(long) * 10 + sizeof(void *))); return 0; }
`
	if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
		return err
	}
	bin := filepath.Join(dir, "probe")
	if out, err := exec.Command(cc, dm.CFlag(), "-o", bin, src).CombinedOutput(); err != nil {
		return fmt.Errorf("%s %s cannot build a program (install gcc-multilib for -m32): %v: %s", cc, dm.CFlag(), err, strings.TrimSpace(string(out)))
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		return fmt.Errorf("a program built by %s %s does not run: %v", cc, dm.CFlag(), err)
	}
	want := fmt.Sprint(dm.Long().Size()*10 + dm.PointerSize())
	if got := strings.TrimSpace(string(out)); got != want {
		return fmt.Errorf("%s %s: sizeof(long)*10 + sizeof(void *) is %s, not %s", cc, dm.CFlag(), got, want)
	}
	return nil
}
