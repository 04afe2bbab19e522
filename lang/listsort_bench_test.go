package lang

import (
	"context"
	"strconv"
	"strings"
	"testing"
)

// listSortPrograms are BenchmarkListSort's sorts: a setup that makes xs,
// and a sort of it that the benchmark repeats N times.
var listSortPrograms = []struct{ name, setup, sort string }{
	{"Ints10", "xs = [random.randrange(1000) for _ in range(10)]", "sorted(xs)"},
	{"Ints1000", "xs = [random.randrange(10**6) for _ in range(1000)]", "sorted(xs)"},
	{"Ints100000", "xs = [random.randrange(10**6) for _ in range(100000)]", "sorted(xs)"},
	{"IntsReverse1000", "xs = [random.randrange(10**6) for _ in range(1000)]", "sorted(xs, reverse=True)"},
	{"IntsKey1000", "xs = [random.randrange(10**6) for _ in range(1000)]", "sorted(xs, key=abs)"},
	{"FloatsNaN1000", "xs = [random.random() for _ in range(1000)] + [float('nan')]", "sorted(xs)"},
	{"Strs1000", "xs = [str(random.randrange(10**6)) for _ in range(1000)]", "sorted(xs)"},
	{"Tuples1000", "xs = [(random.randrange(100), i) for i in range(1000)]", "sorted(xs)"},
	{"Objects1000", "class P:\n    def __init__(self, v):\n        self.v = v\n    def __lt__(self, other):\n        return self.v < other.v\nxs = [P(random.randrange(10**6)) for _ in range(1000)]", "sorted(xs)"},
	{"ObjectsPartlySorted1000", "class P:\n    def __init__(self, v):\n        self.v = v\n    def __lt__(self, other):\n        return self.v < other.v\nxs = [P(i + random.randrange(50)) for i in range(1000)]", "sorted(xs)"},
}

// BenchmarkListSort times sorted on lists of plain values, with reverse=
// and key=, and of objects with __lt__ (go test ./lang -run XXX -bench
// ListSort).
func BenchmarkListSort(b *testing.B) {
	for _, p := range listSortPrograms {
		b.Run(p.name, func(b *testing.B) {
			s := NewSession(IO{})
			if r := s.Exec(context.Background(), "", "import random\nrandom.seed(1)\n"+p.setup); r.Err != nil {
				b.Fatal(r.Err.Render())
			}
			src := strings.ReplaceAll("for _ in range(N):\n    SORT", "SORT", p.sort)
			src = strings.ReplaceAll(src, "N", strconv.Itoa(b.N))
			b.ReportAllocs()
			b.ResetTimer()
			if r := s.Exec(context.Background(), "", src); r.Err != nil {
				b.Fatal(r.Err.Render())
			}
		})
	}
}
