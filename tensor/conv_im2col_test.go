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
