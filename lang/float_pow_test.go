package lang

import "testing"

// TestFloatPowMatchesCPython checks that ** of floats gives C's pow, as
// CPython's: Go's math.Pow can differ in the last digit, which a learning
// rate decayed as 0.95 ** epoch shows.
func TestFloatPowMatchesCPython(t *testing.T) {
	checkMatchesCPython(t, "", []string{
		"[0.95 ** e for e in range(25)]",
		"[0.1 * 0.9 ** e for e in range(25)]",
		"2.0 ** 0.5, 10 ** -2, 1.1 ** 200, 3 ** -5, 0.5 ** 1074, (-8.0) ** 3",
		"[(1 - e / 7) ** 2.5 for e in range(7)]",
	})
}
