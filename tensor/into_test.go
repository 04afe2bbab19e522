package tensor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// randT returns a float32 or float64 tensor of shape with values drawn
// from r, some of them large so that roundings differ between orders.
func randT(t *testing.T, r *rand.Rand, d DType, shape ...int) *Tensor {
	t.Helper()
	n := numel(shape)
	v := make([]float64, n)
	for i := range v {
		v[i] = r.NormFloat64() * math.Pow(10, float64(r.IntN(3)))
	}
	x, err := FromSlice(v, shape...)
	if err != nil {
		t.Fatal(err)
	}
	if x, err = x.To(d); err != nil {
		t.Fatal(err)
	}
	return x
}

// sameBitsInto fails unless got and want hold the same values bit for bit.
func sameBitsInto(t *testing.T, name string, got, want *Tensor) {
	t.Helper()
	if got.DType() != want.DType() || !slices.Equal(got.Shape(), want.Shape()) {
		t.Fatalf("%s: got %s %v, want %s %v", name, got.DType(), got.Shape(), want.DType(), want.Shape())
	}
	// Every dtype here widens to float64 exactly.
	values := func(x *Tensor) []float64 {
		x, err := x.To(Float64)
		if err != nil {
			t.Fatal(err)
		}
		v, err := Values[float64](x)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	g, w := values(got), values(want)
	for i := range g {
		if math.Float64bits(g[i]) != math.Float64bits(w[i]) && !(math.IsNaN(g[i]) && math.IsNaN(w[i])) {
			t.Fatalf("%s: element %d is %v, want %v", name, i, g[i], w[i])
		}
	}
}

// outLike returns a tensor of shape and dtype d filled with NaN, as a view
// at offset 7 of a larger buffer when offset, so that an entry point that
// ignored out's offset or left an element unwritten would show.
func outLike(t *testing.T, d DType, offset bool, shape ...int) *Tensor {
	t.Helper()
	n, pad := numel(shape), 0
	if offset {
		pad = 7
	}
	buf, err := Full(math.NaN(), d, n+pad)
	if err != nil {
		t.Fatal(err)
	}
	if buf, err = buf.Narrow(0, pad, n); err != nil {
		t.Fatal(err)
	}
	out, err := buf.View(shape...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestMatmulIntoIsMatmul(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, d := range []DType{Float32, Float64} {
		for _, c := range []struct {
			name   string
			a, b   []int
			bTrans bool // b is the transpose of a contiguous tensor
		}{
			{"row times matrix", []int{1, 300}, []int{300, 70}, false},
			{"row times transposed weight", []int{1, 768}, []int{768, 96}, true},
			{"rows times transposed weight", []int{5, 33}, []int{33, 20}, true},
			{"large", []int{40, 300}, []int{300, 50}, false},
			{"stack times matrix", []int{3, 4, 10}, []int{10, 6}, false},
			{"heads: query times keys", []int{12, 1, 64}, []int{12, 64, 37}, true},
			{"heads: probabilities times values", []int{12, 1, 37}, []int{12, 37, 64}, false},
			{"heads, several queries", []int{4, 3, 16}, []int{4, 16, 9}, true},
			{"empty", []int{0, 5}, []int{5, 3}, false},
		} {
			a := randT(t, r, d, c.a...)
			var b *Tensor
			if c.bTrans {
				s := append([]int(nil), c.b...)
				s[len(s)-1], s[len(s)-2] = s[len(s)-2], s[len(s)-1]
				var err error
				if b, err = randT(t, r, d, s...).Transpose(-1, -2); err != nil {
					t.Fatal(err)
				}
			} else {
				b = randT(t, r, d, c.b...)
			}
			want, err := Matmul(a, b)
			if err != nil {
				t.Fatal(err)
			}
			for _, offset := range []bool{false, true} {
				out := outLike(t, d, offset, want.Shape()...)
				if err := MatmulInto(out, a, b); err != nil {
					t.Fatalf("%s %s: %v", d, c.name, err)
				}
				sameBitsInto(t, d.String()+" "+c.name, out, want)
			}
		}
	}
}

func TestLinearIntoIsLinear(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, d := range []DType{Float32, Float64} {
		for _, c := range []struct {
			name          string
			rows, in, out int
			bias          bool
		}{
			{"one row, GPT-2's width", 1, 768, 200, true},
			{"one row, no bias", 1, 100, 30, false},
			{"rows, the bias first", 6, 200, 40, true},
			{"rows past the bias-first width", 6, 300, 40, true},
			{"one output", 4, 10, 1, true},
		} {
			x := randT(t, r, d, c.rows, c.in)
			w := randT(t, r, d, c.out, c.in)
			var b *Tensor
			if c.bias {
				b = randT(t, r, d, c.out)
			}
			want, err := Linear(x, w, b)
			if err != nil {
				t.Fatal(err)
			}
			for _, offset := range []bool{false, true} {
				out := outLike(t, d, offset, c.rows, c.out)
				if err := LinearInto(out, x, w, b); err != nil {
					t.Fatalf("%s %s: %v", d, c.name, err)
				}
				sameBitsInto(t, d.String()+" "+c.name, out, want)
			}
		}
	}
}

func TestLayerNormIntoIsLayerNorm(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, d := range []DType{Float32, Float64} {
		for _, c := range []struct {
			name   string
			shape  []int
			affine bool
		}{
			{"one row, GPT-2's width", []int{1, 768}, true},
			{"rows", []int{9, 50}, true},
			{"no weight or bias", []int{2, 3, 17}, false},
		} {
			n := c.shape[len(c.shape)-1]
			h := randT(t, r, d, c.shape...)
			a := randT(t, r, d, c.shape...)
			var w, b *Tensor
			if c.affine {
				w, b = randT(t, r, d, n), randT(t, r, d, n)
			}
			want, err := LayerNorm(h, []int{n}, w, b, 1e-5)
			if err != nil {
				t.Fatal(err)
			}
			out := outLike(t, d, true, c.shape...)
			if err := LayerNormInto(out, h, w, b, 1e-5); err != nil {
				t.Fatalf("%s %s: %v", d, c.name, err)
			}
			sameBitsInto(t, d.String()+" "+c.name, out, want)

			// The residual add and the layer norm, fused and apart.
			sum, err := h.Clone()
			if err != nil {
				t.Fatal(err)
			}
			if err := AddSpec.ApplyInPlace(sum, a); err != nil {
				t.Fatal(err)
			}
			if want, err = LayerNorm(sum, []int{n}, w, b, 1e-5); err != nil {
				t.Fatal(err)
			}
			out = outLike(t, d, true, c.shape...)
			if err := AddLayerNormInto(out, h, a, w, b, 1e-5); err != nil {
				t.Fatalf("%s %s: %v", d, c.name, err)
			}
			sameBitsInto(t, d.String()+" "+c.name+": the sum", h, sum)
			sameBitsInto(t, d.String()+" "+c.name+": the norm", out, want)
		}
	}
}

func TestSoftmaxIntoIsSoftmax(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, d := range []DType{Float32, Float64} {
		for _, shape := range [][]int{{12, 1, 37}, {4, 3, 200}, {5}, {2, 0}} {
			x := randT(t, r, d, shape...)
			want, err := Softmax(x, -1)
			if err != nil {
				t.Fatal(err)
			}
			out := outLike(t, d, true, shape...)
			if err := SoftmaxInto(out, x); err != nil {
				t.Fatalf("%s %v: %v", d, shape, err)
			}
			sameBitsInto(t, fmt.Sprintf("%s %v", d, shape), out, want)
		}
	}
}

func TestMatmulWidenedIntoIsMatmulWidened(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for _, d := range []DType{BFloat16, Float16} {
		for _, c := range []struct {
			name  string
			x     []int
			k, n  int
			trans bool // w is the transpose of a contiguous [n, k] tensor
		}{
			{"one row", []int{1, 300}, 300, 70, false},
			{"one row, the head's layout", []int{1, 64}, 64, 500, true},
			{"a vector", []int{40}, 40, 9, false},
			{"rows", []int{5, 33}, 33, 20, false},
			{"stacked rows", []int{2, 3, 16}, 16, 8, true},
		} {
			x := randT(t, r, Float32, c.x...)
			var w *Tensor
			var err error
			if c.trans {
				w = randT(t, r, Float32, c.n, c.k).T()
			} else {
				w = randT(t, r, Float32, c.k, c.n)
			}
			if w, err = w.To(d); err != nil {
				t.Fatal(err)
			}
			want, err := MatmulWidened(x, w)
			if err != nil {
				t.Fatal(err)
			}
			out := outLike(t, Float32, true, want.Shape()...)
			if err := MatmulWidenedInto(out, x, w); err != nil {
				t.Fatalf("%s %s: %v", d, c.name, err)
			}
			sameBitsInto(t, d.String()+" "+c.name, out, want)
		}
	}
}

func TestGeluInPlaceIsGelu(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, d := range []DType{Float32, Float64, BFloat16} {
		for _, approx := range []string{"none", "tanh"} {
			x := randT(t, r, Float32, 3, 1000)
			x, err := x.To(d)
			if err != nil {
				t.Fatal(err)
			}
			want, err := Gelu(x, approx)
			if err != nil {
				t.Fatal(err)
			}
			if err := GeluInPlace(x, approx); err != nil {
				t.Fatal(err)
			}
			sameBitsInto(t, d.String()+" "+approx, x, want)
		}
	}
}

func TestIntoRefuses(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	x := randT(t, r, Float32, 2, 8)
	w := randT(t, r, Float32, 4, 8)
	b := randT(t, r, Float32, 4)
	n8 := randT(t, r, Float32, 8)
	wide, err := Empty(Float32, 4, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		run  func() error
		want string
	}{
		{"matmul: wrong out shape", func() error { return MatmulInto(randT(t, r, Float32, 2, 5), x, w.T()) }, "out has shape"},
		{"matmul: wrong out dtype", func() error { return MatmulInto(randT(t, r, Float64, 2, 4), x, w.T()) }, "out has dtype"},
		{"matmul: inner sizes", func() error { return MatmulInto(randT(t, r, Float32, 2, 4), x, w) }, "cannot be multiplied"},
		{"matmul: 1-D", func() error { return MatmulInto(randT(t, r, Float32, 4), n8, w.T()) }, "at least 2 dimensions"},
		{"matmul: int64", func() error {
			i, _ := Zeros(Int64, 2, 2)
			o, _ := Zeros(Int64, 2, 2)
			return MatmulInto(o, i, i)
		}, "float32 or float64"},
		{"matmul: out not contiguous", func() error { return MatmulInto(wide.T(), x, w.T()) }, "contiguous"},
		{"matmul: out is an input", func() error { sq := randT(t, r, Float32, 3, 3); return MatmulInto(sq, sq, sq) }, "share memory"},
		{"matmul: batches differ", func() error {
			return MatmulInto(randT(t, r, Float32, 2, 1, 3), randT(t, r, Float32, 2, 1, 4), randT(t, r, Float32, 3, 4, 3))
		}, "batch dimensions"},
		{"linear: bias shape", func() error { return LinearInto(randT(t, r, Float32, 2, 4), x, w, n8) }, "bias of shape"},
		{"linear: dtypes", func() error { return LinearInto(randT(t, r, Float32, 2, 4), x, randT(t, r, Float64, 4, 8), b) }, "one dtype"},
		{"layer_norm: weight shape", func() error { return LayerNormInto(randT(t, r, Float32, 2, 8), x, b, nil, 1e-5) }, "weight of shape"},
		{"layer_norm: out is x", func() error { return LayerNormInto(x, x, nil, nil, 1e-5) }, "share memory"},
		{"add_layer_norm: addend shape", func() error {
			return AddLayerNormInto(randT(t, r, Float32, 2, 8), x, randT(t, r, Float32, 1, 8), nil, nil, 1e-5)
		}, "addend"},
		{"softmax: out is x", func() error { return SoftmaxInto(x, x) }, "share memory"},
		{"softmax: 0-d", func() error { return SoftmaxInto(MustScalar(1.0), MustScalar(1.0)) }, "at least 1 dimension"},
		{"matmul_widened: float32 weights", func() error { return MatmulWidenedInto(randT(t, r, Float32, 2, 4), x, w.T()) }, "bfloat16 or float16"},
		{"gelu: approximate", func() error { return GeluInPlace(x, "fast") }, "approximate"},
	} {
		err := c.run()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", c.name, err, c.want)
		}
	}
}
