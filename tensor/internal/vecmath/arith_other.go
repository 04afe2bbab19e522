//go:build !amd64

package vecmath

// No vector kernels: vectorPrefix is 0 (hasAVX is false), so these are
// never called.
var (
	addVVArch, subVVArch, mulVVArch, divVVArch func(o, a, b []float32)
	addVSArch, mulVSArch, divVSArch            func(o, a []float32, s float32)
	subSVArch, divSVArch                       func(o []float32, s float32, b []float32)
	subVVF64Arch, mulVVF64Arch, divVVF64Arch   func(o, a, b []float64)
	addVSF64Arch, mulVSF64Arch, divVSF64Arch   func(o, a []float64, s float64)
	subSVF64Arch, divSVF64Arch                 func(o []float64, s float64, b []float64)
	subSquareF64Arch                           func(o, a []float64, s float64)
	subSquareF32Arch                           func(o, a []float32, s float32)
)
