package tensor

import "testing"

// TestIm2colLoop checks the gathered windows against the contiguous copy
// of the padded input's strided windows (the path other dtypes take),
// element for element: padding on every side, stride, dilation, groups,
// an input that is a transposed view, and int64; dcgan's wide strided
// rows, which go by table where the vector gathers run (by phases
// under KAEL_ISA=generic), and rows that end in a partial vector.
func TestIm2colLoop(t *testing.T) {
	cases := []struct {
		name             string
		dtype            DType
		shape            []int // [N, C, H, W]
		kernel           [2]int
		stride, dilation [2]int
		padding          [4]int
		groups           int
		transposed       bool // x is the [N, C, W, H] input with H and W swapped
	}{
		{"plain", Float32, []int{2, 3, 6, 5}, [2]int{3, 3}, [2]int{1, 1}, [2]int{1, 1}, [4]int{}, 1, false},
		{"dcgan", Float32, []int{2, 3, 8, 8}, [2]int{4, 4}, [2]int{2, 2}, [2]int{1, 1}, [4]int{1, 1, 1, 1}, 1, false},
		{"dcgan first layer, rows of 32", Float32, []int{2, 3, 64, 64}, [2]int{4, 4}, [2]int{2, 2}, [2]int{1, 1}, [4]int{1, 1, 1, 1}, 1, false},
		{"dcgan second layer, rows of 16", Float32, []int{2, 4, 32, 32}, [2]int{4, 4}, [2]int{2, 2}, [2]int{1, 1}, [4]int{1, 1, 1, 1}, 1, false},
		{"strided rows of 35", Float32, []int{1, 2, 9, 70}, [2]int{4, 4}, [2]int{2, 2}, [2]int{1, 1}, [4]int{1, 1, 1, 1}, 1, false},
		{"uneven padding", Float64, []int{1, 2, 5, 7}, [2]int{2, 3}, [2]int{1, 2}, [2]int{1, 1}, [4]int{0, 1, 2, 1}, 1, false},
		{"dilation", Float32, []int{1, 4, 9, 9}, [2]int{3, 2}, [2]int{2, 1}, [2]int{2, 3}, [4]int{1, 2, 3, 0}, 2, false},
		{"view", Float32, []int{2, 2, 6, 4}, [2]int{3, 3}, [2]int{1, 2}, [2]int{1, 1}, [4]int{1, 1, 1, 1}, 1, true},
		{"rows all padding", Float32, []int{1, 1, 2, 2}, [2]int{3, 3}, [2]int{1, 1}, [2]int{4, 4}, [4]int{4, 4, 4, 4}, 1, false},
		{"int64", Int64, []int{1, 2, 4, 4}, [2]int{2, 2}, [2]int{1, 1}, [2]int{1, 1}, [4]int{1, 0, 0, 1}, 2, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := 1
			for _, s := range c.shape {
				n *= s
			}
			x, err := Arange(1, float64(n+1), 1, c.dtype)
			if err != nil {
				t.Fatal(err)
			}
			if c.transposed {
				if x, err = x.Reshape(c.shape[0], c.shape[1], c.shape[3], c.shape[2]); err != nil {
					t.Fatal(err)
				}
				if x, err = x.Transpose(2, 3); err != nil {
					t.Fatal(err)
				}
			} else if x, err = x.Reshape(c.shape...); err != nil {
				t.Fatal(err)
			}
			o := Conv2dOptions{Stride: c.stride, Padding: c.padding, Dilation: c.dilation, Groups: c.groups}
			ph, pw := c.shape[2]+c.padding[0]+c.padding[1], c.shape[3]+c.padding[2]+c.padding[3]
			out := [2]int{outputSize(ph, c.kernel[0], c.stride[0], c.dilation[0]), outputSize(pw, c.kernel[1], c.stride[1], c.dilation[1])}
			got, err := im2col(x, c.kernel, out, o)
			if err != nil {
				t.Fatal(err)
			}
			padded, err := pad(x, c.padding, 0)
			if err != nil {
				t.Fatal(err)
			}
			want, err := windows(padded, c.kernel, out, c.stride, c.dilation).Contiguous()
			if err != nil {
				t.Fatal(err)
			}
			if want, err = want.Reshape(got.shape...); err != nil {
				t.Fatal(err)
			}
			if !Equal(got, want) {
				t.Errorf("im2col differs from the padded windows:\ngot  %v\nwant %v", got, want)
			}
		})
	}
}

// TestFoldedGrad checks the output gradient's layout for the folded
// backward, [G, O/G, N·oh·ow], against Permute and Contiguous, for both
// float dtypes: contiguous gradients (copied by runs, the images in
// parallel), one image, groups, a gradient at an offset in its storage
// (a narrowed batch) and a transposed view.
func TestFoldedGrad(t *testing.T) {
	g := NewGenerator(5)
	cases := []struct {
		name       string
		dtype      DType
		shape      []int
		groups     int
		narrow     bool
		transposed bool
	}{
		{"dcgan layer", Float32, []int{16, 32, 16, 16}, 1, false, false},
		{"odd sizes", Float64, []int{3, 5, 7, 3}, 1, false, false},
		{"groups", Float32, []int{4, 6, 5, 5}, 3, false, false},
		{"one image", Float32, []int{1, 4, 3, 3}, 2, false, false},
		{"1x1 outputs", Float32, []int{5, 1, 1, 1}, 1, false, false},
		{"offset", Float64, []int{4, 6, 3, 5}, 2, true, false},
		{"transposed view", Float32, []int{3, 4, 6, 5}, 1, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			shape := append([]int{}, c.shape...)
			if c.narrow {
				shape[0] += 2
			}
			if c.transposed {
				shape[2], shape[3] = shape[3], shape[2]
			}
			g4 := mustOp(mustOp(Randn(g, Float64, shape...)).To(c.dtype))
			if c.narrow {
				g4 = mustOp(g4.Narrow(0, 1, c.shape[0]))
			}
			if c.transposed {
				g4 = mustOp(g4.Transpose(2, 3))
			}
			n, oc, l := c.shape[0], c.shape[1], c.shape[2]*c.shape[3]
			want := mustOp(mustOp(mustOp(g4.Permute(1, 0, 2, 3)).Contiguous()).Reshape(c.groups, oc/c.groups, n*l))
			var got *Tensor
			var err error
			if c.dtype == Float32 {
				var buf *[]float32
				got, buf, err = foldedGrad[float32](g4, c.groups)
				defer putScratch(buf)
			} else {
				var buf *[]float64
				got, buf, err = foldedGrad[float64](g4, c.groups)
				defer putScratch(buf)
			}
			if err != nil {
				t.Fatal(err)
			}
			if !Equal(got, want) {
				t.Errorf("foldedGrad differs from Permute(1, 0, 2, 3).Contiguous()")
			}
		})
	}
}

// TestInputGradByImage checks the input gradient computed image by image
// (inputGradByImage) against the whole batch's columns and col2im, bit
// for bit, with wᵀ packed once a call and by every image's GEMM, with
// one and two threads: dcgan's first and second layers,
// both dtypes, stride 1 and 3×3 kernels (rows by run), dilation, uneven
// padding, groups, odd sizes and an output gradient that is a transposed
// view.
func TestInputGradByImage(t *testing.T) {
	gen := NewGenerator(13)
	opts := convOptions
	one, two := [2]int{1, 1}, [2]int{2, 2}
	pad1 := [4]int{1, 1, 1, 1}
	cases := []struct {
		name       string
		dtype      DType
		x, w       []int
		o          Conv2dOptions
		transposed bool
	}{
		{"dcgan second", Float32, []int{4, 16, 32, 32}, []int{32, 16, 4, 4}, opts(two, one, pad1, 1), false},
		{"dcgan first", Float32, []int{3, 3, 64, 64}, []int{16, 3, 4, 4}, opts(two, one, pad1, 1), false},
		{"float64, 3x3 stride 1", Float64, []int{2, 3, 16, 17}, []int{4, 3, 3, 3}, opts(one, one, pad1, 1), false},
		{"dilation, uneven padding", Float32, []int{3, 2, 17, 39}, []int{5, 2, 3, 2}, opts([2]int{1, 2}, [2]int{2, 3}, [4]int{2, 0, 1, 3}, 1), false},
		{"groups, odd sizes", Float64, []int{2, 6, 41, 45}, []int{9, 2, 4, 3}, opts(two, one, [4]int{1, 2, 0, 1}, 3), false},
		{"transposed gradient", Float32, []int{2, 4, 34, 34}, []int{6, 4, 4, 4}, opts(two, one, pad1, 1), true},
	}
	defer func() { col2imByImage, inputGradPackedOnce = true, true }()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := mustOp(mustOp(Randn(gen, Float64, c.x...)).To(c.dtype))
			w := mustOp(mustOp(Randn(gen, Float64, c.w...)).To(c.dtype))
			out, err := convGeometry(x, w, nil, c.o)
			if err != nil {
				t.Fatal(err)
			}
			if out[0]*out[1] < col2imImageMinWidth {
				t.Fatalf("%d outputs an image: not by image", out[0]*out[1])
			}
			gs := []int{c.x[0], c.w[0], out[0], out[1]}
			if c.transposed {
				gs[2], gs[3] = gs[3], gs[2]
			}
			g := mustOp(mustOp(Randn(gen, Float64, gs...)).To(c.dtype))
			if c.transposed {
				g = mustOp(g.Transpose(2, 3))
			}
			for _, threads := range []int{1, 2} {
				old := NumThreads()
				if err := SetNumThreads(threads); err != nil {
					t.Fatal(err)
				}
				col2imByImage = false
				want, _, err := Conv2dGrads(x, w, g, c.o, true, false)
				if err != nil {
					t.Fatal(err)
				}
				col2imByImage = true
				for _, once := range []bool{false, true} {
					inputGradPackedOnce = once
					got, _, err := Conv2dGrads(x, w, g, c.o, true, false)
					if err != nil {
						t.Fatal(err)
					}
					if !Equal(got, want) {
						t.Errorf("threads %d, wᵀ packed once %v: the input gradient by image differs from the batch's", threads, once)
					}
				}
				SetNumThreads(old)
			}
		})
	}
}
