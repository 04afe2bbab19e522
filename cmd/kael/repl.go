package main

import (
	"context"
	"fmt"
	"io"

	"github.com/kael-dev/kael/repl"
)

func runREPL(ctx context.Context, stdin io.ReadCloser, stdout, stderr io.Writer) int {
	if err := repl.Run(ctx, repl.Options{Stdin: stdin, Stdout: stdout, Stderr: stderr, Version: version}); err != nil {
		fmt.Fprintln(stderr, "kael:", err)
		return 1
	}
	return 0
}
