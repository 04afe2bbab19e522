package vecmath

// addF64Small is the length below which AddFloat64 runs the Go loop: for a
// few elements the call through the implementation costs more than it
// saves.
const addF64Small = 16

// AddFloat64 sets dst[i] = a[i] + b[i] for the elements of dst; a and b
// must be at least as long. Every sum is rounded once, so the result is
// the scalar loop's bit for bit whatever the implementation. dst may be a
// or b itself but must not otherwise overlap them.
func AddFloat64(dst, a, b []float64) {
	a, b = a[:len(dst)], b[:len(dst)]
	if len(dst) < addF64Small {
		addF64Generic(dst, a, b)
		return
	}
	impls.Current().addF64(dst, a, b)
}

// addF64Generic is AddFloat64 in Go.
func addF64Generic(dst, a, b []float64) {
	a, b = a[:len(dst)], b[:len(dst)]
	for i := range dst {
		dst[i] = a[i] + b[i]
	}
}
