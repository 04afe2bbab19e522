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

// reductionCalls are small reductions over an axis, where the call's
// argument binding, axis handling and result wrapping weigh as much as
// the additions: 8 × 1,000 float64 summed over its rows.
var reductionCalls = []struct{ name, loop string }{
	{"SumAxis0", "s = a.sum(axis=0)"},
	{"NpSumAxis0", "s = np.sum(a, axis=0)"},
	{"MeanAxis0", "s = a.mean(axis=0)"},
	{"SumAxis1", "s = a.sum(axis=1)"},
}

// BenchmarkReductionCall times reductionCalls in a loop of b.N
// iterations; with -benchmem its allocations a call.
func BenchmarkReductionCall(b *testing.B) {
	for _, p := range reductionCalls {
		b.Run(p.name, func(b *testing.B) {
			s := lang.NewSession(lang.IO{})
			if r := s.Exec(context.Background(), "", prelude+"a = np.ones((8, 1000))\n"); r.Err != nil {
				b.Fatal(r.Err.Render())
			}
			src := "for i in range(" + strconv.Itoa(b.N) + "):\n    " + p.loop
			b.ReportAllocs()
			b.ResetTimer()
			if r := s.Exec(context.Background(), "", src); r.Err != nil {
				b.Fatal(r.Err.Render())
			}
		})
	}
}
