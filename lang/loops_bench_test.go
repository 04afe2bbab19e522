package lang

import (
	"context"
	"strconv"
	"strings"
	"testing"
)

// LoopPrograms are the language-engine benchmarks of issue 11, with N
// standing for the iteration count. cmd/kaelbench runs the same programs
// through `kael -c` and CPython; these Go benchmarks are for profiling
// (go test ./lang -bench Loop -cpuprofile ...).
var loopPrograms = []struct{ name, src string }{
	{"Empty", "for i in range(N):\n    pass"},
	{"Arith", "s = 0\nfor i in range(N):\n    s = s + i * 2"},
	{"Call", "def f(x):\n    return x + 1\nfor i in range(N):\n    f(i)"},
	{"ListDict", "counts = {}\nseen = []\nfor i in range(N):\n    k = i % 50\n    counts[k] = counts.get(k, 0) + 1\n    seen.append(k)\n    if len(seen) > 100:\n        seen = []"},
	{"Fib", "def fib(n):\n    if n < 2:\n        return n\n    return fib(n - 1) + fib(n - 2)\nfor i in range(N):\n    fib(10)"},
	{"TinyTensor", "s = tensor([1., 2.])\nfor i in range(N):\n    c = s + s"},
}

func BenchmarkLoop(b *testing.B) {
	for _, p := range loopPrograms {
		b.Run(p.name, func(b *testing.B) {
			src := strings.ReplaceAll(p.src, "N", strconv.Itoa(b.N))
			s := NewSession(IO{})
			b.ReportAllocs()
			b.ResetTimer()
			if r := s.Exec(context.Background(), "", src); r.Err != nil {
				b.Fatal(r.Err.Render())
			}
		})
	}
}
