package gemm

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// dotWant is MulTransPackedDot's definition, element by element: each
// block of dotKC along k by dotGo, the blocks' sums added to C in order.
func dotWant(m, n, k int, a Matrix[float32], b Packed[float32]) []float32 {
	kc := dotKC(m, b.NR)
	c := make([]float32, m*n)
	for i := range m {
		for j := range n {
			for p0 := 0; p0 < k; p0 += kc {
				s := dotGo(a, b, i, j, p0, min(k, p0+kc))
				if p0 > 0 {
					s = c[i*n+j] + s
				}
				c[i*n+j] = s
			}
		}
	}
	return c
}

// TestMulTransPackedDot checks the dot-product kernel's C against dotGo
// (its definition) bit for bit, and against a float64 product within
// the error bound of its summation: each lane a chain of k/16 FMAs, the
// lanes' tree four additions, each block's sum one more, so every
// element is within (k/16 + 4 + k/kc + 1)·2⁻²⁴·Σ|a·b| of the exact
// product. Shapes: dcgan's four weight gradients (cut in K), tiles
// partial in m and n, A's rows and B's from offsets (a group's), more
// than one block of k, one and three threads, and a C with a gap
// between rows.
func TestMulTransPackedDot(t *testing.T) {
	if !HasDotKernel(32) {
		t.Skip("no dot-product kernel on this CPU")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	cases := []struct {
		m, n, k    int
		row0, lda  int // A's first row and its row stride's extra
		brows, br0 int // B's packed rows and the first taken
		ldc        int // C's row stride's extra
	}{
		{16, 48, 2048, 0, 0, 48, 0, 0},     // dcgan's first, cut in K
		{32, 256, 1024, 0, 0, 256, 0, 0},   // second
		{64, 512, 1024, 0, 0, 512, 0, 0},   // third
		{128, 1024, 256, 0, 0, 1024, 0, 0}, // fourth
		{5, 7, 96, 2, 32, 20, 6, 3},        // partial tiles, offsets
		{4, 4, 32, 0, 0, 4, 0, 0},          // one tile, one sliver
		{3, 2, 64, 0, 0, 2, 0, 0},          // no whole tile
		{6, 9, 4096, 1, 64, 12, 3, 1},      // several blocks of k
		{9, 30, 32 * 70, 0, 0, 30, 0, 0},   // blocks not a multiple of k
	}
	for _, c := range cases {
		for _, threads := range []int{1, 3} {
			t.Run(fmt.Sprintf("%dx%dx%d/t%d", c.m, c.n, c.k, threads), func(t *testing.T) {
				pb, view := packedOf[float32](rng, c.brows, c.k, 32)
				b := pb
				b.Offset += c.br0 * b.NR
				lda := c.k + c.lda
				a := Matrix[float32]{Data: make([]float32, (c.row0+c.m)*lda), Offset: c.row0 * lda, RowStride: lda, ColStride: 1}
				for i := range a.Data {
					a.Data[i] = float32(rng.Float64()*2 - 1)
				}
				ldc := c.n + c.ldc
				out := Matrix[float32]{Data: make([]float32, c.m*ldc), RowStride: ldc, ColStride: 1}
				for i := range out.Data {
					out.Data[i] = float32(math.NaN())
				}
				MulTransPackedDot(c.m, c.n, c.k, a, b, out, Options{Threads: threads})
				want := dotWant(c.m, c.n, c.k, a, b)
				kc := dotKC(c.m, 32)
				bound := float64(c.k/dotLanes+4+ceilDiv(c.k, kc)+1) * 0x1p-24
				for i := range c.m {
					for j := range c.n {
						got := out.Data[i*ldc+j]
						if math.Float32bits(got) != math.Float32bits(want[i*c.n+j]) {
							t.Fatalf("C[%d, %d] = %v, dotGo gives %v", i, j, got, want[i*c.n+j])
						}
						var exact, mag float64
						for p := range c.k {
							x := float64(a.Data[a.Offset+i*lda+p]) * float64(view.Data[(c.br0+j)*c.k+p])
							exact += x
							mag += math.Abs(x)
						}
						if d := math.Abs(float64(got) - exact); d > bound*mag {
							t.Fatalf("C[%d, %d] = %v, exact %v: off by %g, bound %g", i, j, got, exact, d, bound*mag)
						}
					}
					for j := c.n; j < ldc; j++ {
						if !math.IsNaN(float64(out.Data[i*ldc+j])) {
							t.Fatalf("C[%d, %d] past n written", i, j)
						}
					}
				}
			})
		}
	}
}

// TestDotTree checks the lanes' tree on values where the order shows:
// a large lane cancelled by its partner before the small ones join.
func TestDotTree(t *testing.T) {
	var v [dotLanes]float32
	for i := range v {
		v[i] = 1
	}
	v[0], v[8] = 0x1p30, -0x1p30
	if got := dotTree(v); got != 14 {
		t.Fatalf("dotTree = %v, want 14 (lanes 0 and 8 first)", got)
	}
	// Lane 0 and 8, 2³⁰ + 1, round to 2³⁰ before lane 4's −2³⁰ + 1
	// (rounded too) cancels them: 12, where a sum in lane order gives 15.
	v[8] = 1
	v[4] = -0x1p30
	if got := dotTree(v); got != 12 {
		t.Fatalf("dotTree = %v, want 12 (lanes 0 and 8 first, then 0 and 4)", got)
	}
}

// BenchmarkMulTransPackedDot times MulTransPackedDot on
// BenchmarkMulTransPacked's shapes.
func BenchmarkMulTransPackedDot(b *testing.B) {
	if !HasDotKernel(32) {
		b.Skip("no dot-product kernel on this CPU")
	}
	for _, s := range []struct{ m, n, k int }{
		{16, 48, 16384}, {32, 256, 4096}, {64, 512, 1024}, {128, 1024, 256},
	} {
		for _, threads := range []int{1, 2} {
			b.Run(fmt.Sprintf("%dx%dx%d/t%d", s.m, s.n, s.k, threads), func(b *testing.B) {
				rng := rand.New(rand.NewPCG(1, 2))
				cols, _ := packedOf[float32](rng, s.n, s.k, 32)
				a := Matrix[float32]{Data: make([]float32, s.m*s.k), RowStride: s.k, ColStride: 1}
				for i := range a.Data {
					a.Data[i] = float32(rng.Float64()*2 - 1)
				}
				c := Matrix[float32]{Data: make([]float32, s.m*s.n), RowStride: s.n, ColStride: 1}
				cpu0, haveCPU := processCPU()
				for b.Loop() {
					MulTransPackedDot(s.m, s.n, s.k, a, cols, c, Options{Threads: threads})
				}
				if cpu1, ok := processCPU(); haveCPU && ok {
					b.ReportMetric(float64(cpu1-cpu0)/1e3/float64(b.N), "cpu-us/op")
				}
			})
		}
	}
}

// BenchmarkWeightGradCold times MulTransPackedDot (dot) and
// MulTransPacked (pack) on dcgan's weight-gradient shapes with B cold,
// as the kept columns are in a training step: each call takes the next
// of enough copies of B to pass through a 32 MiB L3, one thread.
func BenchmarkWeightGradCold(b *testing.B) {
	if !HasDotKernel(32) {
		b.Skip("no dot-product kernel on this CPU")
	}
	for _, s := range []struct{ m, n, k int }{
		{16, 48, 16384}, {32, 256, 4096}, {64, 512, 1024}, {128, 1024, 256},
	} {
		rng := rand.New(rand.NewPCG(1, 2))
		copies := max(2, (96<<20)/(4*s.n*s.k))
		cols := make([]Packed[float32], copies)
		for i := range cols {
			cols[i], _ = packedOf[float32](rng, s.n, s.k, 32)
		}
		a := Matrix[float32]{Data: make([]float32, s.m*s.k), RowStride: s.k, ColStride: 1}
		for i := range a.Data {
			a.Data[i] = float32(rng.Float64()*2 - 1)
		}
		c := Matrix[float32]{Data: make([]float32, s.m*s.n), RowStride: s.n, ColStride: 1}
		for _, how := range []string{"dot", "pack"} {
			b.Run(fmt.Sprintf("%dx%dx%d/%s", s.m, s.n, s.k, how), func(b *testing.B) {
				cpu0, haveCPU := processCPU()
				i := 0
				for b.Loop() {
					if how != "pack" {
						MulTransPackedDot(s.m, s.n, s.k, a, cols[i%copies], c, Options{Threads: 1})
					} else {
						MulTransPacked(s.m, s.n, s.k, a, cols[i%copies], c, Options{Threads: 1})
					}
					i++
				}
				if cpu1, ok := processCPU(); haveCPU && ok {
					b.ReportMetric(float64(cpu1-cpu0)/1e3/float64(b.N), "cpu-us/op")
				}
			})
		}
	}
}
