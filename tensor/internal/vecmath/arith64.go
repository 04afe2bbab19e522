package vecmath

// The float64 arithmetic of element-wise sub, mul and div and of the
// addition of a scalar on contiguous slices (AddFloat64 adds two
// slices): o = a op b (VV), a op s (VS), s op b (SV). Each element is
// the correctly rounded IEEE result, as Go's scalar operators give, so
// the vector kernels' bits are the loops' (NaN payloads aside). o may be
// a or b itself; a partial overlap takes the Go loop, element by
// element.

// AddVSFloat64 sets o[i] = a[i] + s.
func AddVSFloat64(o, a []float64, s float64) {
	a = a[:len(o)]
	n := vectorPrefix64(o, a, a)
	if n > 0 {
		addVSF64Arch(o[:n], a[:n], s)
	}
	for i := n; i < len(o); i++ {
		o[i] = a[i] + s
	}
}

// SubVVFloat64 sets o[i] = a[i] − b[i].
func SubVVFloat64(o, a, b []float64) {
	a, b = a[:len(o)], b[:len(o)]
	n := vectorPrefix64(o, a, b)
	if n > 0 {
		subVVF64Arch(o[:n], a[:n], b[:n])
	}
	for i := n; i < len(o); i++ {
		o[i] = a[i] - b[i]
	}
}

// SubSVFloat64 sets o[i] = s − b[i].
func SubSVFloat64(o []float64, s float64, b []float64) {
	b = b[:len(o)]
	n := vectorPrefix64(o, b, b)
	if n > 0 {
		subSVF64Arch(o[:n], s, b[:n])
	}
	for i := n; i < len(o); i++ {
		o[i] = s - b[i]
	}
}

// MulVVFloat64 sets o[i] = a[i]·b[i].
func MulVVFloat64(o, a, b []float64) {
	a, b = a[:len(o)], b[:len(o)]
	n := vectorPrefix64(o, a, b)
	if n > 0 {
		mulVVF64Arch(o[:n], a[:n], b[:n])
	}
	for i := n; i < len(o); i++ {
		o[i] = a[i] * b[i]
	}
}

// MulVSFloat64 sets o[i] = a[i]·s.
func MulVSFloat64(o, a []float64, s float64) {
	a = a[:len(o)]
	n := vectorPrefix64(o, a, a)
	if n > 0 {
		mulVSF64Arch(o[:n], a[:n], s)
	}
	for i := n; i < len(o); i++ {
		o[i] = a[i] * s
	}
}

// DivVVFloat64 sets o[i] = a[i]/b[i].
func DivVVFloat64(o, a, b []float64) {
	a, b = a[:len(o)], b[:len(o)]
	n := vectorPrefix64(o, a, b)
	if n > 0 {
		divVVF64Arch(o[:n], a[:n], b[:n])
	}
	for i := n; i < len(o); i++ {
		o[i] = a[i] / b[i]
	}
}

// DivVSFloat64 sets o[i] = a[i]/s.
func DivVSFloat64(o, a []float64, s float64) {
	a = a[:len(o)]
	n := vectorPrefix64(o, a, a)
	if n > 0 {
		divVSF64Arch(o[:n], a[:n], s)
	}
	for i := n; i < len(o); i++ {
		o[i] = a[i] / s
	}
}

// DivSVFloat64 sets o[i] = s/b[i].
func DivSVFloat64(o []float64, s float64, b []float64) {
	b = b[:len(o)]
	n := vectorPrefix64(o, b, b)
	if n > 0 {
		divSVF64Arch(o[:n], s, b[:n])
	}
	for i := n; i < len(o); i++ {
		o[i] = s / b[i]
	}
}

// vectorPrefix64 is vectorPrefix for float64: the whole vectors of four.
func vectorPrefix64(o, a, b []float64) int {
	n := len(o) &^ 3
	if n == 0 || !hasAVX || impls.Current() == genericImpl || overlapsPartly(o, a) || overlapsPartly(o, b) {
		return 0
	}
	return n
}

// SubSquareFloat64 sets o[i] = (a[i] − s)·(a[i] − s), the square of the
// rounded difference, rounded: x − mean and its square in place, NumPy's
// _var's two passes, in one.
func SubSquareFloat64(o, a []float64, s float64) {
	a = a[:len(o)]
	n := vectorPrefix64(o, a, a)
	if n > 0 {
		subSquareF64Arch(o[:n], a[:n], s)
	}
	for i := n; i < len(o); i++ {
		d := a[i] - s
		o[i] = d * d
	}
}

// SubSquareFloat32 is SubSquareFloat64 for float32, each operation
// rounded to float32.
func SubSquareFloat32(o, a []float32, s float32) {
	a = a[:len(o)]
	n := vectorPrefix(o, a, a)
	if n > 0 {
		subSquareF32Arch(o[:n], a[:n], s)
	}
	for i := n; i < len(o); i++ {
		d := a[i] - s
		o[i] = d * d
	}
}
