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
