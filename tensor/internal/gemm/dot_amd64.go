package gemm

import "golang.org/x/sys/cpu"

// dotF32x4x4AVX512 adds (acc) or stores into the 4×4 tile of C at c (row
// stride ldc) the dot products of A's 4 rows at a (row stride lda) and
// B's 4 rows at b over steps slivers of 32: sliver s of B's 4 rows is
// 128 contiguous elements at b+s·bstride, of A's row i 32 at a+i·lda+32·s.
// Each product is dotGo's: 16 lanes of FMA chains, added by dotTree.
//
//go:noescape
func dotF32x4x4AVX512(steps int, a *float32, lda int, b *float32, bstride int, c *float32, ldc int, acc bool)

// dotKernel is the dot-product tile kernel, nil without AVX-512.
var dotKernel func(steps int, a *float32, lda int, b *float32, bstride int, c *float32, ldc int, acc bool)

func init() {
	if cpu.X86.HasAVX512F {
		dotKernel = dotF32x4x4AVX512
	}
}
