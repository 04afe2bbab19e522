package gemm

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"
)

// A shape is a product of a training step: m, n, k, and whether A and B
// are read transposed (A stored k×m, B stored n×k), as the callers pass
// them.
type shape struct {
	name    string
	m, n, k int
	aT, bT  bool
}

// stepShapes are the products of the training benchmarks' steps
// (cmd/kaelbench, -train-model cnn, mlp, lstm) that run on more than one
// thread, with dcgan's per-image forwards, logged from the driver.
var stepShapes = []shape{
	{name: "dcgan-l1-wgrad", m: 16, n: 48, k: 16384, bT: true},
	{name: "dcgan-l1-fwd-image", m: 16, n: 1024, k: 48},
	{name: "dcgan-l2-wgrad", m: 32, n: 256, k: 4096, bT: true},
	{name: "dcgan-l2-dgrad", m: 256, n: 4096, k: 32, aT: true},
	{name: "dcgan-l2-fwd-image", m: 32, n: 256, k: 256},
	{name: "dcgan-l3-fwd", m: 64, n: 1024, k: 512},
	{name: "dcgan-l3-wgrad", m: 64, n: 512, k: 1024, bT: true},
	{name: "dcgan-l3-dgrad", m: 512, n: 1024, k: 64, aT: true},
	{name: "dcgan-l4-fwd", m: 128, n: 256, k: 1024},
	{name: "dcgan-l4-wgrad", m: 128, n: 1024, k: 256, bT: true},
	{name: "dcgan-l4-dgrad", m: 1024, n: 256, k: 128, aT: true},
	{name: "mlp-fwd", m: 512, n: 1024, k: 64},
	{name: "mlp-wgrad", m: 64, n: 1024, k: 512, aT: true},
	{name: "mlp-dgrad", m: 512, n: 64, k: 1024, bT: true},
	{name: "lstm-wgrad", m: 800, n: 200, k: 700, aT: true},
	{name: "lstm-fwd", m: 700, n: 800, k: 200, bT: true},
	{name: "lstm-dgrad", m: 700, n: 200, k: 800},
	{name: "lstm-dec-wgrad", m: 1000, n: 200, k: 700, aT: true},
	{name: "square-1024", m: 1024, n: 1024, k: 1024},
	{name: "prefill-qkv", m: 128, n: 2304, k: 768},
	{name: "prefill-proj", m: 128, n: 768, k: 768},
	{name: "prefill-fc", m: 128, n: 3072, k: 768},
	{name: "prefill-fcproj", m: 128, n: 768, k: 3072},
}

// operands returns A, B and C for the shape, A and B random, C NaN.
func operands[T float32 | float64](s shape, seed uint64) (a, b, c Matrix[T]) {
	rng := rand.New(rand.NewPCG(seed, 11))
	row, col := layoutByName("row"), layoutByName("col")
	la, lb := row, row
	if s.aT {
		la = col
	}
	if s.bT {
		lb = col
	}
	a = newView[T](rng, la, s.m, s.k)
	b = newView[T](rng, lb, s.k, s.n)
	c = newView[T](rng, row, s.m, s.n)
	return a, b, c
}

// TestThreadsBitForBit checks that the products come out the same, bit
// for bit, on one, two and three goroutines: the split of the work never
// changes the order of the additions into an element of C. The driver is
// called with the goroutines asked for, small products included.
func TestThreadsBitForBit(t *testing.T) {
	extra := []shape{
		{name: "one-k-block-3x1", m: 32, n: 200, k: 300},
		{name: "narrow-n", m: 100, n: 7, k: 3000},
		{name: "narrow-m", m: 5, n: 300, k: 2000, aT: true},
		{name: "one-tile", m: 9, n: 20, k: 1500},
		{name: "odd", m: 37, n: 91, k: 1100, aT: true, bT: true},
	}
	forEachImpl(t, func(t *testing.T) {
		for _, s := range append(extra, stepShapes...) {
			if s.m*s.n*s.k > 200*1000*1000 {
				continue
			}
			t.Run(s.name, func(t *testing.T) {
				t.Run("f32", func(t *testing.T) { threadsBitForBit[float32](t, s) })
				t.Run("f64", func(t *testing.T) { threadsBitForBit[float64](t, s) })
			})
		}
	})
}

func threadsBitForBit[T float32 | float64](t *testing.T, s shape) {
	kn := kernelFor[T]()
	a, b, c := operands[T](s, 3)
	cs := Matrix[T]{Data: make([]T, s.m*s.n), RowStride: s.n, ColStride: 1}
	packB := func(dst []T, p0, kc, j0, w, nr int) {
		pb := panel[T]{b.Data, b.Offset + p0*b.RowStride + j0*b.ColStride, b.ColStride, b.RowStride, w, kc, nr}
		for it := range pb.items() {
			pb.pack(dst, it, nil, nil, nil)
		}
	}
	var want [3][]T
	for threads := 1; threads <= 3; threads++ {
		mulWith(kn, s.m, s.n, s.k, a, b, c, threads, nil, nil, false)
		got := [3][]T{dense(c, s.m, s.n)}
		mulWith(kn, s.m, s.n, s.k, a, Matrix[T]{}, cs, threads, nil, packB, false)
		got[1] = dense(cs, s.m, s.n)
		if s.k <= kn.kc {
			// MulAdd's path: C holds the product, which is added to.
			mulWith(kn, s.m, s.n, s.k, a, b, cs, threads, nil, nil, true)
			got[2] = dense(cs, s.m, s.n)
		}
		if threads == 1 {
			want = got
			check(t, s.m, s.n, s.k, a, b, c)
			continue
		}
		for v, name := range []string{"Mul", "MulPackedB", "MulAdd"} {
			for i := range want[v] {
				if got[v][i] != want[v][i] && !(got[v][i] != got[v][i] && want[v][i] != want[v][i]) {
					t.Fatalf("%s, %d threads: element %d is %v, one thread gave %v", name, threads, i, got[v][i], want[v][i])
				}
			}
		}
	}
}

// dense copies the m×n view c.
func dense[T float32 | float64](c Matrix[T], m, n int) []T {
	d := make([]T, 0, m*n)
	for i := range m {
		for j := range n {
			d = append(d, at(c, i, j))
		}
	}
	return d
}

var (
	benchShared   = flag.Bool("gemm-shared", false, "BenchmarkStepShapes: every product by the shared scheme, as before the owned split")
	benchDupShare = flag.Int("gemm-dup-share", 0, "BenchmarkStepShapes: ownedDupShare (0: the default)")
)

// BenchmarkStepShapes times the products of stepShapes on one and two
// goroutines, with the CPU time of all threads per call.
func BenchmarkStepShapes(b *testing.B) {
	defer func(s bool, d int) { sharedOnly, ownedDupShare = s, d }(sharedOnly, ownedDupShare)
	sharedOnly = *benchShared
	if *benchDupShare > 0 {
		ownedDupShare = *benchDupShare
	}
	for _, s := range stepShapes {
		for _, threads := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/%dx%dx%d/t%d", s.name, s.m, s.n, s.k, threads), func(b *testing.B) {
				x, y, z := operands[float32](s, 5)
				cpu0, haveCPU := processCPU()
				for b.Loop() {
					Mul(s.m, s.n, s.k, x, y, z, Options{Threads: threads})
				}
				if cpu1, ok := processCPU(); haveCPU && ok {
					b.ReportMetric(float64(cpu1-cpu0)/1e3/float64(b.N), "cpu-us/op")
				}
			})
		}
	}
}

// TestOwnedSplitChoice checks which products the owned split takes, on
// the AVX-512 kernel's blocking (12×32 tiles, KC 512).
func TestOwnedSplitChoice(t *testing.T) {
	kn := &kernel[float32]{mr: 12, nr: 32, kc: 512, mc: 1200, nc: 4096, ncb: 256}
	for _, tc := range []struct {
		m, n, k, threads int
		want             ownedSplit
	}{
		{32, 256, 4096, 2, ownedSplit{2, 1, 2}}, // dcgan layer 2's weight gradient: by columns
		{16, 48, 16384, 2, ownedSplit{2, 1, 2}}, // layer 1's: two tiles by two
		{16, 48, 16384, 3, ownedSplit{2, 1, 2}}, // three would not be faster than two
		{128, 16, 4096, 2, ownedSplit{2, 2, 1}}, // one column of tiles: by rows
		{32, 256, 4096, 1, ownedSplit{}},
		{1024, 1024, 1024, 2, ownedSplit{}},      // A packed twice as much as B: the shared scheme
		{128, 768, 3072, 2, ownedSplit{2, 1, 2}}, // many units, A 1/7 of what is packed: owned
		{700, 200, 800, 2, ownedSplit{2, 2, 1}},  // B packed twice, 1/4.5 of what is packed
		{512, 64, 1024, 2, ownedSplit{2, 2, 1}},  // by rows: by columns has a tile less but packs A twice
		{64, 8192, 512, 2, ownedSplit{}},         // two blocks of B's columns
	} {
		j := &job[float32]{kn: kn, m: tc.m, n: tc.n, k: tc.k, threads: tc.threads}
		j.kcMax, j.mcMax, j.ncMax = min(kn.kc, tc.k), min(kn.mc, roundUp(tc.m, kn.mr)), min(kn.nc, roundUp(tc.n, kn.nr))
		if got := j.ownedSplit(); got != tc.want {
			t.Errorf("%d×%d×%d on %d threads: split %+v, want %+v", tc.m, tc.n, tc.k, tc.threads, got, tc.want)
		}
	}
}
