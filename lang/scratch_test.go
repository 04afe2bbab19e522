package lang

import (
	"context"
	"fmt"
	"os"
	"testing"
)

func TestScratch(t *testing.T) {
	s := NewSession(IO{Stdout: os.Stdout})
	for _, src := range []string{
		"x = 1 + 2\nx * 3",
		"def f(n):\n    if n <= 1:\n        return 1\n    return n * f(n - 1)\nf(10)",
		"y = [i * i for i in range(5) if i % 2 == 0]\nprint(y, len(y))",
		"z = tensr(1)",
		"print(1/0)",
		"a, b = 1, 2\na, b = b, a\n(a, b)",
		"d = {'a': 1}\nd['b'] = 2\nd",
		"def g(x):\n    return x + undefined_name\ng(1)",
		"sum([1, 2, 3.5]), max(3, 7, 2), min([4, 1])",
		"float32",
		"help(len)",
		"while True:\n    pass",
	} {
		ctx := context.Background()
		if src == "while True:\n    pass" {
			c, cancel := context.WithTimeout(ctx, 50e6)
			defer cancel()
			ctx = c
		}
		r := s.Exec(ctx, "", src)
		if r.Err != nil {
			fmt.Println(r.Err.Render())
		} else if r.Value != nil {
			fmt.Println(Repr(r.Value))
		}
	}
}
