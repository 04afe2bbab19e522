package tensor

import (
	"math"
	"strings"
	"testing"
)

// TestMapGrad checks MapGrad against the two steps it fuses, the
// derivative mapped over x (rounded to the dtype) and then multiplied by
// g, bit for bit: leaky_relu's and GELU's derivatives, float32 and
// float64, contiguous and transposed operands; and its refusals.
func TestMapGrad(t *testing.T) {
	leaky := func(v float64) float64 {
		if v > 0 {
			return 1
		}
		return 0.2
	}
	gelu := func(v float64) float64 {
		return 0.5*(1+math.Erf(v/math.Sqrt2)) + v*math.Exp(-v*v/2)/math.Sqrt(2*math.Pi)
	}
	cases := []struct {
		name       string
		dtype      DType
		shape      []int
		deriv      func(float64) float64
		transposed bool // x and g are transposed views
	}{
		{"leaky float32", Float32, []int{3, 5}, leaky, false},
		{"gelu float32", Float32, []int{4, 7}, gelu, false},
		{"gelu float64", Float64, []int{2, 3, 4}, gelu, false},
		{"leaky float32 view", Float32, []int{6, 5}, leaky, true},
		{"gelu float64 view", Float64, []int{3, 4}, gelu, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			gen := NewGenerator(7)
			x, err := Randn(gen, c.dtype, c.shape...)
			if err != nil {
				t.Fatal(err)
			}
			g, err := Randn(gen, c.dtype, c.shape...)
			if err != nil {
				t.Fatal(err)
			}
			if c.transposed {
				if x, err = x.Transpose(0, 1); err != nil {
					t.Fatal(err)
				}
				if g, err = g.Transpose(0, 1); err != nil {
					t.Fatal(err)
				}
			}
			got, err := MapGrad(g, x, c.deriv)
			if err != nil {
				t.Fatal(err)
			}
			d, err := MapActivation("test", x, c.deriv)
			if err != nil {
				t.Fatal(err)
			}
			want, err := Mul(g, d)
			if err != nil {
				t.Fatal(err)
			}
			if !Equal(got, want) {
				t.Errorf("MapGrad differs from g·deriv(x):\ngot  %v\nwant %v", got, want)
			}
		})
	}
	x32, _ := Zeros(Float32, 2, 3)
	refusals := []struct {
		name string
		g, x *Tensor
		want string
	}{
		{"shape", mustZeros(Float32, 3, 2), x32, "MapGrad: gradient float32 [3, 2] and input float32 [2, 3] differ"},
		{"dtype", mustZeros(Float64, 2, 3), x32, "MapGrad: gradient float64 [2, 3] and input float32 [2, 3] differ"},
		{"int64", mustZeros(Int64, 2), mustZeros(Int64, 2), "MapGrad: int64 is neither float32 nor float64"},
	}
	for _, c := range refusals {
		t.Run(c.name, func(t *testing.T) {
			_, err := MapGrad(c.g, c.x, func(v float64) float64 { return v })
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want %q", err, c.want)
			}
		})
	}
}
