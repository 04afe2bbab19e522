package tensor

import (
	"math"
	"math/big"
	"testing"
)

// TestApplyScaledRoundsOnce checks a + alpha·b and a - alpha·b
// (ApplyScaled, ApplyScaledInPlace) against the exact result rounded once
// to the dtype, alpha first rounded to it, as PyTorch's add kernel
// computes them: contiguous, broadcast either way and strided operands,
// float32 and float64, mixed dtypes, out of place and in place. Scaling b
// first and adding rounds twice, which differs on a fair share of these
// elements (lang/torch's TestAddAlphaMatchesTorch compares with PyTorch).
func TestApplyScaledRoundsOnce(t *testing.T) {
	vals := func(n int, mul, mod, sub, div float64) *Tensor {
		v := make([]float64, n)
		for i := range v {
			v[i] = (math.Mod(float64(i)*mul, mod) - sub) / div
		}
		return axpyMust(FromSlice(v, n))
	}
	as := func(d DType) func(*Tensor) *Tensor { return func(x *Tensor) *Tensor { return axpyMust(x.To(d)) } }
	mat := func(x *Tensor, r, c int) *Tensor { return axpyMust(axpyMust(x.Narrow(0, 0, r*c)).Reshape(r, c)) }
	a, b := vals(1027, 7, 11, 5, 3), vals(1027, 13, 17, 8, 7)
	for _, c := range []struct {
		name    string
		spec    *BinarySpec
		dtype   DType
		x, y    func(DType) *Tensor
		alpha   float64
		inPlace bool
	}{
		{name: "contiguous", spec: AddSpec, dtype: Float32, alpha: -0.37,
			x: func(d DType) *Tensor { return as(d)(a) }, y: func(d DType) *Tensor { return as(d)(b) }},
		{name: "contiguous sub", spec: SubSpec, dtype: Float64, alpha: 0.1,
			x: func(d DType) *Tensor { return as(d)(a) }, y: func(d DType) *Tensor { return as(d)(b) }},
		{name: "row broadcast", spec: AddSpec, dtype: Float32, alpha: 0.1,
			x: func(d DType) *Tensor { return mat(as(d)(a), 20, 51) }, y: func(d DType) *Tensor { return axpyMust(as(d)(b).Narrow(0, 0, 51)) }},
		{name: "one-element other", spec: AddSpec, dtype: Float64, alpha: -0.7,
			x: func(d DType) *Tensor { return as(d)(a) }, y: func(d DType) *Tensor { return axpyMust(as(d)(b).Narrow(0, 3, 1)) }},
		{name: "one-element input", spec: SubSpec, dtype: Float32, alpha: 0.3,
			x: func(d DType) *Tensor { return axpyMust(as(d)(a).Narrow(0, 5, 1)) }, y: func(d DType) *Tensor { return as(d)(b) }},
		{name: "transposed", spec: AddSpec, dtype: Float32, alpha: 0.1,
			x: func(d DType) *Tensor { return mat(as(d)(a), 51, 20).T() }, y: func(d DType) *Tensor { return mat(as(d)(b), 20, 51) }},
		{name: "stepped", spec: AddSpec, dtype: Float64, alpha: -0.37,
			x: func(d DType) *Tensor { return axpyMust(as(d)(a).Slice(0, 0, 1026, 3)) }, y: func(d DType) *Tensor { return axpyMust(as(d)(b).Slice(0, 1, 1027, 3)) }},
		{name: "int64 input", spec: AddSpec, dtype: Float32, alpha: -0.37,
			x: func(DType) *Tensor { return as(Int64)(vals(1027, 7, 11, 5, 1)) }, y: func(d DType) *Tensor { return as(d)(b) }},
		{name: "in place", spec: AddSpec, dtype: Float32, alpha: -0.37, inPlace: true,
			x: func(d DType) *Tensor { return axpyMust(as(d)(a).Clone()) }, y: func(d DType) *Tensor { return as(d)(b) }},
		{name: "in place broadcast", spec: SubSpec, dtype: Float64, alpha: 0.3, inPlace: true,
			x: func(d DType) *Tensor { return mat(axpyMust(as(d)(a).Clone()), 20, 51) }, y: func(d DType) *Tensor { return axpyMust(as(d)(b).Narrow(0, 0, 51)) }},
		{name: "in place transposed", spec: SubSpec, dtype: Float32, alpha: 0.1, inPlace: true,
			x: func(d DType) *Tensor { return mat(axpyMust(as(d)(a).Clone()), 51, 20).T() }, y: func(d DType) *Tensor { return mat(as(d)(b), 20, 51) }},
		{name: "in place float64 other", spec: AddSpec, dtype: Float64, alpha: 0.1, inPlace: true,
			x: func(DType) *Tensor { return axpyMust(as(Float64)(a).Clone()) }, y: func(DType) *Tensor { return as(Float32)(b) }},
	} {
		x, y := c.x(c.dtype), c.y(c.dtype)
		if !c.spec.Scales(x, y) {
			t.Fatalf("%s: Scales is false", c.name)
		}
		shape := axpyMust(BroadcastShapes(x.Shape(), y.Shape()))
		xs := axpyMust(axpyMust(axpyMust(x.Expand(shape...)).Contiguous()).Float64s())
		ys := axpyMust(axpyMust(axpyMust(y.Expand(shape...)).Contiguous()).Float64s())
		var got *Tensor
		if c.inPlace {
			if err := c.spec.ApplyScaledInPlace(x, y, c.alpha); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			got = x
		} else {
			got = axpyMust(c.spec.ApplyScaled(x, y, c.alpha))
		}
		if got.DType() != c.dtype {
			t.Fatalf("%s: dtype %s, want %s", c.name, got.DType(), c.dtype)
		}
		alpha, prec := c.alpha, uint(53)
		if c.spec == SubSpec {
			alpha = -alpha
		}
		if c.dtype == Float32 {
			alpha, prec = float64(float32(alpha)), 24
		}
		vs := axpyMust(got.Float64s())
		bad, twice := 0, 0
		for i, v := range vs {
			p := new(big.Float).SetPrec(2000).SetFloat64(alpha)
			p.Mul(p, new(big.Float).SetPrec(2000).SetFloat64(ys[i]))
			p.Add(p, new(big.Float).SetPrec(2000).SetFloat64(xs[i]))
			want, _ := p.SetMode(big.ToNearestEven).SetPrec(prec).Float64()
			if v != want {
				if bad++; bad <= 3 {
					t.Errorf("%s: element %d = %v, want %v", c.name, i, v, want)
				}
			}
			if c.dtype == Float32 && float32(xs[i])+float32(ys[i])*float32(alpha) != float32(want) ||
				c.dtype == Float64 && xs[i]+ys[i]*alpha != want {
				twice++
			}
		}
		if twice == 0 {
			t.Errorf("%s: rounding twice gives the same elements, so the case tests nothing", c.name)
		}
	}
}
