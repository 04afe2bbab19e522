package gemv

//go:generate go run _asm/gen.go -out gemv_amd64.s

import (
	"unsafe"

	"golang.org/x/sys/cpu"

	"github.com/kael-dev/kael/tensor/internal/isa"
)

//go:noescape
func axpy4AVX2(y, w0, w1, w2, w3 *float32, x *[4]float32, n int)

//go:noescape
func dot4AVX2(w0, w1, w2, w3, x *float32, n int, out *[4]float32)

// dot4NoPrefetchAVX2 is dot4AVX2 without its prefetches: the same bits.
//
//go:noescape
func dot4NoPrefetchAVX2(w0, w1, w2, w3, x *float32, n int, out *[4]float32)

// The 16-bit AVX2 kernels without their prefetches: the same bits.

//go:noescape
func axpy4BF16NoPrefetchAVX2(y *float32, w0, w1, w2, w3 *uint16, x *[4]float32, n int)

//go:noescape
func dot4BF16NoPrefetchAVX2(w0, w1, w2, w3 *uint16, x *float32, n int, out *[4]float32)

//go:noescape
func axpy4F16NoPrefetchAVX2(y *float32, w0, w1, w2, w3 *uint16, x *[4]float32, n int)

//go:noescape
func dot4F16NoPrefetchAVX2(w0, w1, w2, w3 *uint16, x *float32, n int, out *[4]float32)

//go:noescape
func axpy4BF16AVX2(y *float32, w0, w1, w2, w3 *uint16, x *[4]float32, n int)

//go:noescape
func dot4BF16AVX2(w0, w1, w2, w3 *uint16, x *float32, n int, out *[4]float32)

//go:noescape
func axpy4F16AVX2(y *float32, w0, w1, w2, w3 *uint16, x *[4]float32, n int)

//go:noescape
func dot4F16AVX2(w0, w1, w2, w3 *uint16, x *float32, n int, out *[4]float32)

//go:noescape
func axpy4AVX512(y, w0, w1, w2, w3 *float32, x *[4]float32, n int)

//go:noescape
func dot4AVX512(w0, w1, w2, w3, x *float32, n int, out *[4]float32)

//go:noescape
func axpy4BF16AVX512(y *float32, w0, w1, w2, w3 *uint16, x *[4]float32, n int)

//go:noescape
func dot4BF16AVX512(w0, w1, w2, w3 *uint16, x *float32, n int, out *[4]float32)

//go:noescape
func axpy4F16AVX512(y *float32, w0, w1, w2, w3 *uint16, x *[4]float32, n int)

//go:noescape
func dot4F16AVX512(w0, w1, w2, w3 *uint16, x *float32, n int, out *[4]float32)

// halfKernelsAsm wraps the assembly over 16-bit weights of one format.
func halfKernelsAsm(h Half, axpy func(*float32, *uint16, *uint16, *uint16, *uint16, *[4]float32, int),
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
		width:  8,
		widen:  h.widen,
		axpy4p: axpy,
		dot4p:  dot,
	}
}

// floatImpl wraps the assembly over float32 weights and the 16-bit
// kernels in an implementation.
func floatImpl(name string, axpy func(*float32, *float32, *float32, *float32, *float32, *[4]float32, int),
	dot func(*float32, *float32, *float32, *float32, *float32, int, *[4]float32), half map[Half]kernels[uint16]) *impl {
	return &impl{
		name: name,
		axpy4: func(y, w0, w1, w2, w3 []float32, x *[4]float32, n int) {
			_, _, _, _, _ = y[n-1], w0[n-1], w1[n-1], w2[n-1], w3[n-1]
			axpy(unsafe.SliceData(y), unsafe.SliceData(w0), unsafe.SliceData(w1), unsafe.SliceData(w2), unsafe.SliceData(w3), x, n)
		},
		dot4: func(w0, w1, w2, w3, x []float32, n int, out *[4]float32) {
			_, _, _, _, _ = x[n-1], w0[n-1], w1[n-1], w2[n-1], w3[n-1]
			dot(unsafe.SliceData(w0), unsafe.SliceData(w1), unsafe.SliceData(w2), unsafe.SliceData(w3), unsafe.SliceData(x), n, out)
		},
		width:  8,
		axpy4p: axpy,
		dot4p:  dot,
		half:   half,
	}
}

// archImpls returns the AVX-512 kernels where the CPU has AVX-512 F and BW
// (VPMOVZXWD on zmm registers widens bfloat16) besides AVX2 and FMA (their
// tails of 8 are AVX2), and the AVX2 ones where it has AVX2 and FMA; the
// float16 kernels need F16C too. The two give the same bits (_asm/gen.go).
// The AVX2 kernels that prefetch (float32 dot products, all 16-bit ones)
// leave their prefetches out where the hardware's alone stream better
// (isa.CPU.HardwarePrefetchesStreams: Zen 4).
func archImpls() []*impl {
	return archImplsFor(isa.Host())
}

func archImplsFor(host isa.CPU) []*impl {
	if !cpu.X86.HasAVX2 || !cpu.X86.HasFMA {
		return nil
	}
	var impls []*impl
	if cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW {
		half := map[Half]kernels[uint16]{BFloat16: halfKernelsAsm(BFloat16, axpy4BF16AVX512, dot4BF16AVX512)}
		if cpu.X86.HasF16C {
			half[Float16] = halfKernelsAsm(Float16, axpy4F16AVX512, dot4F16AVX512)
		}
		impls = append(impls, floatImpl("avx512", axpy4AVX512, dot4AVX512, half))
	}
	axpyBF16, dotBF16, axpyF16, dotF16, dot := axpy4BF16AVX2, dot4BF16AVX2, axpy4F16AVX2, dot4F16AVX2, dot4AVX2
	if host.HardwarePrefetchesStreams() {
		axpyBF16, dotBF16, axpyF16, dotF16, dot = axpy4BF16NoPrefetchAVX2, dot4BF16NoPrefetchAVX2, axpy4F16NoPrefetchAVX2, dot4F16NoPrefetchAVX2, dot4NoPrefetchAVX2
	}
	half := map[Half]kernels[uint16]{BFloat16: halfKernelsAsm(BFloat16, axpyBF16, dotBF16)}
	if cpu.X86.HasF16C {
		half[Float16] = halfKernelsAsm(Float16, axpyF16, dotF16)
	}
	return append(impls, floatImpl("avx2", axpy4AVX2, dot, half))
}
