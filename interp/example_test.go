package interp_test

import (
	"fmt"
	"os"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
)

func ExampleCommand() {
	u, err := frontend.Load("../testdata/paper/foo.c", frontend.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := u.Lower("foo")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, args := range []string{"i=5", "i=-1073741825", "i=1073741824"} {
		if _, err := interp.Command(os.Stdout, p, "foo", args, "", interp.Config{}); err != nil {
			fmt.Println(err)
		}
	}
	// Output:
	// returned 1
	// decisions:
	//   ../testdata/paper/foo.c:13:9:true  i < 6
	//   ../testdata/paper/foo.c:19:9:true  j > 8
	// ../testdata/paper/foo.c:18:10: undefined behaviour in foo: signed overflow: 2 * -1073741825 overflows int
	// decisions:
	//   ../testdata/paper/foo.c:13:9:true  i < 6
	// returned 0
	// decisions:
	//   ../testdata/paper/foo.c:13:9:false  i < 6
	//   ../testdata/paper/foo.c:19:9:false  j > 8
}
