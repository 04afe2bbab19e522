package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// runScript runs src like a notebook cell: print output goes to stdout as it
// happens, then the value of the final expression statement when it is not
// None. An error goes to stderr, rendered with its source line, and the exit
// status is 1.
func runScript(ctx context.Context, filename, src string, stdin io.Reader, stdout, stderr io.Writer) int {
	reader := bufio.NewReader(stdin)
	s := lang.NewSession(lang.IO{
		Stdout: stdout,
		Input: func(prompt string, _ bool) (string, error) {
			fmt.Fprint(stdout, prompt)
			line, err := reader.ReadString('\n')
			if err != nil && line == "" {
				return "", fmt.Errorf("input(): no more input: %w", err)
			}
			return strings.TrimRight(line, "\r\n"), nil
		},
	})
	res := s.Exec(ctx, filename, src)
	if res.Err != nil {
		fmt.Fprintln(stderr, res.Err.Render())
		return 1
	}
	if res.Value != nil {
		fmt.Fprintln(stdout, lang.Repr(res.Value))
	}
	return 0
}
