package autograd

import (
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// must returns v, panicking (which fails the test) on err.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// fixture makes the tensors of one test from a seeded generator.
type fixture struct {
	t *testing.T
	g *tensor.Generator
}

func newFixture(t *testing.T) *fixture { return &fixture{t, tensor.NewGenerator(1)} }

// leaf marks x as a leaf that requires grad and returns it.
func (f *fixture) leaf(x *tensor.Tensor) *tensor.Tensor {
	f.t.Helper()
	if err := SetRequiresGrad(x, true); err != nil {
		f.t.Fatal(err)
	}
	return x
}

// randn returns a float64 leaf of normal draws.
func (f *fixture) randn(shape ...int) *tensor.Tensor {
	f.t.Helper()
	return f.leaf(must(tensor.Randn(f.g, tensor.Float64, shape...)))
}

// positive returns a float64 leaf of draws in [0.5, 2).
func (f *fixture) positive(shape ...int) *tensor.Tensor {
	f.t.Helper()
	u := must(tensor.Rand(f.g, tensor.Float64, shape...))
	return f.leaf(must(tensor.Add(must(tensor.Mul(u, tensor.MustScalar(1.5))), tensor.MustScalar(0.5))))
}

// transposed returns a float64 leaf of shape [rows, cols] that is the
// transpose of a contiguous [cols, rows] tensor, so its strides are not
// row-major.
func (f *fixture) transposed(rows, cols int) *tensor.Tensor {
	f.t.Helper()
	return f.leaf(must(tensor.Randn(f.g, tensor.Float64, cols, rows)).T())
}

// sliced returns a float64 leaf of shape [rows, cols] that takes every
// other row of a larger tensor.
func (f *fixture) sliced(rows, cols int) *tensor.Tensor {
	f.t.Helper()
	base := must(tensor.Randn(f.g, tensor.Float64, 2*rows, cols))
	return f.leaf(must(base.Slice(0, 0, 2*rows, 2)))
}

// values returns a constant tensor (not requiring grad) holding vals.
func values[T tensor.Element](vals []T, shape ...int) *tensor.Tensor {
	return must(tensor.FromSlice(vals, shape...))
}

// floats returns the elements of x as float64s.
func floats(x *tensor.Tensor) []float64 {
	return must(x.Float64s())
}

// near reports whether a and b agree elementwise within 1e-6.
func near(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if d := a[i] - b[i]; d > 1e-6 || d < -1e-6 {
			return false
		}
	}
	return true
}
