package vecmath

import "math"

// The rounding modes of RoundFloat32, VROUNDPS's immediates.
const (
	RoundToEven = 0
	RoundDown   = 1
	RoundUp     = 2
	RoundTrunc  = 3
)

// RoundFloat32 sets dst[i] to src[i] rounded to a whole number as mode
// says: the bits of float32(math.RoundToEven/Floor/Ceil/Trunc(float64(x))).
func RoundFloat32(dst, src []float32, mode int) {
	impls.Current().roundF32(dst[:len(src)], src, mode)
}

// roundGeneric is RoundFloat32 in Go, and the vector kernel's tail.
func roundGeneric(dst, src []float32, mode int) {
	dst = dst[:len(src)]
	switch mode {
	case RoundToEven:
		for i, x := range src {
			dst[i] = float32(math.RoundToEven(float64(x)))
		}
	case RoundDown:
		for i, x := range src {
			dst[i] = float32(math.Floor(float64(x)))
		}
	case RoundUp:
		for i, x := range src {
			dst[i] = float32(math.Ceil(float64(x)))
		}
	default:
		for i, x := range src {
			dst[i] = float32(math.Trunc(float64(x)))
		}
	}
}
