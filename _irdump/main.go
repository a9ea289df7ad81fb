package main

import (
	"fmt"
	"os"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/internal/cdriver"
	"github.com/inka-tool/inka/ir"
)

func main() {
	u, err := frontend.Load(os.Args[1], frontend.Options{})
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	var ds []*cdriver.Driver
	for _, fn := range u.Functions() {
		p, err := u.Lower(fn)
		if err != nil {
			fmt.Println("ERR", fn, err)
			continue
		}
		if len(os.Args) > 2 && os.Args[2] == "ir" {
			ir.Fprint(os.Stdout, p)
		}
		d, err := cdriver.New(p, fn, cdriver.Options{})
		if err != nil {
			fmt.Println("ERR", fn, err)
			continue
		}
		ds = append(ds, d)
	}
	src, _ := os.ReadFile(os.Args[1])
	_, err = cdriver.Build("/tmp/cdrv", src, u.Path(), ds)
	fmt.Println(err)
}
