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
func Float(f float64) string {
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
		return strconv.FormatFloat(f, 'e', -1, 64)
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}
