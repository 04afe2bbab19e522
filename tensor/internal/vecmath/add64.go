package vecmath

import "unsafe"

// addF64Small is the length below which AddFloat64 runs the Go loop: for a
// few elements the call through the implementation costs more than it
// saves.
const addF64Small = 16

// AddFloat64 sets dst[i] = a[i] + b[i] for the elements of dst; a and b
// must be at least as long. Every sum is rounded once, so the result is
// the scalar loop's bit for bit whatever the implementation, streamed
// (addF64StreamMin) or not. dst may be a or b itself but must not
// otherwise overlap them.
func AddFloat64(dst, a, b []float64) {
	a, b = a[:len(dst)], b[:len(dst)]
	if len(dst) < addF64Small {
		addF64Generic(dst, a, b)
		return
	}
	if len(dst) >= addF64StreamMin && uintptr(unsafe.Pointer(unsafe.SliceData(dst)))%8 == 0 {
		impls.Current().addF64Stream(dst, a, b)
		return
	}
	impls.Current().addF64(dst, a, b)
}

// addF64StreamMin is the length (2 MiB of float64) from which AddFloat64
// writes dst with non-temporal stores, around the cache: an output that
// large is rarely read again before the cache has lost it, and a fresh
// one (a buffer the storage pool or the collector hands out, dead for
// several iterations) would otherwise be read from memory for ownership
// first and evict the operands. On the np_add row (8 MB outputs) that
// cut a quarter of the CPU time; at 2 and 4 MB, and with the result read
// at once by the next operation, it cost nothing measurable
// (docs/performance.md, "NumPy's large rows: stores and faults"). A
// variable for the tests.
var addF64StreamMin = 1 << 18

// addF64Generic is AddFloat64 in Go.
func addF64Generic(dst, a, b []float64) {
	a, b = a[:len(dst)], b[:len(dst)]
	for i := range dst {
		dst[i] = a[i] + b[i]
	}
}
