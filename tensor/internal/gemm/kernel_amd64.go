package gemm

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

//go:generate go run _asm/gen.go -out kernels_amd64.s

//go:noescape
func kernF32AVX512(k int, a, b, c *float32, ldc int, acc bool)

//go:noescape
func kernF64AVX512(k int, a, b, c *float64, ldc int, acc bool)

// The tail kernels compute the first 4 or 8 rows of a tile from a packed
// sliver of A of the full kernel's 12 rows.

//go:noescape
func kernF32AVX512x4(k int, a, b, c *float32, ldc int, acc bool)

//go:noescape
func kernF32AVX512x8(k int, a, b, c *float32, ldc int, acc bool)

//go:noescape
func kernF64AVX512x4(k int, a, b, c *float64, ldc int, acc bool)

//go:noescape
func kernF64AVX512x8(k int, a, b, c *float64, ldc int, acc bool)

//go:noescape
func kernF32AVX2(k int, a, b, c *float32, ldc int, acc bool)

//go:noescape
func kernF64AVX2(k int, a, b, c *float64, ldc int, acc bool)

// The AVX2 tail kernels compute the first 2 or 4 rows of a tile from a
// packed sliver of A of the full kernel's 6 rows.

//go:noescape
func kernF32AVX2x2(k int, a, b, c *float32, ldc int, acc bool)

//go:noescape
func kernF32AVX2x4(k int, a, b, c *float32, ldc int, acc bool)

//go:noescape
func kernF64AVX2x2(k int, a, b, c *float64, ldc int, acc bool)

//go:noescape
func kernF64AVX2x4(k int, a, b, c *float64, ldc int, acc bool)

// The half kernels compute the first 16 (float32) or 8 (float64) columns
// of a tile, 12, 4 or 8 rows, from a packed sliver of B of 32 or 16.

//go:noescape
func kernF32AVX512h(k int, a, b, c *float32, ldc int, acc bool)

//go:noescape
func kernF32AVX512hx4(k int, a, b, c *float32, ldc int, acc bool)

//go:noescape
func kernF32AVX512hx8(k int, a, b, c *float32, ldc int, acc bool)

//go:noescape
func kernF64AVX512h(k int, a, b, c *float64, ldc int, acc bool)

//go:noescape
func kernF64AVX512hx4(k int, a, b, c *float64, ldc int, acc bool)

//go:noescape
func kernF64AVX512hx8(k int, a, b, c *float64, ldc int, acc bool)

// The quarter kernels compute the first 8 (float32) or 4 (float64)
// columns of a tile, 12, 4 or 8 rows, in 256-bit vectors, from a packed
// sliver of B of 32 or 16. They need AVX-512VL.

//go:noescape
func kernF32AVX512q(k int, a, b, c *float32, ldc int, acc bool)

//go:noescape
func kernF32AVX512qx4(k int, a, b, c *float32, ldc int, acc bool)

//go:noescape
func kernF32AVX512qx8(k int, a, b, c *float32, ldc int, acc bool)

//go:noescape
func kernF64AVX512q(k int, a, b, c *float64, ldc int, acc bool)

//go:noescape
func kernF64AVX512qx4(k int, a, b, c *float64, ldc int, acc bool)

//go:noescape
func kernF64AVX512qx8(k int, a, b, c *float64, ldc int, acc bool)

// The transF*x* routines pack a sliver transposed: transTxR sets
// dst[p*R+i] = src[i*ld+p] for i < R, p < k. They need AVX.

//go:noescape
func transF32x12(dst, src *float32, ld, k int)

//go:noescape
func transF32x6(dst, src *float32, ld, k int)

//go:noescape
func transF32x32(dst, src *float32, ld, k int)

//go:noescape
func transF32x16(dst, src *float32, ld, k int)

//go:noescape
func transF64x12(dst, src *float64, ld, k int)

//go:noescape
func transF64x6(dst, src *float64, ld, k int)

//go:noescape
func transF64x16(dst, src *float64, ld, k int)

//go:noescape
func transF64x8(dst, src *float64, ld, k int)

// The transFxRofS routines pack the first R rows of a partial sliver of
// width S: dst[p*S+i] = src[i*ld+p] for i < R, p < k. They need AVX.

//go:noescape
func transF32x16of32(dst, src *float32, ld, k int)

//go:noescape
func transF32x8of12(dst, src *float32, ld, k int)

//go:noescape
func transF32x4of12(dst, src *float32, ld, k int)

//go:noescape
func transF32x8of16(dst, src *float32, ld, k int)

//go:noescape
func transF32x4of6(dst, src *float32, ld, k int)

//go:noescape
func transF64x8of16(dst, src *float64, ld, k int)

//go:noescape
func transF64x8of12(dst, src *float64, ld, k int)

//go:noescape
func transF64x4of12(dst, src *float64, ld, k int)

//go:noescape
func transF64x4of8(dst, src *float64, ld, k int)

//go:noescape
func transF64x4of6(dst, src *float64, ld, k int)

// copyRowsAVX copies rows rows of slivers*width bytes, the row r starting at
// src+r*ld, so that bytes [s*width, (s+1)*width) of row r land at
// dst+s*stride+r*width. width must be a positive multiple of 8. It needs
// AVX.
//
//go:noescape
func copyRowsAVX(dst, src unsafe.Pointer, rows, ld, slivers, width, stride int)

// copyRows adapts copyRowsAVX to copyFunc.
func copyRows[T float32 | float64](dst, src *T, rows, ld, slivers, nr, kc int) {
	size := int(unsafe.Sizeof(*dst))
	copyRowsAVX(unsafe.Pointer(dst), unsafe.Pointer(src), rows, ld*size, slivers, nr*size, kc*nr*size)
}

// archImpls returns the assembly implementations this CPU supports.
func archImpls() []*impl {
	var list []*impl
	if cpu.X86.HasAVX512F {
		im := &impl{
			name: "avx512",
			f32: &kernel[float32]{mr: 12, nr: 32, kc: 512, mc: 1200, nc: 4096, ncb: 256, fn: kernF32AVX512, transA: transF32x12, transB: transF32x32, copyRows: copyRows[float32],
				tails:  []tailKernel[float32]{{4, kernF32AVX512x4}, {8, kernF32AVX512x8}},
				halves: []tailKernel[float32]{{4, kernF32AVX512hx4}, {8, kernF32AVX512hx8}, {12, kernF32AVX512h}},
				partA:  []partTrans[float32]{{8, transF32x8of12}, {4, transF32x4of12}}, partB: []partTrans[float32]{{16, transF32x16of32}}},
			f64: &kernel[float64]{mr: 12, nr: 16, kc: 256, mc: 1200, nc: 4096, ncb: 256, fn: kernF64AVX512, transA: transF64x12, transB: transF64x16, copyRows: copyRows[float64],
				tails:  []tailKernel[float64]{{4, kernF64AVX512x4}, {8, kernF64AVX512x8}},
				halves: []tailKernel[float64]{{4, kernF64AVX512hx4}, {8, kernF64AVX512hx8}, {12, kernF64AVX512h}},
				partA:  []partTrans[float64]{{8, transF64x8of12}, {4, transF64x4of12}}, partB: []partTrans[float64]{{8, transF64x8of16}}},
		}
		if cpu.X86.HasAVX512VL {
			im.f32.quarters = []tailKernel[float32]{{4, kernF32AVX512qx4}, {8, kernF32AVX512qx8}, {12, kernF32AVX512q}}
			im.f64.quarters = []tailKernel[float64]{{4, kernF64AVX512qx4}, {8, kernF64AVX512qx8}, {12, kernF64AVX512q}}
		}
		list = append(list, im)
	}
	if cpu.X86.HasAVX2 && cpu.X86.HasFMA {
		list = append(list, &impl{
			name: "avx2",
			f32: &kernel[float32]{mr: 6, nr: 16, kc: 512, mc: 1200, nc: 4096, ncb: 256, fn: kernF32AVX2, transA: transF32x6, transB: transF32x16, copyRows: copyRows[float32],
				tails: []tailKernel[float32]{{2, kernF32AVX2x2}, {4, kernF32AVX2x4}},
				partA: []partTrans[float32]{{4, transF32x4of6}}, partB: []partTrans[float32]{{8, transF32x8of16}}},
			f64: &kernel[float64]{mr: 6, nr: 8, kc: 256, mc: 1200, nc: 4096, ncb: 256, fn: kernF64AVX2, transA: transF64x6, transB: transF64x8, copyRows: copyRows[float64],
				tails: []tailKernel[float64]{{2, kernF64AVX2x2}, {4, kernF64AVX2x4}},
				partA: []partTrans[float64]{{4, transF64x4of6}}, partB: []partTrans[float64]{{4, transF64x4of8}}},
		})
	}
	return list
}
