package libc_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/inka-tool/inka/libc"
)

// TestAgainstGlibc compiles the models with gcc under their reserved
// names (every model, the byte-addressed ones included) next to
// testdata/diff.c, which calls each model and the real function of glibc
// on the same inputs: every byte value and then some for ctype, the
// boundaries of every integer type, bases, white space and overflow for
// the conversions, random strings, overlapping buffers. Results, errno,
// endptr, the bytes written and the broken preconditions must agree. The
// build runs under UBSan when gcc has it (not AddressSanitizer: its
// interceptors change what strtol does with an invalid base).
//
// The models run through inka's own interpreter beside glibc in
// testdata/diff/libc.c (interp's TestDiffGCC).
func TestAgainstGlibc(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not found")
	}
	driver, err := os.ReadFile("testdata/diff.c")
	if err != nil {
		t.Fatal(err)
	}
	lib := libc.Library{Bytes: true}
	var src strings.Builder
	for _, f := range lib.Sources() {
		src.WriteString(f.Text)
	}
	// The driver's headers, then the models read after the file.
	head, body := splitIncludes(string(driver))
	src.WriteString(head)
	for _, f := range lib.Epilogue() {
		src.WriteString(f.Text)
	}
	src.WriteString(body)

	dir := t.TempDir()
	file := filepath.Join(dir, "diff.c")
	if err := os.WriteFile(file, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "diff")
	flags := []string{"-std=gnu11", "-O1", "-fno-builtin", "-Wall", "-Wno-unused-function", "-o", bin, file}
	if sanitizers(dir) {
		flags = append([]string{"-fsanitize=undefined", "-fno-sanitize-recover=all"}, flags...)
	}
	if out, err := exec.Command("gcc", flags...).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	} else if len(out) > 0 {
		t.Errorf("gcc warns:\n%s", out)
	}
	out, err := exec.Command(bin).CombinedOutput()
	if err != nil {
		t.Fatalf("the models disagree with glibc (%v):\n%s", err, out)
	}
	m := regexp.MustCompile(`checked (\d+), failed 0`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("unexpected output:\n%s", out)
	}
	t.Logf("%s comparisons with glibc", m[1])
}

// splitIncludes splits C source after its last #include line.
func splitIncludes(s string) (head, body string) {
	i := strings.LastIndex(s, "\n#include ")
	if i < 0 {
		return "", s
	}
	j := strings.IndexByte(s[i+1:], '\n')
	return s[:i+1+j+1], s[i+1+j+1:]
}

// sanitizers reports whether gcc builds and runs with UBSan here.
func sanitizers(dir string) bool {
	src := filepath.Join(dir, "asan.c")
	bin := filepath.Join(dir, "asan")
	if os.WriteFile(src, []byte("int main(void) { return 0; }\n"), 0o644) != nil {
		return false
	}
	if exec.Command("gcc", "-fsanitize=undefined", "-o", bin, src).Run() != nil {
		return false
	}
	return exec.Command(bin).Run() == nil
}
