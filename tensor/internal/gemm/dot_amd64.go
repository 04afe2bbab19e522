package gemm

import "golang.org/x/sys/cpu"

// dotF32x4x4AVX512 is the AVX-512 dotTile: 4 rows of A by 4 of B, slivers
// of 32, 16 lanes.
//
//go:noescape
func dotF32x4x4AVX512(steps int, a *float32, lda int, b *float32, bstride int, c *float32, ldc int, acc bool)

// dotF32x2x4AVX2 is the AVX2 dotTile: 2 rows of A by 4 of B, slivers of
// 16, 8 lanes.
//
//go:noescape
func dotF32x2x4AVX2(steps int, a *float32, lda int, b *float32, bstride int, c *float32, ldc int, acc bool)

// dotTiles are the dot-product tile kernels this CPU supports, by the
// name of the implementation whose packed slivers they read.
var dotTiles []struct {
	name string
	tile dotTile
}

func init() {
	if cpu.X86.HasAVX512F {
		dotTiles = append(dotTiles, struct {
			name string
			tile dotTile
		}{"avx512", dotTile{16, 4, 4, 32, dotF32x4x4AVX512}})
	}
	if cpu.X86.HasAVX2 && cpu.X86.HasFMA {
		dotTiles = append(dotTiles, struct {
			name string
			tile dotTile
		}{"avx2", dotTile{8, 2, 4, 16, dotF32x2x4AVX2}})
	}
}
