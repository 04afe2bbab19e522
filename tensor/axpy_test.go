package tensor

import (
	"math"
	"math/big"
	"slices"
	"testing"
)

// TestAddScaledInPlace checks a += alpha·b against the exact sum rounded
// once to the dtype (math/big), alpha first rounded to the dtype as
// PyTorch's add kernel does, on values whose float32 products are not
// exact; that the version counts the write; and that the operands the
// kernel leaves (other dtypes or shapes, strided, overlapping) are left
// unchanged with false.
func TestAddScaledInPlace(t *testing.T) {
	const n = 1027 // vectors of four and a tail
	vals := func(mul, mod, sub, div float64) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = (math.Mod(float64(i)*mul, mod) - sub) / div
		}
		return v
	}
	av, bv := vals(7, 11, 5, 3), vals(13, 17, 8, 7)
	exact := func(a, b, alpha float64, prec uint) float64 {
		p := new(big.Float).SetPrec(2000).SetFloat64(alpha)
		p.Mul(p, new(big.Float).SetPrec(2000).SetFloat64(b))
		p.Add(p, new(big.Float).SetPrec(2000).SetFloat64(a))
		p.SetMode(big.ToNearestEven).SetPrec(prec)
		f, _ := p.Float64()
		return f
	}
	for _, c := range []struct {
		dtype DType
		alpha float64
	}{{Float32, -0.37}, {Float32, -20}, {Float32, 0.1}, {Float64, -0.37}, {Float64, 1e-3}} {
		a := axpyMust(axpyMust(FromSlice(av, n)).To(c.dtype))
		b := axpyMust(axpyMust(FromSlice(bv, n)).To(c.dtype))
		before := a.Version()
		if !AddScaledInPlace(a, b, c.alpha) {
			t.Fatalf("%s alpha %v: not computed", c.dtype, c.alpha)
		}
		if a.Version() == before {
			t.Errorf("%s alpha %v: the version did not change", c.dtype, c.alpha)
		}
		got := axpyMust(a.Float64s())
		ab, bb := axpyMust(axpyMust(axpyMust(FromSlice(av, n)).To(c.dtype)).Float64s()), axpyMust(b.Float64s())
		alpha, prec := c.alpha, uint(53)
		if c.dtype == Float32 {
			alpha, prec = float64(float32(alpha)), 24
		}
		bad := 0
		for i := range got {
			if want := exact(ab[i], bb[i], alpha, prec); got[i] != want {
				if bad++; bad <= 3 {
					t.Errorf("%s alpha %v: element %d = %v, want %v", c.dtype, c.alpha, i, got[i], want)
				}
			}
		}
	}

	base := func() *Tensor { return axpyMust(axpyMust(FromSlice(av[:12], 3, 4)).To(Float32)) }
	for _, c := range []struct {
		name string
		a, b func() *Tensor
	}{
		{"dtypes", base, func() *Tensor { return axpyMust(base().To(Float64)) }},
		{"ints", func() *Tensor { return axpyMust(base().To(Int64)) }, func() *Tensor { return axpyMust(base().To(Int64)) }},
		{"broadcast", base, func() *Tensor { return axpyMust(FromSlice(av[:4], 4)) }},
		{"strided", base, func() *Tensor { return axpyMust(axpyMust(FromSlice(av[:12], 4, 3)).Transpose(0, 1)) }},
		{"overlap", func() *Tensor { return axpyMust(axpyMust(FromSlice(av[:13], 13)).Narrow(0, 1, 12)) }, nil},
	} {
		a := c.a()
		var b *Tensor
		if c.b != nil {
			b = c.b()
		} else {
			// The same storage, one element before a.
			b = &Tensor{storage: a.storage, dtype: a.dtype, shape: []int{12}, strides: []int{1}}
		}
		was := axpyMust(a.Float64s())
		if AddScaledInPlace(a, b, -0.37) {
			t.Errorf("%s: computed, want false", c.name)
		}
		if now := axpyMust(a.Float64s()); !slices.Equal(now, was) {
			t.Errorf("%s: a changed", c.name)
		}
	}
}

// axpyMust returns v, panicking on err.
func axpyMust[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestAddProductInPlace checks a += x·y (AddProductInPlace, the fused end
// of PyTorch's addcmul_) against the exact result rounded once to the
// dtype, for contiguous, transposed and stepped operands of float32 and
// float64, and that it refuses, changing nothing, what it does not take.
func TestAddProductInPlace(t *testing.T) {
	vals := func(d DType, n int, mul, mod, sub, div float64) *Tensor {
		v := make([]float64, n)
		for i := range v {
			v[i] = (math.Mod(float64(i)*mul, mod) - sub) / div
		}
		return axpyMust(axpyMust(FromSlice(v, n)).To(d))
	}
	mat := func(x *Tensor, r, c int) *Tensor { return axpyMust(axpyMust(x.Narrow(0, 0, r*c)).Reshape(r, c)) }
	tr := func(x *Tensor) *Tensor { return axpyMust(x.Transpose(0, 1)) }
	step := func(x *Tensor) *Tensor { return axpyMust(x.Slice(0, 0, x.shape[0], 2)) }
	for _, c := range []struct {
		name    string
		a, x, y func(d DType) *Tensor
		applies bool
	}{
		{"contiguous", func(d DType) *Tensor { return vals(d, 1027, 7, 11, 5, 3) },
			func(d DType) *Tensor { return vals(d, 1027, 13, 17, 8, 7) }, func(d DType) *Tensor { return vals(d, 1027, 5, 19, 9, 11) }, true},
		{"transposed", func(d DType) *Tensor { return tr(mat(vals(d, 1027, 7, 11, 5, 3), 31, 33)) },
			func(d DType) *Tensor { return tr(mat(vals(d, 1027, 13, 17, 8, 7), 31, 33)) }, func(d DType) *Tensor { return tr(mat(vals(d, 1027, 5, 19, 9, 11), 31, 33)) }, true},
		{"mixed layouts", func(d DType) *Tensor { return step(vals(d, 2054, 7, 11, 5, 3)) },
			func(d DType) *Tensor { return vals(d, 1027, 13, 17, 8, 7) }, func(d DType) *Tensor { return step(vals(d, 2054, 5, 19, 9, 11)) }, true},
		{"0-d", func(d DType) *Tensor { return axpyMust(Full(1.0/3, d)) },
			func(d DType) *Tensor { return axpyMust(Full(0.7, d)) }, func(d DType) *Tensor { return axpyMust(Full(-0.3, d)) }, true},
		{"shapes differ", func(d DType) *Tensor { return vals(d, 10, 7, 11, 5, 3) },
			func(d DType) *Tensor { return vals(d, 10, 13, 17, 8, 7) }, func(d DType) *Tensor { return vals(d, 9, 5, 19, 9, 11) }, false},
		{"dtypes differ", func(d DType) *Tensor { return vals(d, 10, 7, 11, 5, 3) },
			func(d DType) *Tensor { return vals(d, 10, 13, 17, 8, 7) }, func(d DType) *Tensor { return vals(Float16, 10, 5, 19, 9, 11) }, false},
		{"integers", func(DType) *Tensor { return vals(Int64, 10, 7, 11, 5, 1) },
			func(DType) *Tensor { return vals(Int64, 10, 13, 17, 8, 1) }, func(DType) *Tensor { return vals(Int64, 10, 5, 19, 9, 1) }, false},
	} {
		for _, d := range []DType{Float32, Float64} {
			a, x, y := c.a(d), c.x(d), c.y(d)
			before := axpyMust(Values[float64](axpyMust(a.To(Float64))))
			xs := axpyMust(Values[float64](axpyMust(x.To(Float64))))
			ys := axpyMust(Values[float64](axpyMust(y.To(Float64))))
			if got := AddProductInPlace(a, x, y); got != c.applies {
				t.Fatalf("%s %s: applies %v, want %v", c.name, d, got, c.applies)
			}
			after := axpyMust(Values[float64](axpyMust(a.To(Float64))))
			prec := uint(24)
			if d == Float64 {
				prec = 53
			}
			for i := range before {
				want := before[i]
				if c.applies {
					p := new(big.Float).SetPrec(2000).SetFloat64(xs[i])
					p.Mul(p, new(big.Float).SetPrec(2000).SetFloat64(ys[i]))
					p.Add(p, new(big.Float).SetPrec(2000).SetFloat64(before[i]))
					want, _ = p.SetMode(big.ToNearestEven).SetPrec(prec).Float64()
				}
				if after[i] != want {
					t.Fatalf("%s %s, element %d: %v, want %v", c.name, d, i, after[i], want)
				}
			}
		}
	}
	// a sharing x's elements at an offset refuses.
	base := vals(Float32, 20, 7, 11, 5, 3)
	a, x := axpyMust(base.Narrow(0, 0, 10)), axpyMust(base.Narrow(0, 5, 10))
	if AddProductInPlace(a, x, vals(Float32, 10, 5, 19, 9, 11)) {
		t.Fatal("overlapping a and x: applied")
	}
}
