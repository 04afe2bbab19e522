package tensor

import (
	"math"
	"testing"
)

// TestArgmaxContig32MatchesLoop checks argmaxContig32 against the scalar
// loop it replaces (the first element that greater keeps) on special
// values: NaNs first, last and twice, ±0 in both orders, ±inf, subnormals,
// ties, lengths across vecmath's vector blocks.
func TestArgmaxContig32MatchesLoop(t *testing.T) {
	ref := func(x []float32) int {
		best, at := x[0], 0
		for i := 1; i < len(x); i++ {
			if greater(x[i], best) {
				best, at = x[i], i
			}
		}
		return at
	}
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	cases := [][]float32{
		{1}, {nan}, {-0.0, 0}, {0, float32(math.Copysign(0, -1))}, {float32(math.Copysign(0, -1)), 0, -1},
		{1, nan, 2, nan}, {-inf, -inf}, {inf, 1, inf}, {math.Float32frombits(1), 0, math.Float32frombits(1)},
		specials32, {-inf, -1e-45, -2},
	}
	for n := range 70 { // ties and a NaN at every place, across blocks
		x := make([]float32, n+1)
		for i := range x {
			x[i] = float32(i % 7)
		}
		cases = append(cases, x)
		y := append([]float32(nil), x...)
		y[n/2] = nan
		cases = append(cases, y)
		z := make([]float32, n+1)
		for i := range z {
			z[i] = -float32(i%5) - 1
		}
		z[n] = float32(math.Copysign(0, -1))
		cases = append(cases, z)
	}
	for _, x := range cases {
		if got, want := argmaxContig32(x), ref(x); got != want {
			t.Errorf("argmax of %v: %d, want %d", x, got, want)
		}
	}
}
