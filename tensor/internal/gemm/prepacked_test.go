package gemm

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// packedOf returns a taller matrix of rows×cols random values (NaN in the
// lanes past cols of the last sliver, as a producer may leave them), in
// the packed layout with slivers of nr, and the same values as a
// row-major view.
func packedOf[T float32 | float64](rng *rand.Rand, rows, cols, nr int) (Packed[T], Matrix[T]) {
	slivers := ceilDiv(cols, nr)
	p := Packed[T]{Data: make([]T, slivers*rows*nr), SliverStride: rows * nr, NR: nr}
	v := Matrix[T]{Data: make([]T, rows*cols), RowStride: cols, ColStride: 1}
	for i := range p.Data {
		p.Data[i] = T(math.NaN())
	}
	for r := range rows {
		for j := range cols {
			x := T(rng.Float64()*2 - 1)
			v.Data[r*cols+j] = x
			p.Data[j/nr*p.SliverStride+r*nr+j%nr] = x
		}
	}
	return p, v
}

// TestMulPacked checks MulPacked and MulTransPacked against Mul of the
// row-major view of the same values (transposed for MulTransPacked), bit
// for bit: a convolution's shapes (dcgan's forward and weight gradients),
// rows of a taller packed matrix (a group's), columns from an offset,
// slivers of the kernel's width and of another (packed again by the
// driver), partial last slivers, one and three threads, and products so
// small that Mul multiplies them by a loop. MulPackedA, with A packed
// once by PackA, gives MulPacked's bits too (A past a block of rows, and
// past one along K), and so does MulA (B a view); MulPackedAB gives
// MulPackedB's (B packed by a PackB).
func TestMulPacked(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		t.Run("float32", testMulPacked[float32])
		t.Run("float64", testMulPacked[float64])
	})
}

func testMulPacked[T float32 | float64](t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	own := kernelFor[T]().nr
	// m, the packed matrix's rows and columns, its first row (a group's)
	// and k or n taken from it, the first column.
	cases := []struct {
		m, rows, cols, row0, part, col0, nr int
	}{
		{16, 48, 2048, 0, 48, 1024, own},    // dcgan's first layer, one image
		{32, 256, 4096, 0, 256, 0, own},     // dcgan's second layer, folded
		{64, 512, 1024, 0, 512, 0, own},     // third
		{9, 30, 96, 10, 10, 32, own},        // groups: rows [10, 20)
		{5, 600, 3 * own, 0, 600, own, own}, // K over a block
		{7, 20, 50, 0, 20, 0, own},          // partial last sliver
		{13, 40, 64, 0, 40, 16, 8},          // another width: packed by the driver
		{3, 17, 40, 0, 17, 5, 16},           // an unaligned column
		{2, 4, 8, 0, 4, 0, own},             // small: Mul's loop
		{1, 3, 5, 1, 2, 0, 4},
		{1250, 8, 2 * own, 0, 8, 0, own}, // M over a block of A's rows
		{300, 20, 2 * own, 0, 20, own, own},
	}
	for _, c := range cases {
		for _, threads := range []int{1, 3} {
			name := fmt.Sprintf("%d/%dx%d/rows%d+%d/col%d/nr%d/threads=%d", c.m, c.rows, c.cols, c.row0, c.part, c.col0, c.nr, threads)
			t.Run(name, func(t *testing.T) {
				p, v := packedOf[T](rng, c.rows, c.cols, c.nr)
				p.Offset = c.row0 * c.nr
				opt := Options{Threads: threads}
				// The forward: C = A·B, B rows [row0, row0+part),
				// columns [col0, cols).
				n := c.cols - c.col0
				a := newView[T](rng, layoutByName("padded"), c.m, c.part)
				b := Matrix[T]{Data: v.Data, Offset: c.row0*c.cols + c.col0, RowStride: c.cols, ColStride: 1}
				want := newView[T](rng, layoutByName("row"), c.m, n)
				got := newView[T](rng, layoutByName("row"), c.m, n)
				Mul(c.m, n, c.part, a, b, want, opt)
				MulPacked(c.m, n, c.part, a, p, c.col0, got, opt)
				sameBits(t, "MulPacked", want.Data, got.Data)
				got = newView[T](rng, layoutByName("row"), c.m, n)
				MulPackedA(n, PackA(c.m, c.part, a), p, c.col0, got, opt)
				sameBits(t, "MulPackedA", want.Data, got.Data)
				got = newView[T](rng, layoutByName("row"), c.m, n)
				MulA(n, PackA(c.m, c.part, a), b, got, opt)
				sameBits(t, "MulA", want.Data, got.Data)
				// MulPackedAB against MulPackedB (which multiplies even
				// the smallest products by the kernels).
				want = newView[T](rng, layoutByName("row"), c.m, n)
				MulPackedB(c.m, n, c.part, a, p.packer(c.col0, false), want, opt)
				got = newView[T](rng, layoutByName("row"), c.m, n)
				MulPackedAB(n, PackA(c.m, c.part, a), p.packer(c.col0, false), got, opt)
				sameBits(t, "MulPackedAB", want.Data, got.Data)
				// The weight gradient: C = A·Bᵀ over all the columns.
				at := newView[T](rng, layoutByName("col"), c.m, c.cols)
				bt := Matrix[T]{Data: v.Data, Offset: c.row0 * c.cols, RowStride: 1, ColStride: c.cols}
				want = newView[T](rng, layoutByName("row"), c.m, c.part)
				got = newView[T](rng, layoutByName("row"), c.m, c.part)
				Mul(c.m, c.part, c.cols, at, bt, want, opt)
				MulTransPacked(c.m, c.part, c.cols, at, p, got, opt)
				sameBits(t, "MulTransPacked", want.Data, got.Data)
			})
		}
	}
}

// TestMulPackedAdd checks that MulPackedAdd gives C + MulPacked's product
// bit for bit: a recurrent step's shape (20 rows, W_hhᵀ packed, K within
// one block), K past a block (the product computed aside), slivers of
// another width (packed by the driver), an unaligned column, the plain
// loop's sizes, k = 0, padded rows of C, one and three threads.
func TestMulPackedAdd(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		t.Run("float32", testMulPackedAdd[float32])
		t.Run("float64", testMulPackedAdd[float64])
	})
}

func testMulPackedAdd[T float32 | float64](t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	own := kernelFor[T]().nr
	cases := []struct {
		name             string
		m, k, cols, col0 int
		nr               int
		c                string
	}{
		{"recurrent step", 20, 200, 800, 0, own, "row"},
		{"K over a block", 7, 600, 3 * own, own, own, "row"},
		{"partial last sliver", 9, 40, 50, 0, own, "padded"},
		{"another width", 13, 40, 64, 16, 8, "row"},
		{"unaligned column", 3, 17, 40, 5, 16, "padded"},
		{"plain loop", 2, 4, 8, 0, own, "row"},
		{"k = 0", 3, 0, 8, 0, own, "row"},
	}
	for _, tc := range cases {
		for _, threads := range []int{1, 3} {
			t.Run(fmt.Sprintf("%s/threads=%d", tc.name, threads), func(t *testing.T) {
				p, _ := packedOf[T](rng, tc.k, tc.cols, tc.nr)
				n := tc.cols - tc.col0
				opt := Options{Threads: threads}
				a := newView[T](rng, layoutByName("padded"), tc.m, tc.k)
				c := newView[T](rng, layoutByName(tc.c), tc.m, n)
				prod := Matrix[T]{Data: make([]T, tc.m*n), RowStride: n, ColStride: 1}
				MulPacked(tc.m, n, tc.k, a, p, tc.col0, prod, opt)
				want := make([]T, tc.m*n)
				for i := range tc.m {
					for j := range n {
						want[i*n+j] = at(c, i, j) + prod.Data[i*n+j]
					}
				}
				MulPackedAdd(tc.m, n, tc.k, a, p, tc.col0, c, opt)
				got := make([]T, tc.m*n)
				for i := range tc.m {
					for j := range n {
						got[i*n+j] = at(c, i, j)
					}
				}
				sameBits(t, "MulPackedAdd", want, got)
			})
		}
	}
}

// sameBits fails the test where got and want differ in any bit.
func sameBits[T float32 | float64](t *testing.T, what string, want, got []T) {
	t.Helper()
	for i := range want {
		if math.Float64bits(float64(got[i])) != math.Float64bits(float64(want[i])) {
			t.Fatalf("%s: C[%d] = %v, Mul gives %v", what, i, got[i], want[i])
		}
	}
}

// TestMulPackedPanics checks that a packed matrix too short for the
// product is refused before anything is read.
func TestMulPackedPanics(t *testing.T) {
	p := Packed[float32]{Data: make([]float32, 32*10), SliverStride: 32 * 10, NR: 32}
	a := Matrix[float32]{Data: make([]float32, 4*64), RowStride: 64, ColStride: 1}
	c := Matrix[float32]{Data: make([]float32, 4*40), RowStride: 40, ColStride: 1}
	for _, tc := range []struct {
		name string
		fn   func()
	}{
		{"columns past the data", func() { MulPacked(4, 40, 10, a, p, 0, c, Options{}) }},
		{"column offset", func() { MulPacked(4, 32, 10, a, p, 32, c, Options{}) }},
		{"rows past the sliver", func() { MulPacked(4, 32, 11, a, p, 0, c, Options{}) }},
		{"transposed", func() { MulTransPacked(4, 11, 32, a, p, c, Options{}) }},
		{"adding, columns past the data", func() { MulPackedAdd(4, 40, 10, a, p, 0, c, Options{}) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("no panic")
				}
			}()
			tc.fn()
		})
	}
}

// TestMulPackedAOtherImpl checks that an A packed under one
// implementation and multiplied under another is packed again from its
// view, not read in the first one's slivers: MulPacked's bits.
func TestMulPackedAOtherImpl(t *testing.T) {
	defer SetImpl(Impl())
	for _, packedBy := range Impls() {
		for _, usedBy := range Impls() {
			t.Run(packedBy+"/"+usedBy, func(t *testing.T) {
				rng := rand.New(rand.NewPCG(11, 12))
				if err := SetImpl(packedBy); err != nil {
					t.Fatal(err)
				}
				const m, k, n = 19, 300, 64
				a := newView[float32](rng, layoutByName("padded"), m, k)
				pa := PackA(m, k, a)
				if err := SetImpl(usedBy); err != nil {
					t.Fatal(err)
				}
				p, _ := packedOf[float32](rng, k, n, PackedWidth[float32]())
				want := newView[float32](rng, layoutByName("row"), m, n)
				got := newView[float32](rng, layoutByName("row"), m, n)
				MulPacked(m, n, k, a, p, 0, want, Options{Threads: 1})
				MulPackedA(n, pa, p, 0, got, Options{Threads: 1})
				sameBits(t, "MulPackedA", want.Data, got.Data)
			})
		}
	}
}

// BenchmarkMulTransPacked times MulTransPacked on dcgan's four weight
// gradients at batch 16 (the output gradient [O, N·oh·ow] times the
// kept columns [C·kh·kw, N·oh·ow] transposed), on one and two
// goroutines, with the CPU time of all threads per call.
func BenchmarkMulTransPacked(b *testing.B) {
	for _, s := range []struct{ m, n, k int }{
		{16, 48, 16384}, {32, 256, 4096}, {64, 512, 1024}, {128, 1024, 256},
	} {
		for _, threads := range []int{1, 2} {
			b.Run(fmt.Sprintf("%dx%dx%d/t%d", s.m, s.n, s.k, threads), func(b *testing.B) {
				rng := rand.New(rand.NewPCG(1, 2))
				cols, _ := packedOf[float32](rng, s.n, s.k, PackedWidth[float32]())
				a := Matrix[float32]{Data: make([]float32, s.m*s.k), RowStride: s.k, ColStride: 1}
				for i := range a.Data {
					a.Data[i] = float32(rng.Float64()*2 - 1)
				}
				c := Matrix[float32]{Data: make([]float32, s.m*s.n), RowStride: s.n, ColStride: 1}
				cpu0, haveCPU := processCPU()
				for b.Loop() {
					MulTransPacked(s.m, s.n, s.k, a, cols, c, Options{Threads: threads})
				}
				if cpu1, ok := processCPU(); haveCPU && ok {
					b.ReportMetric(float64(cpu1-cpu0)/1e3/float64(b.N), "cpu-us/op")
				}
			})
		}
	}
}
