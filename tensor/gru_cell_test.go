package tensor

import (
	"fmt"
	"math"
	"testing"
)

// TestGRUCellBackwardBits checks GRUCellBackward against the cell's
// backward written out per element (sigmoid_backward g·(1 − y)·y,
// tanh_backward g·(1 − y²) with 1 − y² one fused multiply-add), bit for
// bit: float32 (whose rows run in vector kernels where the CPU has them)
// and float64, hidden sizes with and without a part past the last whole
// vector, a language model's batch and one to four rows. The activations
// include exact zeros, ones, minus ones and tiny values beside random
// ones.
func TestGRUCellBackwardBits(t *testing.T) {
	g := NewGenerator(15)
	for _, tc := range []struct {
		dtype DType
		b, h  int
	}{
		{Float32, 20, 200}, {Float32, 3, 13}, {Float32, 2, 8}, {Float32, 1, 5},
		{Float32, 2, 33}, {Float32, 4, 16}, {Float64, 20, 200}, {Float64, 3, 13},
	} {
		t.Run(fmt.Sprintf("%s/%dx%d", tc.dtype, tc.b, tc.h), func(t *testing.T) {
			randn := func(shape ...int) *Tensor { return mustOp(Randn(g, tc.dtype, shape...)) }
			ghy, hx := randn(tc.b, tc.h), randn(tc.b, tc.h)
			gates := mustOp(Sigmoid(randn(tc.b, 2*tc.h)))
			newGate := mustOp(Tanh(randn(tc.b, tc.h)))
			act := mustOp(Cat([]*Tensor{gates, newGate, randn(tc.b, tc.h)}, 1))
			if tc.dtype == Float32 {
				setEdgeValues[float32](act, hx)
				checkGRUBackwardBits[float32](t, ghy, act, hx, tc.h)
			} else {
				setEdgeValues[float64](act, hx)
				checkGRUBackwardBits[float64](t, ghy, act, hx, tc.h)
			}
		})
	}
}

// checkGRUBackwardBits compares GRUCellBackward with the per-element
// formulas.
func checkGRUBackwardBits[T Float](t *testing.T, ghy, act, hx *Tensor, h int) {
	t.Helper()
	dgi, dgh, dh, err := GRUCellBackward(ghy, act, hx)
	if err != nil {
		t.Fatal(err)
	}
	vals := func(x *Tensor) []T { return mustOp(contiguousValues[T](x)) }
	ghyv, actv, hxv, dgiv, dghv, dhv := vals(ghy), vals(act), vals(hx), vals(dgi), vals(dgh), vals(dh)
	same := func(what string, i int, got, want T) {
		if math.Float64bits(float64(got)) != math.Float64bits(float64(want)) {
			t.Fatalf("%s[%d] = %v, the formula gives %v", what, i, got, want)
		}
	}
	oneMinusSquare := func(y T) T { return T(math.FMA(-float64(y), float64(y), 1)) }
	for b := range len(hxv) / h {
		for j := range h {
			k, a, d := h*b+j, 4*h*b+j, 3*h*b+j
			r, z, newGate, hn := actv[a], actv[a+h], actv[a+2*h], actv[a+3*h]
			g := ghyv[k]
			gz := T(g * z)
			dz := T(T(g*(hxv[k]-newGate))*(1-z)) * z
			dn := T(g-gz) * oneMinusSquare(newGate)
			dr := T(T(dn*hn)*(1-r)) * r
			same("dh", k, dhv[k], gz)
			same("d r (gi)", k, dgiv[d], dr)
			same("d z (gi)", k, dgiv[d+h], dz)
			same("d n (gi)", k, dgiv[d+2*h], dn)
			same("d r (gh)", k, dghv[d], dr)
			same("d z (gh)", k, dghv[d+h], dz)
			same("d n (gh)", k, dghv[d+2*h], T(dn*r))
		}
	}
}

// BenchmarkGRUCellBackward is the backward of one step of a language
// model's GRU cell: batch 20, hidden size 200, float32.
func BenchmarkGRUCellBackward(b *testing.B) {
	g := NewGenerator(16)
	ghy := mustOp(Randn(g, Float32, 20, 200))
	act := mustOp(Sigmoid(mustOp(Randn(g, Float32, 20, 800))))
	hx := mustOp(Randn(g, Float32, 20, 200))
	b.ResetTimer()
	for range b.N {
		if _, _, _, err := GRUCellBackward(ghy, act, hx); err != nil {
			b.Fatal(err)
		}
	}
}
