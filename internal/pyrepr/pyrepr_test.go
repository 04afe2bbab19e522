package pyrepr

import (
	"math"
	"os/exec"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// TestFloatMatchesCPython compares Float with CPython's repr.
func TestFloatMatchesCPython(t *testing.T) {
	tenth := 0.1
	values := []float64{0, 0.5, 1, -2, 1e-5, 1e-4, tenth + 0.2, // 0.30000000000000004 at run time
		1e16, 123456789.125, 1e300, math.Inf(1), math.Inf(-1), math.NaN(), 2.5e-7}
	var got []string
	for _, v := range values {
		got = append(got, Float(v))
	}
	py := `print(" ".join(repr(v) for v in [0.0, 0.5, 1.0, -2.0, 1e-5, 1e-4, 0.1 + 0.2, 1e16, 123456789.125, 1e300, float("inf"), float("-inf"), float("nan"), 2.5e-7]))`
	out, err := exec.Command(reftest.CPython(t), "-c", py).Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	if want := strings.TrimSpace(string(out)); strings.Join(got, " ") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, " "), want)
	}
}
