package gemv

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

//go:noescape
func axpy4AVX2(y, w0, w1, w2, w3 *float32, x *[4]float32, n int)

//go:noescape
func dot4AVX2(w0, w1, w2, w3, x *float32, n int, out *[4]float32)

func archImpls() []*impl {
	if !cpu.X86.HasAVX2 || !cpu.X86.HasFMA {
		return nil
	}
	return []*impl{{
		name: "avx2",
		axpy4: func(y, w0, w1, w2, w3 []float32, x *[4]float32, n int) {
			_, _, _, _, _ = y[n-1], w0[n-1], w1[n-1], w2[n-1], w3[n-1]
			axpy4AVX2(unsafe.SliceData(y), unsafe.SliceData(w0), unsafe.SliceData(w1), unsafe.SliceData(w2), unsafe.SliceData(w3), x, n)
		},
		dot4: func(w0, w1, w2, w3, x []float32, n int, out *[4]float32) {
			_, _, _, _, _ = x[n-1], w0[n-1], w1[n-1], w2[n-1], w3[n-1]
			dot4AVX2(unsafe.SliceData(w0), unsafe.SliceData(w1), unsafe.SliceData(w2), unsafe.SliceData(w3), unsafe.SliceData(x), n, out)
		},
		width: 8,
	}}
}
