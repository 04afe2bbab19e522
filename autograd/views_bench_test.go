package autograd

import (
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// The cost of knowing views (issue 30): small operations on tensors that
// are no views, recorded and not, and the views themselves.

func benchTiny(b *testing.B, grad bool) (x, y *tensor.Tensor) {
	x = must(tensor.FromSlice([]float32{1, 2, 3, 4}, 4))
	y = must(tensor.FromSlice([]float32{5, 6, 7, 8}, 4))
	if grad {
		must(0, SetRequiresGrad(y, true))
	}
	b.ReportAllocs()
	return x, y
}

// BenchmarkTinyAddRecorded times x + y on 4 elements, y requiring grad.
func BenchmarkTinyAddRecorded(b *testing.B) {
	x, y := benchTiny(b, true)
	for b.Loop() {
		must(Add(x, y))
	}
}

// BenchmarkTinyAddPlain times x + y on 4 elements outside autograd.
func BenchmarkTinyAddPlain(b *testing.B) {
	x, y := benchTiny(b, false)
	for b.Loop() {
		must(Add(x, y))
	}
}

// BenchmarkTinyInPlacePlain times x += y on 4 elements, no view.
func BenchmarkTinyInPlacePlain(b *testing.B) {
	x, y := benchTiny(b, false)
	for b.Loop() {
		must(0, AddOp.InPlace(x, y))
	}
}

// BenchmarkTinyInPlaceRecorded times h += y on 4 elements, h = x * 1
// computed from y requiring grad, no view.
func BenchmarkTinyInPlaceRecorded(b *testing.B) {
	x, y := benchTiny(b, true)
	for b.Loop() {
		h := must(Mul(x, y))
		must(0, AddOp.InPlace(h, y))
	}
}

// BenchmarkTinySelectPlain times x[1] outside autograd: a view.
func BenchmarkTinySelectPlain(b *testing.B) {
	x, _ := benchTiny(b, false)
	for b.Loop() {
		must(Select(x, 0, 1))
	}
}

// BenchmarkTinySelectInPlacePlain times x[1:3] += 1 through the view,
// outside autograd.
func BenchmarkTinySelectInPlacePlain(b *testing.B) {
	x, _ := benchTiny(b, false)
	one := tensor.MustScalar(float32(1))
	for b.Loop() {
		v := must(Slice(x, 0, 1, 3, 1))
		must(0, AddOp.InPlace(v, one))
		if v.RequiresGrad() {
			b.Fatal("a view of a plain tensor requires grad")
		}
	}
}
