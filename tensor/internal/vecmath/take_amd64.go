package vecmath

import "golang.org/x/sys/cpu"

//go:noescape
func take64AVX512(dst, src *uint64, size int, idx *int64, n int) int

//go:noescape
func take32AVX512(dst, src *uint32, size int, idx *int64, n int) int

// take64Scalar and take32Scalar are the kernels of AVX2 CPUs, whose
// vector gathers are slower than scalar loads (take_amd64.s).
//
//go:noescape
func take64Scalar(dst, src *uint64, size int, idx *int64, n int) int

//go:noescape
func take32Scalar(dst, src *uint32, size int, idx *int64, n int) int

// take64Arch runs Take64's vector kernel (len(src) > 0, idx as long as
// dst) where the implementation in use has one, and returns how many
// elements it wrote, all before the first bad index.
func take64Arch(dst, src []uint64, idx []int64) int {
	switch impls.Current().name {
	case "avx512":
		if cpu.X86.HasAVX512F {
			return take64AVX512(&dst[0], &src[0], len(src), &idx[0], len(dst))
		}
	case "avx2":
		if cpu.X86.HasAVX2 {
			return take64Scalar(&dst[0], &src[0], len(src), &idx[0], len(dst))
		}
	}
	return 0
}

// take32Arch is take64Arch for Take32.
func take32Arch(dst, src []uint32, idx []int64) int {
	switch impls.Current().name {
	case "avx512":
		if cpu.X86.HasAVX512F {
			return take32AVX512(&dst[0], &src[0], len(src), &idx[0], len(dst))
		}
	case "avx2":
		if cpu.X86.HasAVX2 {
			return take32Scalar(&dst[0], &src[0], len(src), &idx[0], len(dst))
		}
	}
	return 0
}
