package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/kael-dev/kael/kernel"
	"github.com/kael-dev/kael/kernel/langeval"
)

// runKernel handles "kael kernel CONNECTION" and "kael kernel install".
func runKernel(args []string, stdout, stderr io.Writer) int {
	if len(args) >= 1 && args[0] == "install" {
		fs := flag.NewFlagSet("kael kernel install", flag.ContinueOnError)
		fs.SetOutput(stderr)
		user := fs.Bool("user", false, "install for the current user (the default)")
		prefix := fs.String("prefix", "", "install under DIR/share/jupyter/kernels")
		if err := fs.Parse(args[1:]); err != nil {
			return 2
		}
		if *user && *prefix != "" {
			fmt.Fprintln(stderr, "kael kernel install: --user and --prefix exclude each other")
			return 2
		}
		exe, err := os.Executable()
		if err != nil {
			fmt.Fprintln(stderr, "kael:", err)
			return 1
		}
		dir, err := kernel.Install(*prefix == "", *prefix, exe)
		if err != nil {
			fmt.Fprintln(stderr, "kael:", err)
			return 1
		}
		fmt.Fprintln(stdout, "installed the kael kernelspec in", dir)
		return 0
	}
	if len(args) != 1 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	err := kernel.Run(context.Background(), args[0], kernel.Config{
		NewEngine: langeval.New,
		Version:   version,
	})
	if err != nil {
		fmt.Fprintln(stderr, "kael kernel:", err)
		return 1
	}
	return 0
}
