package tensor

import (
	"fmt"
	"math"
	"testing"
)

// TestLSTMCellForwardBits checks LSTMCellForward against the cell's
// scalar loop, element by element in PyTorch's order (gates gh + gi;
// sigmoid, tanh, sigmoid of the blocks; cy = f·cx + i·g with each product
// rounded; hy = o·tanh(cy)), bit for bit: float32 and float64, hidden
// sizes that are and are not a multiple of the vector width, one row and
// a language model's batch.
func TestLSTMCellForwardBits(t *testing.T) {
	g := NewGenerator(11)
	for _, tc := range []struct {
		dtype DType
		b, h  int
	}{
		{Float32, 20, 200}, {Float32, 3, 13}, {Float32, 1, 1}, {Float32, 2, 33},
		{Float64, 20, 200}, {Float64, 3, 13}, {Float64, 1, 5},
	} {
		t.Run(fmt.Sprintf("%s/%dx%d", tc.dtype, tc.b, tc.h), func(t *testing.T) {
			gi := mustOp(Randn(g, tc.dtype, tc.b, 4*tc.h))
			gh := mustOp(Randn(g, tc.dtype, tc.b, 4*tc.h))
			cx := mustOp(Randn(g, tc.dtype, tc.b, tc.h))
			hy, cy, act, tcy, err := LSTMCellForward(gi, gh, cx)
			if err != nil {
				t.Fatal(err)
			}
			if tc.dtype == Float32 {
				checkCellBits[float32](t, gi, gh, cx, hy, cy, act, tcy, tc.h)
			} else {
				checkCellBits[float64](t, gi, gh, cx, hy, cy, act, tcy, tc.h)
			}
		})
	}
}

// checkCellBits compares the cell's outputs with the scalar loop's.
func checkCellBits[T Float](t *testing.T, gi, gh, cx, hy, cy, act, tcy *Tensor, h int) {
	t.Helper()
	vals := func(x *Tensor) []T { return mustOp(contiguousValues[T](x)) }
	giv, ghv, cxv := vals(gi), vals(gh), vals(cx)
	sig := func(x T) T {
		if s, ok := any(x).(float32); ok {
			var d [1]float32
			lstmKernels32.sigmoid(d[:], []float32{s})
			return T(d[0])
		}
		return T(1 / (1 + math.Exp(-float64(x))))
	}
	tanh := func(x T) T {
		if s, ok := any(x).(float32); ok {
			var d [1]float32
			lstmKernels32.tanh(d[:], []float32{s})
			return T(d[0])
		}
		return T(math.Tanh(float64(x)))
	}
	same := func(what string, i int, got, want T) {
		if math.Float64bits(float64(got)) != math.Float64bits(float64(want)) {
			t.Fatalf("%s[%d] = %v, the scalar loop gives %v", what, i, got, want)
		}
	}
	hyv, cyv, actv, tcyv := vals(hy), vals(cy), vals(act), vals(tcy)
	for b := range len(cxv) / h {
		for j := range h {
			k, r := h*b+j, 4*h*b+j
			in := sig(ghv[r] + giv[r])
			forget := sig(ghv[r+h] + giv[r+h])
			cell := tanh(ghv[r+2*h] + giv[r+2*h])
			output := sig(ghv[r+3*h] + giv[r+3*h])
			c := T(forget*cxv[k]) + T(in*cell)
			tc := tanh(c)
			same("act i", k, actv[r], in)
			same("act f", k, actv[r+h], forget)
			same("act g", k, actv[r+2*h], cell)
			same("act o", k, actv[r+3*h], output)
			same("cy", k, cyv[k], c)
			same("tanh(cy)", k, tcyv[k], tc)
			same("hy", k, hyv[k], output*tc)
		}
	}
}

// TestLSTMCellBackwardBits checks LSTMCellBackward against the cell's
// backward written out per element (sigmoid_backward g·(1 − y)·y,
// tanh_backward g·(1 − y²) with 1 − y² one fused multiply-add), bit for
// bit: float32 (whose rows run in vector kernels where the CPU has them)
// and float64, hidden sizes with and without a part past the last whole
// vector, with both gradients, without that of cy (the last step of a
// sequence) and without that of hy. The activations include exact
// zeros, ones and tiny values beside random ones.
func TestLSTMCellBackwardBits(t *testing.T) {
	g := NewGenerator(13)
	for _, tc := range []struct {
		dtype      DType
		b, h       int
		noHy, noCy bool
	}{
		{Float32, 20, 200, false, false}, {Float32, 3, 13, false, false}, {Float32, 2, 8, false, false},
		{Float32, 1, 5, false, false}, {Float32, 2, 33, false, false},
		{Float32, 4, 16, false, true}, {Float32, 4, 16, true, false},
		{Float64, 20, 200, false, false}, {Float64, 3, 13, false, true}, {Float64, 1, 5, true, false},
	} {
		t.Run(fmt.Sprintf("%s/%dx%d/noHy=%v/noCy=%v", tc.dtype, tc.b, tc.h, tc.noHy, tc.noCy), func(t *testing.T) {
			randn := func(shape ...int) *Tensor { return mustOp(Randn(g, tc.dtype, shape...)) }
			var ghy, gcy *Tensor
			if !tc.noHy {
				ghy = randn(tc.b, tc.h)
			}
			if !tc.noCy {
				gcy = randn(tc.b, tc.h)
			}
			act := mustOp(Sigmoid(randn(tc.b, 4*tc.h)))
			tcy := mustOp(Tanh(randn(tc.b, tc.h)))
			cx := randn(tc.b, tc.h)
			if tc.dtype == Float32 {
				setEdgeValues[float32](act, tcy)
				checkCellBackwardBits[float32](t, ghy, gcy, act, tcy, cx, tc.h)
			} else {
				setEdgeValues[float64](act, tcy)
				checkCellBackwardBits[float64](t, ghy, gcy, act, tcy, cx, tc.h)
			}
		})
	}
}

// setEdgeValues writes zeros, ones, minus ones and tiny values into the
// first elements of the activations.
func setEdgeValues[T Float](act, tcy *Tensor) {
	edges := []T{0, 1, -1, 1e-7, -3e-5, 0.9999999, T(math.Nextafter(1, 0))}
	for _, t := range []*Tensor{act, tcy} {
		v := mustOp(contiguousValues[T](t))
		copy(v, edges)
	}
}

// checkCellBackwardBits compares LSTMCellBackward with the per-element
// formulas.
func checkCellBackwardBits[T Float](t *testing.T, ghy, gcy, act, tcy, cx *Tensor, h int) {
	t.Helper()
	dgates, dcx, err := LSTMCellBackward(ghy, gcy, act, tcy, cx)
	if err != nil {
		t.Fatal(err)
	}
	vals := func(x *Tensor) []T {
		if x == nil {
			return nil
		}
		return mustOp(contiguousValues[T](x))
	}
	ghyv, gcyv, actv, tcyv, cxv, dg, dc := vals(ghy), vals(gcy), vals(act), vals(tcy), vals(cx), vals(dgates), vals(dcx)
	same := func(what string, i int, got, want T) {
		if math.Float64bits(float64(got)) != math.Float64bits(float64(want)) {
			t.Fatalf("%s[%d] = %v, the formula gives %v", what, i, got, want)
		}
	}
	oneMinusSquare := func(y T) T { return T(math.FMA(-float64(y), float64(y), 1)) }
	for b := range len(cxv) / h {
		for j := range h {
			k, r := h*b+j, 4*h*b+j
			in, forget, cell, output := actv[r], actv[r+h], actv[r+2*h], actv[r+3*h]
			var gout, gc T
			if ghyv != nil {
				gout = ghyv[k] * tcyv[k]
				gc = T(ghyv[k]*output) * oneMinusSquare(tcyv[k])
			}
			if gcyv != nil {
				gc = gcyv[k] + gc
			}
			same("d i", k, dg[r], T(T(gc*cell)*(1-in))*in)
			same("d f", k, dg[r+h], T(T(gc*cxv[k])*(1-forget))*forget)
			same("d g", k, dg[r+2*h], T(gc*in)*oneMinusSquare(cell))
			same("d o", k, dg[r+3*h], T(gout*(1-output))*output)
			same("dcx", k, dc[k], gc*forget)
		}
	}
}

// BenchmarkLSTMCellBackward is the backward of one step of a language
// model's LSTM cell: batch 20, hidden size 200, float32, both gradients.
func BenchmarkLSTMCellBackward(b *testing.B) {
	g := NewGenerator(14)
	ghy := mustOp(Randn(g, Float32, 20, 200))
	gcy := mustOp(Randn(g, Float32, 20, 200))
	act := mustOp(Sigmoid(mustOp(Randn(g, Float32, 20, 800))))
	tcy := mustOp(Tanh(mustOp(Randn(g, Float32, 20, 200))))
	cx := mustOp(Randn(g, Float32, 20, 200))
	b.ResetTimer()
	for range b.N {
		if _, _, err := LSTMCellBackward(ghy, gcy, act, tcy, cx); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLSTMCellForward is one step of a language model's LSTM cell:
// batch 20, hidden size 200, float32.
func BenchmarkLSTMCellForward(b *testing.B) {
	g := NewGenerator(12)
	gi := mustOp(Randn(g, Float32, 20, 800))
	gh := mustOp(Randn(g, Float32, 20, 800))
	cx := mustOp(Randn(g, Float32, 20, 200))
	b.ResetTimer()
	for range b.N {
		if _, _, _, _, err := LSTMCellForward(gi, gh, cx); err != nil {
			b.Fatal(err)
		}
	}
}
