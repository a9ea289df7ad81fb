package arith

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// fakeCC writes a "compiler": a shell script that runs compile, then (if
// it did not exit) writes a "program" running run to the -o file.
func fakeCC(t *testing.T, dir, name, compile, run string) string {
	t.Helper()
	script := "#!/bin/sh\n" + compile + `
while [ $# -gt 0 ]; do if [ "$1" = -o ]; then out=$2; fi; shift; done
printf '#!/bin/sh\n%s\n' '` + run + `' > "$out"
chmod +x "$out"
`
	file := filepath.Join(dir, name)
	if err := os.WriteFile(file, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return file
}

// Each way a build or a run can go is told apart.
func TestOutcomes(t *testing.T) {
	dir := t.TempDir()
	work := filepath.Join(dir, "work")
	os.Mkdir(work, 0o755)
	r := &Runner{Dir: work, CCTimeout: 300 * time.Millisecond, RunTimeout: 300 * time.Millisecond}
	for _, c := range []struct {
		name, compile, run string
		want               Outcome
	}{
		{"pass", "", "exit 0", Outcome{Kind: Pass}},
		{"wrong", "", `echo "NG e3 5"; echo "NG e1 7"; exit 1`, Outcome{Kind: Wrong, Wrong: []int{1, 3}, Msg: "NG e3 5 | NG e1 7"}},
		{"ice", `echo "prog.c:3:1: internal compiler error: in fold_binary, at fold.c:12" >&2; exit 4`, "", Outcome{Kind: CCCrash, Msg: "internal compiler error: in fold_binary, at fold.c:12"}},
		{"segv", `kill -SEGV $$`, "", Outcome{Kind: CCCrash, Msg: "killed by segmentation fault"}},
		{"reject", `echo "prog.c:1:1: error: expected ;" >&2; exit 1`, "", Outcome{Kind: CCError, Msg: "prog.c:1:1: error: expected ;"}},
		{"slow", `sleep 5`, "", Outcome{Kind: CCTimeout}},
		{"fpe", "", `kill -FPE $$`, Outcome{Kind: RunCrash, Msg: "killed by floating point exception"}},
		{"loop", "", `sleep 5`, Outcome{Kind: RunTimeout}},
		{"chatty", "", `echo hello`, Outcome{Kind: RunError, Msg: "exit status 0: hello"}},
		{"status", "", `exit 3`, Outcome{Kind: RunError, Msg: "exit status 3"}},
	} {
		cc := fakeCC(t, dir, c.name, c.compile, c.run)
		got, err := r.Test([]byte("int main(void) { return 0; }\n"), Config{CC: cc, Opt: "O2"})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %#v, want %#v", c.name, got, c.want)
		}
	}
}

func TestParseConfigs(t *testing.T) {
	cs, err := ParseConfigs("gcc,clang", "O0,-O3")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range cs {
		names = append(names, c.String())
	}
	if got := strings.Join(names, ","); got != "gcc -O0,gcc -O3,clang -O0,clang -O3" {
		t.Errorf("configurations %s", got)
	}
	for _, bad := range [][2]string{{"gcc", "O9"}, {"gcc,", "O0"}, {"gcc", ""}} {
		if _, err := ParseConfigs(bad[0], bad[1]); err == nil {
			t.Errorf("ParseConfigs(%q, %q) accepted", bad[0], bad[1])
		}
	}
	c := Config{CC: "clang", Opt: "O0", UBSan: true}
	if got, want := c.BuildCommand("r.c"), "clang -O0 -w -fsanitize=undefined -fsanitize-trap=undefined r.c -o r && ./r"; got != want {
		t.Errorf("BuildCommand = %s, want %s", got, want)
	}
}
