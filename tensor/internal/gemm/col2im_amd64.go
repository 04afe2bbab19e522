package gemm

import "golang.org/x/sys/cpu"

// col2imS2K4AVX512 runs Col2imS2K4Float32's nrow rows (checked) in
// 512-bit vectors, sixteen a of a row a turn.
//
//go:noescape
func col2imS2K4AVX512(p, cols *float32, ld, ow int, rows *int32, nrow int)

// col2imS2K4Arch runs Col2imS2K4Float32 (arguments checked) in the
// AVX-512 kernel where AVX-512 is the implementation in use, and reports
// whether it did.
func col2imS2K4Arch(p, cols []float32, ld, ow int, rows []int32) bool {
	if Impl() != "avx512" || !cpu.X86.HasAVX512F {
		return false
	}
	col2imS2K4AVX512(&p[0], &cols[0], ld, ow, &rows[0], len(rows)/3)
	return true
}

// im2colS2K4AVX512 runs Im2colS2K4Float32 (checked) in 512-bit vectors,
// sixteen outputs of a row a turn.
//
//go:noescape
func im2colS2K4AVX512(dst *float32, ld int, p *float32, oh, ow, y0, ny int)

// im2colS2K4Arch runs Im2colS2K4Float32 (arguments checked) in the
// AVX-512 kernel where AVX-512 is the implementation in use, and reports
// whether it did.
func im2colS2K4Arch(dst []float32, ld int, p []float32, oh, ow, y0, ny int) bool {
	if Impl() != "avx512" || !cpu.X86.HasAVX512F {
		return false
	}
	im2colS2K4AVX512(&dst[0], ld, &p[0], oh, ow, y0, ny)
	return true
}
