package vecmath

// The AVX kernels of arith.go, in arith_amd64.s: lengths a multiple of 8.

//go:noescape
func addVVAVX(o, a, b []float32)

//go:noescape
func subVVAVX(o, a, b []float32)

//go:noescape
func mulVVAVX(o, a, b []float32)

//go:noescape
func divVVAVX(o, a, b []float32)

//go:noescape
func addVSAVX(o, a []float32, s float32)

//go:noescape
func mulVSAVX(o, a []float32, s float32)

//go:noescape
func divVSAVX(o, a []float32, s float32)

//go:noescape
func subSVAVX(o []float32, s float32, b []float32)

//go:noescape
func divSVAVX(o []float32, s float32, b []float32)

var (
	addVVArch = addVVAVX
	subVVArch = subVVAVX
	mulVVArch = mulVVAVX
	divVVArch = divVVAVX
	addVSArch = addVSAVX
	mulVSArch = mulVSAVX
	divVSArch = divVSAVX
	subSVArch = subSVAVX
	divSVArch = divSVAVX
)
