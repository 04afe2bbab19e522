package numpy_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang"
)

// benchPrograms are cmd/kaelbench's NumPy rows (N the iteration count),
// here for go test -bench and -cpuprofile.
var benchPrograms = []struct{ name, setup, loop string }{
	{"Add", "a = np.ones((1000, 1000))\nb = a * 2\n", "c = a + b"},
	{"SumAxis", "a = np.ones((1000, 1000))\n", "s = a.sum(axis=0)"},
	{"Fancy", "a = np.arange(1_000_000.0)\nidx = np.arange(0, 1_000_000, 7)\n", "b = a[idx]"},
	{"Small", "a = np.array([1., 2., 3.])\n", "b = a * 2 + 1"},
}

func BenchmarkNumPy(b *testing.B) {
	for _, p := range benchPrograms {
		b.Run(p.name, func(b *testing.B) {
			s := lang.NewSession(lang.IO{})
			if r := s.Exec(context.Background(), "", prelude+p.setup); r.Err != nil {
				b.Fatal(r.Err.Render())
			}
			src := "for i in range(" + strconv.Itoa(b.N) + "):\n    " + strings.ReplaceAll(p.loop, "\n", "\n    ")
			b.ResetTimer()
			if r := s.Exec(context.Background(), "", src); r.Err != nil {
				b.Fatal(r.Err.Render())
			}
		})
	}
}
