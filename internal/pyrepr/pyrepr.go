// Package pyrepr writes values as Python's repr() does, for the packages
// that print what PyTorch prints (lang, nn).
package pyrepr

import (
	"math"
	"strconv"
	"strings"
)

// Float formats like Python's repr of a float: shortest round-trip
// digits, always with a point or exponent (0.5, 1.0, 1e-05, inf).
func Float(f float64) string { return floatBits(f, 64) }

// Float32 formats a float32 the same way with the shortest digits that
// identify it as a float32, as NumPy prints np.float32(0.1) as 0.1.
func Float32(f float32) string { return floatBits(float64(f), 32) }

func floatBits(f float64, bits int) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "nan"
	}
	abs := math.Abs(f)
	if abs != 0 && (abs >= 1e16 || abs < 1e-4) {
		// Python writes 1e-05, as Go does.
		return strconv.FormatFloat(f, 'e', -1, bits)
	}
	s := strconv.FormatFloat(f, 'f', -1, bits)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}
