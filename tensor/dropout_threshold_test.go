package tensor

import (
	"math"
	"testing"
)

// TestDropoutThreshold checks that x < dropoutThreshold(keep) is the
// uniform double x·2⁻⁵³ < keep for draws x around the threshold.
func TestDropoutThreshold(t *testing.T) {
	for _, keep := range []float64{0, 1, 0.8, 0.5, 0.3, 0.1, 1e-300, math.Nextafter(1, 0), math.Nextafter(0.8, 1), 1.0 / 3} {
		below := dropoutThreshold(keep)
		for _, x := range []uint64{0, 1, below - 1, below, below + 1, 1<<53 - 1} {
			x &= 1<<53 - 1
			u := float64(x) * (1.0 / (1 << 53))
			if got, want := x < below, u < keep; got != want {
				t.Errorf("keep %v, x %d: x < %d is %v, u < keep %v", keep, x, below, got, want)
			}
		}
	}
}

// TestDropoutMaskIsScaledBernoulli checks that DropoutMask's one pass
// (into memory it does not clear first) gives, bit for bit, the mask that
// bernoulli_(1 - p) divided by 1 - p gives from the same generator, over
// sizes that cross the draw blocks and several twists of the generator.
// Run with KAEL_POISON_UNINITIALIZED=1, an element the pass missed shows.
func TestDropoutMaskIsScaledBernoulli(t *testing.T) {
	for _, d := range []DType{Float32, Float64} {
		for _, p := range []float64{0, 0.2, 0.5, 0.999} {
			for _, shape := range [][]int{{1}, {7, 37}, {3, 700}, {35, 20, 8}} {
				got, err := DropoutMask(d, shape, p, NewGenerator(1111))
				if err != nil {
					t.Fatal(err)
				}
				ref, err := Empty(d, shape...)
				if err != nil {
					t.Fatal(err)
				}
				if err := FillBernoulli(ref, 1-p, NewGenerator(1111)); err != nil {
					t.Fatal(err)
				}
				scale, err := Full(1-p, d)
				if err != nil {
					t.Fatal(err)
				}
				if ref, err = Div(ref, scale); err != nil {
					t.Fatal(err)
				}
				gv, rv := f64s(t, got), f64s(t, ref)
				for i := range rv {
					if math.Float64bits(gv[i]) != math.Float64bits(rv[i]) {
						t.Fatalf("%s p=%v %v: element %d is %v, want %v", d, p, shape, i, gv[i], rv[i])
					}
				}
			}
		}
	}
}
