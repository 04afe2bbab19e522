package gemv

//go:generate go run _asm/gen.go -out gemv_amd64.s

import (
	"fmt"
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

// The assembly kernels as asmKernels, for callAxpy4 and callDot4.
const (
	kAxpy4AVX2 asmKernel = iota + 1
	kAxpy4AVX512
	kAxpy4BF16AVX2
	kAxpy4BF16NoPrefetchAVX2
	kAxpy4BF16AVX512
	kAxpy4F16AVX2
	kAxpy4F16NoPrefetchAVX2
	kAxpy4F16AVX512
	kDot4AVX2
	kDot4NoPrefetchAVX2
	kDot4AVX512
	kDot4BF16AVX2
	kDot4BF16NoPrefetchAVX2
	kDot4BF16AVX512
	kDot4F16AVX2
	kDot4F16NoPrefetchAVX2
	kDot4F16AVX512
)

// callAxpy4 calls the axpy4 kernel id (float32 weights for the float32
// ones, uint16 for the 16-bit ones), directly: see asmKernel.
func callAxpy4[E float32 | uint16](id asmKernel, y *float32, w0, w1, w2, w3 *E, x *[4]float32, n int) {
	f0, f1, f2, f3 := (*float32)(unsafe.Pointer(w0)), (*float32)(unsafe.Pointer(w1)), (*float32)(unsafe.Pointer(w2)), (*float32)(unsafe.Pointer(w3))
	h0, h1, h2, h3 := (*uint16)(unsafe.Pointer(w0)), (*uint16)(unsafe.Pointer(w1)), (*uint16)(unsafe.Pointer(w2)), (*uint16)(unsafe.Pointer(w3))
	switch id {
	case kAxpy4AVX2:
		axpy4AVX2(y, f0, f1, f2, f3, x, n)
	case kAxpy4AVX512:
		axpy4AVX512(y, f0, f1, f2, f3, x, n)
	case kAxpy4BF16AVX2:
		axpy4BF16AVX2(y, h0, h1, h2, h3, x, n)
	case kAxpy4BF16NoPrefetchAVX2:
		axpy4BF16NoPrefetchAVX2(y, h0, h1, h2, h3, x, n)
	case kAxpy4BF16AVX512:
		axpy4BF16AVX512(y, h0, h1, h2, h3, x, n)
	case kAxpy4F16AVX2:
		axpy4F16AVX2(y, h0, h1, h2, h3, x, n)
	case kAxpy4F16NoPrefetchAVX2:
		axpy4F16NoPrefetchAVX2(y, h0, h1, h2, h3, x, n)
	case kAxpy4F16AVX512:
		axpy4F16AVX512(y, h0, h1, h2, h3, x, n)
	default:
		panic(fmt.Sprintf("gemv: %d is not an axpy4 kernel", id))
	}
}

// callDot4 calls the dot4 kernel id, directly: see asmKernel.
func callDot4[E float32 | uint16](id asmKernel, w0, w1, w2, w3 *E, x *float32, n int, out *[4]float32) {
	f0, f1, f2, f3 := (*float32)(unsafe.Pointer(w0)), (*float32)(unsafe.Pointer(w1)), (*float32)(unsafe.Pointer(w2)), (*float32)(unsafe.Pointer(w3))
	h0, h1, h2, h3 := (*uint16)(unsafe.Pointer(w0)), (*uint16)(unsafe.Pointer(w1)), (*uint16)(unsafe.Pointer(w2)), (*uint16)(unsafe.Pointer(w3))
	switch id {
	case kDot4AVX2:
		dot4AVX2(f0, f1, f2, f3, x, n, out)
	case kDot4NoPrefetchAVX2:
		dot4NoPrefetchAVX2(f0, f1, f2, f3, x, n, out)
	case kDot4AVX512:
		dot4AVX512(f0, f1, f2, f3, x, n, out)
	case kDot4BF16AVX2:
		dot4BF16AVX2(h0, h1, h2, h3, x, n, out)
	case kDot4BF16NoPrefetchAVX2:
		dot4BF16NoPrefetchAVX2(h0, h1, h2, h3, x, n, out)
	case kDot4BF16AVX512:
		dot4BF16AVX512(h0, h1, h2, h3, x, n, out)
	case kDot4F16AVX2:
		dot4F16AVX2(h0, h1, h2, h3, x, n, out)
	case kDot4F16NoPrefetchAVX2:
		dot4F16NoPrefetchAVX2(h0, h1, h2, h3, x, n, out)
	case kDot4F16AVX512:
		dot4F16AVX512(h0, h1, h2, h3, x, n, out)
	default:
		panic(fmt.Sprintf("gemv: %d is not a dot4 kernel", id))
	}
}

// halfKernelsAsm wraps the assembly over 16-bit weights of one format.
func halfKernelsAsm(h Half, axpy, dot asmKernel) kernels[uint16] {
	return kernels[uint16]{
		axpy4: func(y []float32, w0, w1, w2, w3 []uint16, x *[4]float32, n int) {
			_, _, _, _, _ = y[n-1], w0[n-1], w1[n-1], w2[n-1], w3[n-1]
			callAxpy4(axpy, unsafe.SliceData(y), unsafe.SliceData(w0), unsafe.SliceData(w1), unsafe.SliceData(w2), unsafe.SliceData(w3), x, n)
		},
		dot4: func(w0, w1, w2, w3 []uint16, x []float32, n int, out *[4]float32) {
			_, _, _, _, _ = x[n-1], w0[n-1], w1[n-1], w2[n-1], w3[n-1]
			callDot4(dot, unsafe.SliceData(w0), unsafe.SliceData(w1), unsafe.SliceData(w2), unsafe.SliceData(w3), unsafe.SliceData(x), n, out)
		},
		width:  8,
		widen:  h.widen,
		axpy4k: axpy,
		dot4k:  dot,
	}
}

// floatImpl wraps the assembly over float32 weights and the 16-bit
// kernels in an implementation.
func floatImpl(name string, axpy, dot asmKernel, half map[Half]kernels[uint16]) *impl {
	return &impl{
		name: name,
		axpy4: func(y, w0, w1, w2, w3 []float32, x *[4]float32, n int) {
			_, _, _, _, _ = y[n-1], w0[n-1], w1[n-1], w2[n-1], w3[n-1]
			callAxpy4(axpy, unsafe.SliceData(y), unsafe.SliceData(w0), unsafe.SliceData(w1), unsafe.SliceData(w2), unsafe.SliceData(w3), x, n)
		},
		dot4: func(w0, w1, w2, w3, x []float32, n int, out *[4]float32) {
			_, _, _, _, _ = x[n-1], w0[n-1], w1[n-1], w2[n-1], w3[n-1]
			callDot4(dot, unsafe.SliceData(w0), unsafe.SliceData(w1), unsafe.SliceData(w2), unsafe.SliceData(w3), unsafe.SliceData(x), n, out)
		},
		width:  8,
		axpy4k: axpy,
		dot4k:  dot,
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
		half := map[Half]kernels[uint16]{BFloat16: halfKernelsAsm(BFloat16, kAxpy4BF16AVX512, kDot4BF16AVX512)}
		if cpu.X86.HasF16C {
			half[Float16] = halfKernelsAsm(Float16, kAxpy4F16AVX512, kDot4F16AVX512)
		}
		impls = append(impls, floatImpl("avx512", kAxpy4AVX512, kDot4AVX512, half))
	}
	axpyBF16, dotBF16, axpyF16, dotF16, dot := kAxpy4BF16AVX2, kDot4BF16AVX2, kAxpy4F16AVX2, kDot4F16AVX2, kDot4AVX2
	if host.HardwarePrefetchesStreams() {
		axpyBF16, dotBF16, axpyF16, dotF16, dot = kAxpy4BF16NoPrefetchAVX2, kDot4BF16NoPrefetchAVX2, kAxpy4F16NoPrefetchAVX2, kDot4F16NoPrefetchAVX2, kDot4NoPrefetchAVX2
	}
	half := map[Half]kernels[uint16]{BFloat16: halfKernelsAsm(BFloat16, axpyBF16, dotBF16)}
	if cpu.X86.HasF16C {
		half[Float16] = halfKernelsAsm(Float16, axpyF16, dotF16)
	}
	return append(impls, floatImpl("avx2", kAxpy4AVX2, dot, half))
}
