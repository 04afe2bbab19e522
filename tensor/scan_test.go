package tensor

import (
	"math"
	"testing"
)

// TestScansAcrossChunks checks cumprod, logcumsumexp and cummax along the
// first dimension of a tensor wider than a chunk of lines (256), and along
// the last of a transposed (non-contiguous) one, against a plain loop in
// float64.
func TestScansAcrossChunks(t *testing.T) {
	const rows, cols = 5, 300
	vals := make([]float64, rows*cols)
	for i := range vals {
		vals[i] = 0.5 + math.Mod(float64(i)*0.618, 1) // in [0.5, 1.5)
	}
	x, err := FromSlice(vals, rows, cols)
	if err != nil {
		t.Fatal(err)
	}
	want := func(j, i int, f func(acc, v float64) float64, init float64) float64 {
		acc := init
		for k := 0; k <= i; k++ {
			acc = f(acc, vals[k*cols+j])
		}
		return acc
	}
	mul := func(a, v float64) float64 { return a * v }
	lse := func(a, v float64) float64 { return math.Max(a, v) + math.Log1p(math.Exp(-math.Abs(a-v))) }
	maxf := math.Max
	xt, err := x.Transpose(0, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		run  func(x *Tensor, dim int) (*Tensor, error)
		f    func(acc, v float64) float64
		init float64
	}{
		{"cumprod", Cumprod, mul, 1},
		{"logcumsumexp", Logcumsumexp, lse, math.Inf(-1)},
		{"cummax", func(x *Tensor, dim int) (*Tensor, error) {
			v, _, err := CumExtreme(x, dim, true)
			return v, err
		}, maxf, math.Inf(-1)},
	} {
		for _, in := range []struct {
			t        *Tensor
			dim      int
			transpos bool
		}{{x, 0, false}, {xt, 1, true}} {
			out, err := c.run(in.t, in.dim)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			got, err := out.Float64s()
			if err != nil {
				t.Fatal(err)
			}
			for i := range rows {
				for j := range cols {
					g := got[i*cols+j]
					if in.transpos {
						g = got[j*rows+i]
					}
					if w := want(j, i, c.f, c.init); math.Abs(g-w) > 1e-12*math.Max(1, math.Abs(w)) {
						t.Fatalf("%s dim %d [%d, %d] = %v, want %v", c.name, in.dim, i, j, g, w)
					}
				}
			}
		}
	}
}
