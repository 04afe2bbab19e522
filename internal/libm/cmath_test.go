package libm

import (
	"math"
	"testing"
)

// TestMathFallbacksMatchC checks that each C function of cmath.go is
// loaded under its name and that its Go fallback, used where no C library
// loads, is the same function: within a few ulps of C's value (Go's math
// package errs by an ulp or two where glibc rounds correctly).
func TestMathFallbacksMatchC(t *testing.T) {
	c := cLibm()
	if c == nil {
		t.Skip("no C library: the fallbacks are the functions")
	}
	xs := []float64{-3.5, -0.999, -0.75, -0.3, -1e-8, 0, 1e-8, 0.2, 0.5, 0.9, 1.5, 2.25, 7.75, 30.5}
	for f := cOne(0); f < nOne; f++ {
		if c.one[f] == nil {
			t.Errorf("%s: not loaded from the C library", cOneNames[f])
			continue
		}
		for _, x := range xs {
			want, got := c.one[f](x), goOne[f](x)
			if math.IsNaN(want) && math.IsNaN(got) || want == got {
				continue
			}
			if math.Abs(got-want) > 4*ulpOf(want) {
				t.Errorf("%s(%v): Go %v, C %v", cOneNames[f], x, got, want)
			}
		}
	}
	for _, yx := range [][2]float64{{1, 2}, {-0.5, -3}, {3, -0.25}, {-1e-300, 1}} {
		if got, want := math.Atan2(yx[0], yx[1]), Atan2(yx[0], yx[1]); math.Abs(got-want) > 4*ulpOf(want) {
			t.Errorf("atan2%v: Go %v, C %v", yx, got, want)
		}
	}
}

func ulpOf(x float64) float64 {
	x = math.Abs(x)
	return math.Nextafter(x, math.Inf(1)) - x
}
