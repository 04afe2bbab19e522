package vecmath

import "golang.org/x/sys/cpu"

//go:noescape
func take64AVX512(dst, src *uint64, size int, idx *int64, n int) int

//go:noescape
func take32AVX512(dst, src *uint32, size int, idx *int64, n int) int

// take64Scalar and take32Scalar are the kernels of AVX2 CPUs, whose
// vector gathers are slower than scalar loads (take_amd64.s), and of
// AMD's AVX-512 CPUs (takeScalarOnAVX512).
//
//go:noescape
func take64Scalar(dst, src *uint64, size int, idx *int64, n int) int

//go:noescape
func take32Scalar(dst, src *uint32, size int, idx *int64, n int) int

func cpuVendor() (ebx, ecx, edx uint32)

// takeScalarOnAVX512 makes the "avx512" implementation gather with the
// scalar kernels too. It is set on AMD's CPUs: Zen 4 runs VGATHERQPD and
// VGATHERQPS as microcode, and there the scalar loop with its prefetch
// took the row's gather (142,858 indices at a stride of 7 into 8 MB, a
// fresh 1.1 MB output each call) in 205-250 µs of CPU against the
// gather's 245-345, and a 4,096-element source read at random in
// 53-58 µs against 56-74 (docs/performance.md, "a[idx] on the AVX-512
// EPYC"). Intel's AVX-512 CPUs keep the vector gathers, measured faster
// than the Go loop there. Tests set it to run both kernels.
var takeScalarOnAVX512 = isAMD()

// isAMD reports whether CPUID's vendor string is "AuthenticAMD".
func isAMD() bool {
	ebx, ecx, edx := cpuVendor()
	return ebx == 0x68747541 && edx == 0x69746e65 && ecx == 0x444d4163 // "Auth", "enti", "cAMD"
}

// take64Arch runs Take64's vector kernel (len(src) > 0, idx as long as
// dst) where the implementation in use has one, and returns how many
// elements it wrote, all before the first bad index.
func take64Arch(dst, src []uint64, idx []int64) int {
	switch impls.Current().name {
	case "avx512":
		if cpu.X86.HasAVX512F {
			if takeScalarOnAVX512 {
				return take64Scalar(&dst[0], &src[0], len(src), &idx[0], len(dst))
			}
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
			if takeScalarOnAVX512 {
				return take32Scalar(&dst[0], &src[0], len(src), &idx[0], len(dst))
			}
			return take32AVX512(&dst[0], &src[0], len(src), &idx[0], len(dst))
		}
	case "avx2":
		if cpu.X86.HasAVX2 {
			return take32Scalar(&dst[0], &src[0], len(src), &idx[0], len(dst))
		}
	}
	return 0
}
