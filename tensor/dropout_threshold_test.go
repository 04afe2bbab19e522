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
