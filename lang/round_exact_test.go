package lang

import (
	"fmt"
	"math"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// roundDigitsText is round(f, nd) through the correctly rounded text, the
// way roundDigits takes when roundDigitsExact declines.
func roundDigitsText(f float64, nd int64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(f, 'f', int(nd), 64), 64)
	return r
}

// roundExactValues are floats for round(x, nd): exact halves at several
// digits (ties to even), floats just beside them, the classic 2.675, signs
// and zeros, large and tiny magnitudes, and random ones of every scale.
func roundExactValues() []float64 {
	xs := []float64{0, math.Copysign(0, -1), 0.5, 1.5, 2.5, -0.5, -2.5, 0.125, 0.375, -0.125, 2.675, 1.005, 0.285, 1.115,
		0.045, 5e-324, 1e-300, -1e-5, 4503599627370495.5, 4503599627370496, 1 << 53, 1e15 + 0.3, 123456.785, 0.001, -0.001}
	for _, x := range []float64{0.125, 2.675, 0.285, 1.0000000000000002} {
		xs = append(xs, math.Nextafter(x, 0), math.Nextafter(x, 10), -math.Nextafter(x, 10))
	}
	rng := rand.New(rand.NewSource(34))
	for i := 0; i < 20000; i++ {
		x := rng.Float64() * math.Pow(10, float64(rng.Intn(30)-12))
		if i%3 == 0 {
			x = float64(rng.Intn(200000)) / 8 / math.Pow(10, float64(rng.Intn(6))) // halves at some digit
		}
		if i%2 == 1 {
			x = -x
		}
		xs = append(xs, x)
	}
	return xs
}

// TestRoundDigitsExactMatchesText: where roundDigitsExact answers, it
// answers the bits of the text path (CPython's dtoa and strtod).
func TestRoundDigitsExactMatchesText(t *testing.T) {
	answered := 0
	for _, x := range roundExactValues() {
		for nd := int64(0); nd <= 23; nd++ {
			got, ok := roundDigitsExact(x, nd)
			if !ok {
				continue
			}
			answered++
			if want := roundDigitsText(x, nd); math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("round(%v, %d): %v (%#x), text %v (%#x)", x, nd, got, math.Float64bits(got), want, math.Float64bits(want))
			}
		}
	}
	if answered == 0 {
		t.Fatal("roundDigitsExact answered nothing")
	}
}

// TestRoundDigitsAgainstCPython compares round(x, nd) with CPython 3.11's
// on a sample of the same values, nd from 0 to 12.
func TestRoundDigitsAgainstCPython(t *testing.T) {
	xs := roundExactValues()
	var srcs []string
	for start := 0; start < len(xs); start += 500 {
		var b strings.Builder
		b.WriteString("[round(x, n) for x, n in [")
		for i := start; i < min(start+500, len(xs)); i += 5 {
			fmt.Fprintf(&b, "(%s, %d), ", strconv.FormatFloat(xs[i], 'g', -1, 64), i%13)
		}
		b.WriteString("]]")
		srcs = append(srcs, b.String())
	}
	checkMatchesCPython(t, "", srcs)
}
