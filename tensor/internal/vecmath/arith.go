package vecmath

import "unsafe"

// The float32 arithmetic of element-wise add, sub, mul and div on
// contiguous slices: o = a op b (VV), a op s (VS), s op b (SV). Each
// element is the correctly rounded IEEE result, as Go's scalar
// operators give, so the vector kernels' bits are the loops' (NaN
// payloads aside). o may be a or b itself; a partial overlap takes the Go
// loop, element by element.

// AddVV sets o[i] = a[i] + b[i].
func AddVV(o, a, b []float32) {
	a, b = a[:len(o)], b[:len(o)]
	n := vectorPrefix(o, a, b)
	if n > 0 {
		addVVArch(o[:n], a[:n], b[:n])
	}
	for i := n; i < len(o); i++ {
		o[i] = a[i] + b[i]
	}
}

// SubVV sets o[i] = a[i] − b[i].
func SubVV(o, a, b []float32) {
	a, b = a[:len(o)], b[:len(o)]
	n := vectorPrefix(o, a, b)
	if n > 0 {
		subVVArch(o[:n], a[:n], b[:n])
	}
	for i := n; i < len(o); i++ {
		o[i] = a[i] - b[i]
	}
}

// MulVV sets o[i] = a[i]·b[i].
func MulVV(o, a, b []float32) {
	a, b = a[:len(o)], b[:len(o)]
	n := vectorPrefix(o, a, b)
	if n > 0 {
		mulVVArch(o[:n], a[:n], b[:n])
	}
	for i := n; i < len(o); i++ {
		o[i] = a[i] * b[i]
	}
}

// DivVV sets o[i] = a[i]/b[i].
func DivVV(o, a, b []float32) {
	a, b = a[:len(o)], b[:len(o)]
	n := vectorPrefix(o, a, b)
	if n > 0 {
		divVVArch(o[:n], a[:n], b[:n])
	}
	for i := n; i < len(o); i++ {
		o[i] = a[i] / b[i]
	}
}

// AddVS sets o[i] = a[i] + s.
func AddVS(o, a []float32, s float32) {
	a = a[:len(o)]
	n := vectorPrefix(o, a, a)
	if n > 0 {
		addVSArch(o[:n], a[:n], s)
	}
	for i := n; i < len(o); i++ {
		o[i] = a[i] + s
	}
}

// MulVS sets o[i] = a[i]·s.
func MulVS(o, a []float32, s float32) {
	a = a[:len(o)]
	n := vectorPrefix(o, a, a)
	if n > 0 {
		mulVSArch(o[:n], a[:n], s)
	}
	for i := n; i < len(o); i++ {
		o[i] = a[i] * s
	}
}

// DivVS sets o[i] = a[i]/s.
func DivVS(o, a []float32, s float32) {
	a = a[:len(o)]
	n := vectorPrefix(o, a, a)
	if n > 0 {
		divVSArch(o[:n], a[:n], s)
	}
	for i := n; i < len(o); i++ {
		o[i] = a[i] / s
	}
}

// SubSV sets o[i] = s − b[i].
func SubSV(o []float32, s float32, b []float32) {
	b = b[:len(o)]
	n := vectorPrefix(o, b, b)
	if n > 0 {
		subSVArch(o[:n], s, b[:n])
	}
	for i := n; i < len(o); i++ {
		o[i] = s - b[i]
	}
}

// DivSV sets o[i] = s/b[i].
func DivSV(o []float32, s float32, b []float32) {
	b = b[:len(o)]
	n := vectorPrefix(o, b, b)
	if n > 0 {
		divSVArch(o[:n], s, b[:n])
	}
	for i := n; i < len(o); i++ {
		o[i] = s / b[i]
	}
}

// vectorPrefix returns how many leading elements the vector kernels take:
// the whole vectors of eight, or none when they are not available (no
// AVX, or SetImpl("generic")) or when o overlaps a or b other than
// exactly.
func vectorPrefix(o, a, b []float32) int {
	n := len(o) &^ 7
	if n == 0 || !hasAVX || impls.Current() == genericImpl || overlapsPartly(o, a) || overlapsPartly(o, b) {
		return 0
	}
	return n
}

// overlapsPartly reports whether x and y, of one length, share memory
// without starting at the same element.
func overlapsPartly[T float32 | float64](x, y []T) bool {
	if len(x) == 0 {
		return false
	}
	px, py := uintptr(unsafe.Pointer(&x[0])), uintptr(unsafe.Pointer(&y[0]))
	size := uintptr(len(x)) * unsafe.Sizeof(x[0])
	return px != py && px < py+size && py < px+size
}
