//go:build linux && !amd64

package libm

import "github.com/ebitengine/purego"

// bindFloat64 sets *ptr to the C function at sym, through purego.
func bindFloat64(ptr *func(float64) float64, sym uintptr) { purego.RegisterFunc(ptr, sym) }

// bindFloat64x2 sets *ptr to the C function of two doubles at sym.
func bindFloat64x2(ptr *func(float64, float64) float64, sym uintptr) {
	purego.RegisterFunc(ptr, sym)
}
