package tensor

import (
	"testing"

	"github.com/kael-dev/kael/tensor/internal/gemm"
)

// TestConv2dPackedMatchesColumns checks the convolutions whose columns are
// gathered into the GEMM's packed layout (conv2dPacked) against the same
// convolutions with the columns gathered as a matrix, bit for bit: the
// output, and both gradients from the kept columns, with one and two
// threads. The shapes have oh·ow a multiple of the micro-kernel's width
// (that of the implementation in use: KAEL_ISA=avx2's 16, AVX-512's 32)
// or a divisor of it (slivers of several images' runs, the batch whole
// slivers or not) and cover dcgan's layers, strides, uneven padding, dilation, groups,
// odd input sizes, a single image, a bias and an input that is a
// transposed view; the wide images' columns gathered image by image
// beside their products and all gathered first (gatherByImage), their
// weight packed once a call (packedWeights), groups' too. The weight
// gradient by dot products (weightGradByDot, gemm.MulTransPackedDot)
// rounds in its own order: it is checked within float32's rounding. Where
// the vector gathers do not run (float64,
// KAEL_ISA=generic) both sides take the matrix and the test checks
// nothing new.
func TestConv2dPackedMatchesColumns(t *testing.T) {
	nr := gemm.PackedWidth[float32]()
	gen := NewGenerator(11)
	opts := convOptions
	one, two := [2]int{1, 1}, [2]int{2, 2}
	pad1 := [4]int{1, 1, 1, 1}
	cases := []struct {
		name       string
		x, w       []int
		o          Conv2dOptions
		bias       bool
		transposed bool
	}{
		{"dcgan first", []int{3, 3, 64, 64}, []int{16, 3, 4, 4}, opts(two, one, pad1, 1), false, false},
		{"dcgan second", []int{2, 16, 32, 32}, []int{32, 16, 4, 4}, opts(two, one, pad1, 1), false, false},
		{"dcgan third, one image", []int{1, 32, 16, 16}, []int{64, 32, 4, 4}, opts(two, one, pad1, 1), false, false},
		{"odd sizes, uneven padding, bias", []int{2, 3, 9, 15}, []int{5, 3, 4, 3}, opts([2]int{2, 2}, one, [4]int{2, 0, 0, 2}, 1), true, false},
		{"dilation", []int{2, 2, 11, 13}, []int{3, 2, 3, 3}, opts([2]int{1, 2}, [2]int{2, 3}, [4]int{1, 0, 1, 0}, 1), false, false},
		{"groups", []int{2, 6, 16, 16}, []int{9, 2, 4, 4}, opts(two, one, pad1, 3), true, false},
		{"groups, image by image", []int{2, 6, 32, 32}, []int{9, 2, 4, 4}, opts(two, one, pad1, 3), true, false},
		{"transposed view", []int{2, 4, 32, 32}, []int{6, 4, 4, 4}, opts(two, one, pad1, 1), false, true},
		{"stride 1", []int{2, 3, 8, 8}, []int{4, 3, 3, 1}, opts(one, one, [4]int{1, 1, 0, 0}, 1), false, false},
		{"dcgan fourth: slivers of two images", []int{4, 64, 8, 8}, []int{128, 64, 4, 4}, opts(two, one, pad1, 1), false, false},
		{"oh·ow 8: slivers of several images, bias", []int{8, 5, 4, 8}, []int{6, 5, 4, 4}, opts(two, one, pad1, 1), true, false},
		{"oh·ow 16, groups", []int{2, 6, 8, 8}, []int{9, 2, 4, 4}, opts(two, one, pad1, 3), false, false},
		{"oh·ow 16, a batch not of whole slivers", []int{3, 4, 8, 8}, []int{8, 4, 4, 4}, opts(two, one, pad1, 1), false, false},
	}
	defer func() { packedColumns, gatherByImage, weightGradByDot = true, true, true }()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			xs := append([]int{}, c.x...)
			if c.transposed {
				xs[2], xs[3] = xs[3], xs[2]
			}
			x := mustOp(mustOp(Randn(gen, Float64, xs...)).To(Float32))
			if c.transposed {
				x = mustOp(x.Transpose(2, 3))
			}
			w := mustOp(mustOp(Randn(gen, Float64, c.w...)).To(Float32))
			var b *Tensor
			if c.bias {
				b = mustOp(mustOp(Randn(gen, Float64, c.w[0])).To(Float32))
			}
			kernel := [2]int{c.w[2], c.w[3]}
			x4 := x
			out, err := convGeometry(x4, w, b, c.o)
			if err != nil {
				t.Fatal(err)
			}
			packed, _ := packedColsWidth[float32](x4, kernel, out, c.o)
			l := out[0] * out[1]
			whole := l%nr == 0 || (nr%l == 0 && c.x[0]*l%nr == 0)
			if gathersInVectors[float32]() && whole != (packed > 0) {
				t.Fatalf("oh·ow %d at batch %d, slivers of %d: gathered packed by %d", l, c.x[0], nr, packed)
			}
			g := mustOp(mustOp(Randn(gen, Float64, c.x[0], c.w[0], out[0], out[1])).To(Float32))
			type result struct{ y, gx, gw *Tensor }
			run := func(threads int) result {
				old := NumThreads()
				if err := SetNumThreads(threads); err != nil {
					t.Fatal(err)
				}
				defer SetNumThreads(old)
				y, kept, err := Conv2dKeep(x, w, b, c.o)
				if err != nil {
					t.Fatal(err)
				}
				defer kept.Release()
				if packedColumns && packed > 0 && kept != nil && kept.nr != packed {
					t.Fatalf("columns kept %v, want them packed by %d", kept != nil, packed)
				}
				gx, gw, err := Conv2dGradsKept(x, w, g, kept, c.o, true, true)
				if err != nil {
					t.Fatal(err)
				}
				return result{y, gx, gw}
			}
			for _, threads := range []int{1, 2} {
				packedColumns = false
				want := run(threads)
				packedColumns = true
				for _, byImage := range []bool{true, false} {
					for _, dot := range []bool{false, true} {
						gatherByImage, weightGradByDot = byImage, dot
						got := run(threads)
						for _, r := range []struct {
							what      string
							got, want *Tensor
						}{{"output", got.y, want.y}, {"input gradient", got.gx, want.gx}, {"weight gradient", got.gw, want.gw}} {
							if dot && r.what == "weight gradient" {
								// gemm.MulTransPackedDot rounds in its own order
								// (its bits are tested in gemm): within
								// float32's rounding of a sum of N·oh·ow terms.
								if ok, err := Allclose(r.got, r.want, 1e-4, 1e-4, false); err != nil || !ok {
									t.Errorf("threads %d, gathered by image %v: the dot products' weight gradient not close to the matrix of columns' (%v)", threads, byImage, err)
								}
								continue
							}
							if !Equal(r.got, r.want) {
								t.Errorf("threads %d, gathered by image %v, dot %v: %s differs from the matrix of columns'", threads, byImage, dot, r.what)
							}
						}
					}
				}
			}
		})
	}
}

// TestConv2dWeightPackedOnce checks that the wide images' products with
// the weight packed once a call (packedWeights) give the bits of the
// products that pack it for every image, on each of the forward's paths:
// the implicit GEMM (Conv2d, gemm.MulPackedAB), the columns as a matrix
// (Conv2dKeep of float64, or with packedColumns cleared: gemm.MulA) and
// the packed columns (gemm.MulPackedA); groups, a bias, dilation (no
// implicit GEMM), one and two threads.
func TestConv2dWeightPackedOnce(t *testing.T) {
	gen := NewGenerator(12)
	opts := convOptions
	one, two := [2]int{1, 1}, [2]int{2, 2}
	pad1 := [4]int{1, 1, 1, 1}
	cases := []struct {
		name  string
		dtype DType
		x, w  []int
		o     Conv2dOptions
		bias  bool
	}{
		{"dcgan first", Float32, []int{3, 3, 64, 64}, []int{16, 3, 4, 4}, opts(two, one, pad1, 1), false},
		{"dcgan second, float64", Float64, []int{2, 16, 32, 32}, []int{32, 16, 4, 4}, opts(two, one, pad1, 1), false},
		{"groups, bias", Float32, []int{2, 6, 32, 32}, []int{9, 2, 4, 4}, opts(two, one, pad1, 3), true},
		{"dilation", Float64, []int{2, 2, 36, 36}, []int{5, 2, 3, 3}, opts(one, two, [4]int{1, 0, 1, 0}, 1), true},
		{"narrow: one product a batch", Float32, []int{2, 4, 16, 16}, []int{8, 4, 4, 4}, opts(two, one, pad1, 1), false},
	}
	defer func() { packedColumns, weightPackedOnce = true, true }()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := mustOp(mustOp(Randn(gen, Float64, c.x...)).To(c.dtype))
			w := mustOp(mustOp(Randn(gen, Float64, c.w...)).To(c.dtype))
			var b *Tensor
			if c.bias {
				b = mustOp(mustOp(Randn(gen, Float64, c.w[0])).To(c.dtype))
			}
			forwards := map[string]func() *Tensor{
				"Conv2d": func() *Tensor { return mustOp(Conv2d(x, w, b, c.o)) },
				"Conv2dKeep": func() *Tensor {
					y, kept, err := Conv2dKeep(x, w, b, c.o)
					if err != nil {
						t.Fatal(err)
					}
					kept.Release()
					return y
				},
			}
			for _, threads := range []int{1, 2} {
				old := NumThreads()
				if err := SetNumThreads(threads); err != nil {
					t.Fatal(err)
				}
				for name, forward := range forwards {
					for _, packed := range []bool{true, false} {
						packedColumns = packed
						weightPackedOnce = false
						want := forward()
						weightPackedOnce = true
						if got := forward(); !bitsEqual(got, want) {
							t.Errorf("threads %d, %s, packed columns %v: the weight packed once differs", threads, name, packed)
						}
					}
				}
				if err := SetNumThreads(old); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestWeightGradByParts checks the weight gradients cut along K
// (weightGradParts): the cut at each thread count, the packed columns'
// gradient equal to the gathered columns' bit for bit, and both, and
// the dot products' (weightGradByDot), within float32's rounding of the
// gradient computed in float64.
func TestWeightGradByParts(t *testing.T) {
	gen := NewGenerator(17)
	opts := convOptions
	two, one, pad1 := [2]int{2, 2}, [2]int{1, 1}, [4]int{1, 1, 1, 1}
	cases := []struct {
		name  string
		dtype DType
		x, w  []int
		o     Conv2dOptions
		parts []int // at 1, 2 and 3 threads
	}{
		{"dcgan first, batch 16", Float32, []int{16, 3, 64, 64}, []int{16, 3, 4, 4}, opts(two, one, pad1, 1), []int{1, 2, 3}},
		{"dcgan first, batch 2", Float32, []int{2, 3, 64, 64}, []int{16, 3, 4, 4}, opts(two, one, pad1, 1), []int{1, 2, 2}},
		{"groups, float64", Float64, []int{12, 4, 32, 32}, []int{6, 2, 4, 4}, opts(two, one, pad1, 2), []int{1, 2, 3}},
		{"dcgan second: C too large", Float32, []int{16, 16, 32, 32}, []int{32, 16, 4, 4}, opts(two, one, pad1, 1), []int{1, 1, 1}},
	}
	old := NumThreads()
	defer SetNumThreads(old)
	defer func() { packedColumns, weightGradByDot = true, true }()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := mustOp(mustOp(Randn(gen, Float64, c.x...)).To(c.dtype))
			w := mustOp(mustOp(Randn(gen, Float64, c.w...)).To(c.dtype))
			out, err := convGeometry(x, w, nil, c.o)
			if err != nil {
				t.Fatal(err)
			}
			g := mustOp(mustOp(Randn(gen, Float64, c.x[0], c.w[0], out[0], out[1])).To(c.dtype))
			x64, w64, g64 := mustOp(x.To(Float64)), mustOp(w.To(Float64)), mustOp(g.To(Float64))
			if err := SetNumThreads(1); err != nil {
				t.Fatal(err)
			}
			_, ref, err := Conv2dGrads(x64, w64, g64, c.o, false, true)
			if err != nil {
				t.Fatal(err)
			}
			og, k := c.w[0]/c.o.Groups, c.w[1]*c.w[2]*c.w[3]
			for i, threads := range []int{1, 2, 3} {
				if err := SetNumThreads(threads); err != nil {
					t.Fatal(err)
				}
				if got := weightGradParts(og, k, c.x[0]*out[0]*out[1], threads); got != c.parts[i] {
					t.Errorf("threads %d: %d parts, want %d", threads, got, c.parts[i])
				}
				var gws []*Tensor
				// The packed columns by MulTransPacked, the gathered
				// columns, and the packed by dot products (float32 under
				// AVX-512: gemm.MulTransPackedDot, its own rounding).
				for _, v := range []struct{ packed, dot bool }{{true, false}, {false, false}, {true, true}} {
					packedColumns, weightGradByDot = v.packed, v.dot
					_, kept, err := Conv2dKeep(x, w, nil, c.o)
					if err != nil {
						t.Fatal(err)
					}
					_, gw, err := Conv2dGradsKept(x, w, g, kept, c.o, false, true)
					kept.Release()
					if err != nil {
						t.Fatal(err)
					}
					gws = append(gws, gw)
				}
				if !bitsEqual(gws[0], gws[1]) {
					t.Errorf("threads %d: the packed columns' weight gradient differs from the gathered columns'", threads)
				}
				rtol := 1e-4
				if c.dtype == Float64 {
					rtol = 1e-10
				}
				for i, what := range []string{"packed", "dot products'"} {
					gw := gws[2*i]
					if ok, err := Allclose(mustOp(gw.To(Float64)), ref, rtol, rtol, false); err != nil || !ok {
						t.Errorf("threads %d: %s weight gradient not within %g of float64's (%v)", threads, what, rtol, err)
					}
				}
			}
		})
	}
}

// TestIm2colDense checks the training forward with its columns gathered
// by dense runs (im2colDenseFor) against the table's gathers, bit for
// bit, the kept columns and the output, at one and two threads: dcgan's
// four layers (runs of one output row of 32, two of 16, four of 8, and
// slivers of two images' rows of 4), rows not a multiple of sixteen, a
// rectangular image, and shapes the runs leave to the table.
func TestIm2colDense(t *testing.T) {
	gen := NewGenerator(23)
	o := convOptions([2]int{2, 2}, [2]int{1, 1}, [4]int{1, 1, 1, 1}, 1)
	cases := []struct {
		name  string
		x, w  []int
		dense bool // whether the runs take it under AVX-512
	}{
		{"dcgan first", []int{4, 3, 64, 64}, []int{16, 3, 4, 4}, true},
		{"dcgan second", []int{4, 16, 32, 32}, []int{32, 16, 4, 4}, true},
		{"dcgan third", []int{4, 32, 16, 16}, []int{64, 32, 4, 4}, true},
		{"dcgan fourth", []int{4, 64, 8, 8}, []int{128, 64, 4, 4}, true},
		{"rows of 32, tall", []int{2, 2, 8, 64}, []int{3, 2, 4, 4}, true},
		{"rows of 2", []int{16, 3, 32, 4}, []int{5, 3, 4, 4}, true},
		{"odd height: by table", []int{2, 3, 17, 64}, []int{4, 3, 4, 4}, false},
	}
	defer func() { im2colDense = true }()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := mustOp(Randn(gen, Float32, c.x...))
			w := mustOp(Randn(gen, Float32, c.w...))
			for _, threads := range []int{1, 2} {
				old := NumThreads()
				if err := SetNumThreads(threads); err != nil {
					t.Fatal(err)
				}
				im2colDense = false
				want, wantKept, err := Conv2dKeep(x, w, nil, o)
				if err != nil {
					t.Fatal(err)
				}
				im2colDense = true
				got, gotKept, err := Conv2dKeep(x, w, nil, o)
				if err != nil {
					t.Fatal(err)
				}
				SetNumThreads(old)
				if wantKept.nr == 0 {
					// Packed columns need the vector gathers (none in
					// the Go loop of KAEL_ISA=generic).
					if c.dense && gemm.Impl() == "avx512" {
						t.Fatal("columns not packed")
					}
					continue
				}
				out, _ := convGeometry(x, w, nil, o)
				taken := im2colDenseFor[float32](x, [2]int{4, 4}, out, o, min(wantKept.nr, out[0]*out[1]))
				if avx512 := gemm.Impl() == "avx512"; taken != (c.dense && avx512) {
					t.Fatalf("dense %v, want %v", taken, c.dense && avx512)
				}
				if !Equal(got, want) || !Equal(gotKept.cols, wantKept.cols) {
					t.Errorf("threads %d: the columns by dense runs differ from the table's", threads)
				}
				wantKept.Release()
				gotKept.Release()
			}
		})
	}
}
