package vecmath

import (
	"math"
	"testing"
	"unsafe"
)

// extremeSpecials are the values the maximum and minimum kernels must
// order as the Go loop does: NaN payloads and signs, ±0, ±inf, subnormals.
var extremeSpecials = []float64{math.NaN(), -math.NaN(), math.Float64frombits(0x7ff8000000000123), 0, math.Copysign(0, -1),
	math.Inf(1), math.Inf(-1), 5e-324, -5e-324, 1e-40, -1e-40, math.MaxFloat64, 3.4e38, -1, 1, 0.5, 1.5}

// extremeRef is torch's maximum (minimum) as the tensor package writes it.
func extremeRef[T float32 | float64](x, y T, isMin bool) T {
	if x != x || (!isMin && x > y) || (isMin && x < y) {
		return x
	}
	return y
}

func bitsEqual[T float32 | float64](x, y T) bool {
	if unsafe.Sizeof(x) == 4 {
		return math.Float32bits(float32(x)) == math.Float32bits(float32(y))
	}
	return math.Float64bits(float64(x)) == math.Float64bits(float64(y))
}

func checkExtreme[T float32 | float64](t *testing.T, name string, f func(dst, a, b []T), isMin bool) {
	var a, b []T
	for _, x := range extremeSpecials {
		for _, y := range extremeSpecials {
			a, b = append(a, T(x)), append(b, T(y))
		}
	}
	// Every length up to a few blocks, and offsets, for the tails.
	for _, n := range []int{0, 1, 7, 8, 15, 16, 17, 33, 40, len(a) - 3, len(a)} {
		for _, off := range []int{0, 1, 3} {
			if off+n > len(a) {
				continue
			}
			dst := make([]T, n)
			f(dst, a[off:off+n], b[off:off+n])
			for i := range dst {
				if want := extremeRef(a[off+i], b[off+i], isMin); !bitsEqual(dst[i], want) {
					t.Errorf("%s n=%d off=%d: (%v, %v) gave %v, want %v", name, n, off, a[off+i], b[off+i], dst[i], want)
				}
			}
		}
	}
}

func TestExtremeKernels(t *testing.T) {
	checkExtreme(t, "MaximumFloat32", MaximumFloat32, false)
	checkExtreme(t, "MinimumFloat32", MinimumFloat32, true)
	checkExtreme(t, "MaximumFloat64", MaximumFloat64, false)
	checkExtreme(t, "MinimumFloat64", MinimumFloat64, true)
}
