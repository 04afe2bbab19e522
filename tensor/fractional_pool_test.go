package tensor

import (
	"slices"
	"strings"
	"testing"
)

// TestFractionalIntervals checks ATen's generate_intervals on hand-worked
// cases and that samples of the wrong shape, which PyTorch 1.13 reads
// past, are refused.
func TestFractionalIntervals(t *testing.T) {
	for _, c := range []struct {
		sample        float64
		in, out, pool int
		want          []int
	}{
		{0.5, 7, 3, 2, []int{0, 2, 5}},     // alpha 2.5: int(1.25)-int(1.25), int(3.75)-1
		{0.0, 10, 4, 3, []int{0, 2, 4, 7}}, // alpha 7/3
		{0.9, 5, 1, 2, []int{3}},
		{0.3, 6, 6, 1, []int{0, 1, 2, 3, 4, 5}},
	} {
		if got := fractionalIntervals(c.sample, c.in, c.out, c.pool); !slices.Equal(got, c.want) {
			t.Errorf("intervals(%v, %d, %d, %d) = %v, want %v", c.sample, c.in, c.out, c.pool, got, c.want)
		}
	}
	x, _ := Zeros(Float32, 2, 3, 6, 6)
	s, _ := Zeros(Float32, 1, 3, 2)
	if _, _, err := FractionalMaxPool(x, s, []int{2, 2}, []int{3, 3}); err == nil || !strings.Contains(err.Error(), "expected _random_samples of shape [2, 3, 2], but got [1, 3, 2]") {
		t.Errorf("samples [1, 3, 2] for a batch of 2: %v", err)
	}
}
