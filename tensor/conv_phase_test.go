package tensor

import "testing"

// TestPhasesMatchRows checks that im2col by phases gives the row walk's
// columns bit for bit (the same values; it only copies): dcgan's first
// two layers, odd sizes and uneven padding, stride 3, padding wider than
// the stride, an input that is a transposed view, both column layouts,
// float32, float64 and int64. It also checks which geometries take the
// phases.
func TestPhasesMatchRows(t *testing.T) {
	cases := []struct {
		name       string
		dtype      DType
		shape      []int // [N, C, H, W]
		kernel     [2]int
		stride     int
		dilation   [2]int
		padding    [4]int
		transposed bool
		phased     bool // whether im2col takes the phases
	}{
		{"dcgan first layer", Float32, []int{2, 3, 64, 64}, [2]int{4, 4}, 2, [2]int{1, 1}, [4]int{1, 1, 1, 1}, false, true},
		{"dcgan second layer", Float64, []int{3, 4, 32, 32}, [2]int{4, 4}, 2, [2]int{1, 1}, [4]int{1, 1, 1, 1}, false, true},
		{"odd sizes, uneven padding", Float32, []int{2, 3, 35, 37}, [2]int{4, 5}, 2, [2]int{1, 1}, [4]int{2, 0, 1, 3}, false, true},
		{"stride 3", Float64, []int{1, 2, 50, 49}, [2]int{5, 5}, 3, [2]int{1, 1}, [4]int{2, 2, 1, 1}, false, true},
		{"padding wider than the stride", Float32, []int{1, 2, 33, 31}, [2]int{6, 6}, 2, [2]int{1, 1}, [4]int{5, 4, 5, 3}, false, true},
		{"transposed view", Float32, []int{2, 2, 34, 33}, [2]int{4, 4}, 2, [2]int{1, 1}, [4]int{1, 1, 1, 1}, true, true},
		{"int64", Int64, []int{1, 2, 32, 40}, [2]int{3, 3}, 2, [2]int{1, 1}, [4]int{1, 1, 1, 1}, false, true},
		{"rows of 8 keep the table", Float32, []int{2, 3, 16, 16}, [2]int{4, 4}, 2, [2]int{1, 1}, [4]int{1, 1, 1, 1}, false, false},
		{"dilation keeps the walk", Float32, []int{1, 2, 40, 40}, [2]int{3, 3}, 2, [2]int{2, 2}, [4]int{1, 1, 1, 1}, false, false},
		{"a kernel the stride's size keeps the walk", Float32, []int{1, 2, 40, 40}, [2]int{2, 2}, 2, [2]int{1, 1}, [4]int{}, false, false},
		{"stride 1 keeps the walk", Float32, []int{1, 2, 20, 20}, [2]int{3, 3}, 1, [2]int{1, 1}, [4]int{1, 1, 1, 1}, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := Conv2dOptions{Stride: [2]int{c.stride, c.stride}, Dilation: c.dilation, Padding: c.padding, Groups: 1}
			n, ch := c.shape[0], c.shape[1]
			h, w := c.shape[2]+c.padding[0]+c.padding[1], c.shape[3]+c.padding[2]+c.padding[3]
			out := [2]int{outputSize(h, c.kernel[0], c.stride, c.dilation[0]), outputSize(w, c.kernel[1], c.stride, c.dilation[1])}
			x := mustOp(Arange(1, float64(numel(c.shape)+1), 1, c.dtype))
			if c.transposed {
				x = mustOp(mustOp(x.Reshape(n, ch, c.shape[3], c.shape[2])).Transpose(2, 3))
			} else {
				x = mustOp(x.Reshape(c.shape...))
			}
			if _, ok := phases(x.shape, c.kernel, out, o); ok != c.phased {
				t.Fatalf("phases: %v, want %v", ok, c.phased)
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
					t.Errorf("im2col, layout %+v: the phases' columns differ from the row walk's", layout)
				}
			}
		})
	}
}
