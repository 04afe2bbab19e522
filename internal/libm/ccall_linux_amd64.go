package libm

import (
	"unsafe"

	_ "github.com/ebitengine/purego" // runtime.cgocall without cgo: purego's fakecgo
)

// A direct call of a C function of doubles, without purego's reflection:
// a few times cheaper per call than a purego.RegisterFunc function, which
// matters to math.exp in a loop.

// ccallFrame is what ccallTramp reads and writes (offsets 0, 8, 16, 24).
type ccallFrame struct {
	fn   uintptr
	x, y float64
	r    float64
}

// ccallTrampABI0 is the address of ccallTramp (ccall_linux_amd64.s).
var ccallTrampABI0 uintptr

//go:linkname runtime_cgocall runtime.cgocall
//go:noescape
func runtime_cgocall(fn uintptr, arg unsafe.Pointer) int32

// bindFloat64 sets *ptr to the C function at sym.
func bindFloat64(ptr *func(float64) float64, sym uintptr) {
	*ptr = func(x float64) float64 {
		f := ccallFrame{fn: sym, x: x}
		runtime_cgocall(ccallTrampABI0, unsafe.Pointer(&f))
		return f.r
	}
}

// bindFloat64x2 sets *ptr to the C function of two doubles at sym.
func bindFloat64x2(ptr *func(float64, float64) float64, sym uintptr) {
	*ptr = func(x, y float64) float64 {
		f := ccallFrame{fn: sym, x: x, y: y}
		runtime_cgocall(ccallTrampABI0, unsafe.Pointer(&f))
		return f.r
	}
}
