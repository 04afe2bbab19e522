package tensor

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/kael-dev/kael/tensor/internal/gemm"
)

// TestWindowTableMatchesRows checks that im2col and col2im by table give
// what the row walk gives, bit for bit (the same copies, the same
// additions in the same order): dcgan's strided layers, the last 1×1
// output, uneven padding, dilation, windows wholly in the padding, an
// input that is a transposed view, both column layouts, float32, float64
// and int64. It also checks which geometries take the table.
func TestWindowTableMatchesRows(t *testing.T) {
	cases := []struct {
		name             string
		dtype            DType
		shape            []int // [N, C, H, W]
		kernel           [2]int
		stride, dilation [2]int
		padding          [4]int
		transposed       bool
		table, scatter   bool // whether im2col and col2im take a table
	}{
		{"dcgan third layer", Float32, []int{3, 4, 16, 16}, [2]int{4, 4}, [2]int{2, 2}, [2]int{1, 1}, [4]int{1, 1, 1, 1}, false, true, true},
		{"dcgan fourth layer", Float64, []int{2, 5, 8, 8}, [2]int{4, 4}, [2]int{2, 2}, [2]int{1, 1}, [4]int{1, 1, 1, 1}, false, true, true},
		{"dcgan last, 1x1", Float32, []int{2, 3, 4, 4}, [2]int{4, 4}, [2]int{1, 1}, [2]int{1, 1}, [4]int{}, false, true, true},
		{"uneven padding", Float64, []int{1, 2, 5, 7}, [2]int{2, 3}, [2]int{1, 2}, [2]int{1, 1}, [4]int{0, 1, 2, 1}, false, true, true},
		{"dilation", Float32, []int{2, 3, 9, 9}, [2]int{3, 2}, [2]int{2, 1}, [2]int{2, 3}, [4]int{1, 2, 3, 0}, false, true, true},
		{"windows in the padding", Float32, []int{1, 1, 2, 2}, [2]int{3, 3}, [2]int{1, 1}, [2]int{4, 4}, [4]int{4, 4, 4, 4}, false, true, true},
		{"transposed view", Float32, []int{2, 2, 7, 6}, [2]int{3, 3}, [2]int{2, 2}, [2]int{1, 1}, [4]int{1, 1, 1, 1}, true, true, true},
		{"int64", Int64, []int{1, 2, 6, 5}, [2]int{2, 2}, [2]int{2, 1}, [2]int{1, 1}, [4]int{1, 0, 0, 1}, false, true, true},
		{"wide strided rows: col2im by table", Float32, []int{1, 2, 8, 66}, [2]int{3, 3}, [2]int{1, 2}, [2]int{1, 1}, [4]int{1, 1, 1, 1}, false, false, true},
		{"wide contiguous rows keep the walk", Float64, []int{1, 2, 5, 20}, [2]int{3, 3}, [2]int{1, 1}, [2]int{1, 1}, [4]int{1, 1, 1, 1}, false, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := Conv2dOptions{Stride: c.stride, Dilation: c.dilation, Padding: c.padding, Groups: 1}
			n, ch := c.shape[0], c.shape[1]
			h, w := c.shape[2]+c.padding[0]+c.padding[1], c.shape[3]+c.padding[2]+c.padding[3]
			out := [2]int{outputSize(h, c.kernel[0], c.stride[0], c.dilation[0]), outputSize(w, c.kernel[1], c.stride[1], c.dilation[1])}
			x := mustOp(Arange(1, float64(numel(c.shape)+1), 1, c.dtype))
			if c.transposed {
				x = mustOp(mustOp(x.Reshape(n, ch, c.shape[3], c.shape[2])).Transpose(2, 3))
			} else {
				x = mustOp(x.Reshape(c.shape...))
			}
			if table := windowTable(x.shape, x.strides, c.kernel, out, o, false); (table != nil) != c.table {
				t.Errorf("im2col's table: %v, want %v", table != nil, c.table)
			}
			if table := windowTable(x.shape, x.strides, c.kernel, out, o, true); (table != nil) != c.scatter {
				t.Errorf("col2im's table: %v, want %v", table != nil, c.scatter)
			}
			rowsOf := ch * c.kernel[0] * c.kernel[1]
			l := out[0] * out[1]
			for _, layout := range []colsLayout{imageMajor(ch, c.kernel, out), batchInner(n, out)} {
				got := mustOp(Full(-7, c.dtype, rowsOf, n*l))
				want := mustOp(Full(-7, c.dtype, rowsOf, n*l))
				var err error
				if c.dtype == Float32 {
					err = im2colLoop[float32](x, got, c.kernel, out, o, layout)
					if err == nil {
						err = im2colRows[float32](x, want, c.kernel, out, o, layout)
					}
				} else if c.dtype == Float64 {
					err = im2colLoop[float64](x, got, c.kernel, out, o, layout)
					if err == nil {
						err = im2colRows[float64](x, want, c.kernel, out, o, layout)
					}
				} else {
					err = im2colLoop[int64](x, got, c.kernel, out, o, layout)
					if err == nil {
						err = im2colRows[int64](x, want, c.kernel, out, o, layout)
					}
				}
				if err != nil {
					t.Fatal(err)
				}
				if !Equal(got, want) {
					t.Errorf("im2col, layout %+v: the table's columns differ from the row walk's", layout)
				}
				// col2im of columns whose values do not repeat, into an
				// image holding values already (the additions' order shows
				// in float32's rounding).
				cols := mustOp(mustOp(FromSlice(ramp(rowsOf*n*l, 0.37), rowsOf, n*l)).To(c.dtype))
				imgGot := mustOp(mustOp(FromSlice(ramp(numel(c.shape), 1.13), c.shape...)).To(c.dtype))
				imgWant := mustOp(imgGot.Clone())
				if c.dtype == Float32 {
					err = col2imLoop[float32](cols, imgGot, c.kernel, out, o, layout)
					if err == nil {
						err = col2imRows[float32](cols, imgWant, c.kernel, out, o, layout)
					}
				} else if c.dtype == Float64 {
					err = col2imLoop[float64](cols, imgGot, c.kernel, out, o, layout)
					if err == nil {
						err = col2imRows[float64](cols, imgWant, c.kernel, out, o, layout)
					}
				} else {
					err = col2imLoop[int64](cols, imgGot, c.kernel, out, o, layout)
					if err == nil {
						err = col2imRows[int64](cols, imgWant, c.kernel, out, o, layout)
					}
				}
				if err != nil {
					t.Fatal(err)
				}
				if !Equal(imgGot, imgWant) {
					t.Errorf("col2im, layout %+v: the table's sums differ from the row walk's", layout)
				}
			}
		})
	}
}

// ramp returns n values k·step + 0.1·sin(k), k < n.
func ramp(n int, step float64) []float64 {
	v := make([]float64, n)
	for k := range v {
		v[k] = float64(k)*step + 0.1*math.Sin(float64(k))
	}
	return v
}

// TestConv2dEmptyKernel checks that a kernel with no rows or no columns
// is refused by conv2d and conv_transpose2d with PyTorch's message, before any gather (a table of no
// elements would divide by zero).
func TestConv2dEmptyKernel(t *testing.T) {
	x := mustOp(Ones(Float32, 1, 3, 3, 3))
	o := DefaultConv2dOptions()
	o.Stride = [2]int{2, 2}
	for _, c := range []struct {
		shape []int
		want  string
	}{
		{[]int{2, 3, 0, 2}, "kernel size should be greater than zero, but got kernel_height: 0 kernel_width: 2"},
		{[]int{2, 3, 2, 0}, "kernel size should be greater than zero, but got kernel_height: 2 kernel_width: 0"},
	} {
		_, err := Conv2d(x, mustOp(Zeros(Float32, c.shape...)), nil, o)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("conv2d, weight %v: error %v, want RuntimeError %q", c.shape, err, c.want)
		}
		_, err = ConvTranspose2d(x, mustOp(Zeros(Float32, c.shape...)), nil, o, [2]int{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("conv_transpose2d, weight %v: error %v, want RuntimeError %q", c.shape, err, c.want)
		}
	}
	if table := windowTable([]int{1, 3, 3, 3}, []int{27, 9, 3, 1}, [2]int{0, 2}, [2]int{2, 1}, o, false); table != nil {
		t.Errorf("windowTable of an empty kernel: %d entries, want none", len(table))
	}
}

// TestWindowTableCache checks that windowTable hands out a kept table for
// a geometry it built before (the same slice) and, for every geometry,
// the table buildWindowTable builds afresh: shapes that differ only in
// the padding above or to the left, the stride, the dilation, the input
// strides or the output, more geometries than the cache keeps, and a
// table too large to keep.
func TestWindowTableCache(t *testing.T) {
	opts := convOptions
	one, two := [2]int{1, 1}, [2]int{2, 2}
	cases := []struct {
		name           string
		shape, strides []int
		kernel, out    [2]int
		o              Conv2dOptions
		kept           bool
	}{
		{"dcgan second", []int{16, 16, 32, 32}, []int{16384, 1024, 32, 1}, [2]int{4, 4}, [2]int{16, 16}, opts(two, one, [4]int{1, 1, 1, 1}, 1), true},
		{"padding above", []int{16, 16, 32, 32}, []int{16384, 1024, 32, 1}, [2]int{4, 4}, [2]int{16, 16}, opts(two, one, [4]int{0, 2, 1, 1}, 1), true},
		{"padding to the left", []int{16, 16, 32, 32}, []int{16384, 1024, 32, 1}, [2]int{4, 4}, [2]int{16, 16}, opts(two, one, [4]int{1, 1, 0, 2}, 1), true},
		{"dilation", []int{16, 16, 32, 32}, []int{16384, 1024, 32, 1}, [2]int{4, 4}, [2]int{15, 15}, opts(two, two, [4]int{1, 1, 1, 1}, 1), true},
		{"transposed strides", []int{16, 16, 32, 32}, []int{16384, 1024, 1, 32}, [2]int{4, 4}, [2]int{16, 16}, opts(two, one, [4]int{1, 1, 1, 1}, 1), true},
		{"dcgan fourth", []int{16, 64, 8, 8}, []int{4096, 64, 8, 1}, [2]int{4, 4}, [2]int{4, 4}, opts(two, one, [4]int{1, 1, 1, 1}, 1), true},
		{"too large to keep", []int{1, 1, 256, 256}, []int{65536, 65536, 256, 1}, [2]int{4, 4}, [2]int{128, 128}, opts(two, one, [4]int{1, 1, 1, 1}, 1), false},
	}
	for round := range 2 {
		for _, c := range cases {
			first := windowTable(c.shape, c.strides, c.kernel, c.out, c.o, true)
			if first == nil {
				t.Fatalf("%s: no table", c.name)
			}
			again := windowTable(c.shape, c.strides, c.kernel, c.out, c.o, true)
			if same := &first[0] == &again[0]; same != c.kept {
				t.Errorf("round %d, %s: the second call's table is the first's %v, want %v", round, c.name, same, c.kept)
			}
			key := windowKey{c.shape[2], c.shape[3], c.strides[2], c.strides[3], c.kernel, c.out, c.o.Stride, c.o.Dilation, c.o.Padding[0], c.o.Padding[2]}
			if want := buildWindowTable(key); !slices.Equal(again, want) {
				t.Errorf("round %d, %s: the table differs from one built afresh", round, c.name)
			}
		}
		// More geometries than the cache keeps push the first ones out.
		for i := range windowCacheSize {
			windowTable([]int{1, 1, 9 + i, 9}, []int{81, 81, 9, 1}, [2]int{3, 3}, [2]int{4 + i/2, 4}, opts(two, one, [4]int{0, 0, 0, 0}, 1), true)
		}
	}
}

// TestCol2imDense checks the input gradient with col2im by dense passes
// (col2imS2K4Rows) against col2im by table, bit for bit, through the
// batch's columns and image by image, at one and two threads: dcgan's
// second and third layers, rows of outputs that are not a multiple of
// sixteen, a rectangular image, a plane with a nonzero start (the second
// image) and the shapes the passes leave to the table (rows of four, an
// odd height).
func TestCol2imDense(t *testing.T) {
	gen := NewGenerator(21)
	o := convOptions([2]int{2, 2}, [2]int{1, 1}, [4]int{1, 1, 1, 1}, 1)
	cases := []struct {
		name  string
		x, w  []int
		dense bool // whether the passes take it under AVX-512
	}{
		{"dcgan second", []int{16, 16, 32, 32}, []int{32, 16, 4, 4}, true},
		{"dcgan third", []int{16, 32, 16, 16}, []int{64, 32, 4, 4}, true},
		{"rows of 9", []int{3, 4, 18, 18}, []int{5, 4, 4, 4}, true},
		{"rows of 17, one image", []int{1, 2, 6, 34}, []int{3, 2, 4, 4}, true},
		{"rectangular", []int{2, 3, 40, 20}, []int{4, 3, 4, 4}, true},
		{"rows of 33", []int{2, 2, 4, 66}, []int{2, 2, 4, 4}, true},
		{"dcgan fourth: by table", []int{4, 64, 8, 8}, []int{8, 64, 4, 4}, false},
		{"odd height: by table", []int{2, 3, 17, 16}, []int{4, 3, 4, 4}, false},
	}
	defer func() { col2imDense, col2imByImage = true, true }()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := mustOp(Randn(gen, Float32, c.x...))
			w := mustOp(Randn(gen, Float32, c.w...))
			out, err := convGeometry(x, w, nil, o)
			if err != nil {
				t.Fatal(err)
			}
			rows := col2imS2K4Rows[float32](x, [2]int{4, 4}, out, o, out[0]*out[1])
			if avx512 := gemm.Impl() == "avx512"; (rows != nil) != (c.dense && avx512) {
				t.Fatalf("passes %v, want them %v", rows != nil, c.dense && avx512)
			}
			g := mustOp(Randn(gen, Float32, c.x[0], c.w[0], out[0], out[1]))
			for _, threads := range []int{1, 2} {
				old := NumThreads()
				if err := SetNumThreads(threads); err != nil {
					t.Fatal(err)
				}
				for _, byImage := range []bool{false, true} {
					col2imByImage = byImage
					col2imDense = false
					want, _, err := Conv2dGrads(x, w, g, o, true, false)
					if err != nil {
						t.Fatal(err)
					}
					col2imDense = true
					got, _, err := Conv2dGrads(x, w, g, o, true, false)
					if err != nil {
						t.Fatal(err)
					}
					if !Equal(got, want) {
						t.Errorf("threads %d, by image %v: the input gradient by dense passes differs from the table's", threads, byImage)
					}
				}
				SetNumThreads(old)
			}
		})
	}
}
