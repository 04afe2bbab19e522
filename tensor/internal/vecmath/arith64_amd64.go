package vecmath

// The AVX kernels of arith64.go, in arith64_amd64.s: lengths a multiple
// of 4.

//go:noescape
func subVVF64AVX(o, a, b []float64)

//go:noescape
func mulVVF64AVX(o, a, b []float64)

//go:noescape
func divVVF64AVX(o, a, b []float64)

//go:noescape
func addVSF64AVX(o, a []float64, s float64)

//go:noescape
func mulVSF64AVX(o, a []float64, s float64)

//go:noescape
func divVSF64AVX(o, a []float64, s float64)

//go:noescape
func subSVF64AVX(o []float64, s float64, b []float64)

//go:noescape
func divSVF64AVX(o []float64, s float64, b []float64)

var (
	subVVF64Arch = subVVF64AVX
	mulVVF64Arch = mulVVF64AVX
	divVVF64Arch = divVVF64AVX
	addVSF64Arch = addVSF64AVX
	mulVSF64Arch = mulVSF64AVX
	divVSF64Arch = divVSF64AVX
	subSVF64Arch = subSVF64AVX
	divSVF64Arch = divSVF64AVX
)

//go:noescape
func subSquareF64AVX(o, a []float64, s float64)

//go:noescape
func subSquareF32AVX(o, a []float32, s float32)

var (
	subSquareF64Arch = subSquareF64AVX
	subSquareF32Arch = subSquareF32AVX
)
