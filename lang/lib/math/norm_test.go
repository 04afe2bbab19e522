package math

import (
	"math"
	"math/rand"
	"testing"
)

// TestNormFloatIsExact checks hypot's float path (normFloat) against the
// exact sum of squares (normExact) on random coordinates of every scale
// and on near-midpoint cases (integers, whose sums of squares are often
// squares or near them), and that it declines what it cannot do exactly.
func TestNormFloatIsExact(t *testing.T) {
	rng := rand.New(rand.NewSource(34))
	taken, declined := 0, 0 // of the vectors of nearby magnitudes
	check := func(xs []float64, near bool) {
		t.Helper()
		largest := 0.0
		for _, x := range xs {
			largest = max(largest, math.Abs(x))
		}
		if largest == 0 {
			return
		}
		want := normExact(xs)
		got, ok := normFloat(xs, largest)
		if near && !ok {
			declined++
		} else if near {
			taken++
		}
		if ok && got != want {
			t.Fatalf("normFloat(%v) = %v (%x), the exact norm is %v (%x)", xs, got, math.Float64bits(got), want, math.Float64bits(want))
		}
	}
	for range 200_000 {
		n := 1 + rng.Intn(4)
		xs := make([]float64, n)
		near := true
		for i := range xs {
			switch rng.Intn(4) {
			case 0: // small integers
				xs[i] = float64(rng.Intn(2000) - 1000)
			case 1: // large integers: near-midpoint sums
				xs[i] = float64(rng.Int63n(1<<53) - 1<<52)
			case 2: // any magnitude
				near = false
				xs[i] = math.Ldexp(rng.Float64()-0.5, rng.Intn(2000)-1000)
			default: // magnitudes near each other
				xs[i] = math.Ldexp(rng.NormFloat64(), rng.Intn(8))
			}
		}
		check(xs, near)
	}
	for _, xs := range [][]float64{
		{3, 4}, {5, 12}, {1, 1}, {-2}, {0, 7}, {1e308, 1e308}, {1e300, 1e300}, {5e-324, 5e-324},
		{0.1, 0.2, 0.3}, {15, 1}, {1.5, 2.5, 0.1, 7}, {math.MaxFloat64, 1}, {1e-310, 1e-310}, {1, 1e-200},
	} {
		check(xs, false)
	}
	if declined*1000 > taken {
		t.Errorf("normFloat took %d of the vectors of nearby magnitudes, declined %d: it should take nearly all", taken, declined)
	}
}

// TestExactSign checks exactSign on sums whose rounded value has another
// sign or is zero.
func TestExactSign(t *testing.T) {
	for _, c := range []struct {
		xs   []float64
		want int
	}{
		{[]float64{1, -1}, 0},
		{[]float64{1e100, 1, -1e100}, 1},
		{[]float64{1e100, -1, -1e100}, -1},
		{[]float64{0x1p-60, 1, -1}, 1},
		{[]float64{}, 0},
		{[]float64{-0x1p-1074, 0x1p-1074, -0x1p-1074}, -1},
	} {
		if got := exactSign(c.xs); got != c.want {
			t.Errorf("exactSign(%v) = %d, want %d", c.xs, got, c.want)
		}
	}
}

// TestNormMidpoints checks normFloat's exact correction: from a float
// next to the norm, either side, it comes back to the norm.
func TestNormMidpoints(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for range 20_000 {
		xs := make([]float64, 1+rng.Intn(4))
		var terms []float64
		for i := range xs {
			xs[i] = 0.5 + rng.Float64()/2 // scaled as normFloat scales
			hi := xs[i] * xs[i]
			terms = append(terms, hi, math.FMA(xs[i], xs[i], -hi))
		}
		want := normExact(xs)
		for _, r := range []float64{want, math.Nextafter(want, 0), math.Nextafter(want, 4)} {
			if got, ok := normMidpoints(terms, r); !ok || got != want {
				t.Fatalf("normMidpoints(%v, %v) = %v, %v; want %v", xs, r, got, ok, want)
			}
		}
	}
}
