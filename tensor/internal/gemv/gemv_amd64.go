package gemv

//go:generate go run _asm/gen.go -out gemv_amd64.s

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

//go:noescape
func axpy4AVX2(y, w0, w1, w2, w3 *float32, x *[4]float32, n int)

//go:noescape
func dot4AVX2(w0, w1, w2, w3, x *float32, n int, out *[4]float32)

//go:noescape
func axpy4BF16AVX2(y *float32, w0, w1, w2, w3 *uint16, x *[4]float32, n int)

//go:noescape
func dot4BF16AVX2(w0, w1, w2, w3 *uint16, x *float32, n int, out *[4]float32)

//go:noescape
func axpy4F16AVX2(y *float32, w0, w1, w2, w3 *uint16, x *[4]float32, n int)

//go:noescape
func dot4F16AVX2(w0, w1, w2, w3 *uint16, x *float32, n int, out *[4]float32)

// halfKernelsAVX2 wraps the assembly over 16-bit weights of one format.
func halfKernelsAVX2(h Half, axpy func(*float32, *uint16, *uint16, *uint16, *uint16, *[4]float32, int),
	dot func(*uint16, *uint16, *uint16, *uint16, *float32, int, *[4]float32)) kernels[uint16] {
	return kernels[uint16]{
		axpy4: func(y []float32, w0, w1, w2, w3 []uint16, x *[4]float32, n int) {
			_, _, _, _, _ = y[n-1], w0[n-1], w1[n-1], w2[n-1], w3[n-1]
			axpy(unsafe.SliceData(y), unsafe.SliceData(w0), unsafe.SliceData(w1), unsafe.SliceData(w2), unsafe.SliceData(w3), x, n)
		},
		dot4: func(w0, w1, w2, w3 []uint16, x []float32, n int, out *[4]float32) {
			_, _, _, _, _ = x[n-1], w0[n-1], w1[n-1], w2[n-1], w3[n-1]
			dot(unsafe.SliceData(w0), unsafe.SliceData(w1), unsafe.SliceData(w2), unsafe.SliceData(w3), unsafe.SliceData(x), n, out)
		},
		width: 8,
		widen: h.widen,
	}
}

func archImpls() []*impl {
	if !cpu.X86.HasAVX2 || !cpu.X86.HasFMA {
		return nil
	}
	half := map[Half]kernels[uint16]{BFloat16: halfKernelsAVX2(BFloat16, axpy4BF16AVX2, dot4BF16AVX2)}
	if cpu.X86.HasF16C {
		half[Float16] = halfKernelsAVX2(Float16, axpy4F16AVX2, dot4F16AVX2)
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
		half:  half,
	}}
}
