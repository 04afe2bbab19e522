package vecmath

import "golang.org/x/sys/cpu"

//go:noescape
func gatherRowsAVX512(dst *float32, ld int, src *float32, idx *int32, rows, n int)

//go:noescape
func gatherRowsAVX2(dst *float32, ld int, src *float32, idx *int32, rows, n int)

//go:noescape
func scatterAddRowsAVX512(dst *float32, src *float32, ld int, idx *int32, rows, n int)

//go:noescape
func scatterAddRowsAVX2(dst *float32, src *float32, ld int, idx *int32, rows, n int)

// hasGatherAVX512 is whether this CPU runs the AVX-512 gathers and
// scatter-adds (AVX-512 F; the masks are compared, not moved, so DQ is
// not needed).
var hasGatherAVX512 = cpu.X86.HasAVX512F

// gatherRowsArch runs GatherRowsFloat32 (arguments checked) in the
// kernel of the implementation in use, and reports whether it did.
func gatherRowsArch(dst []float32, ld int, src []float32, idx []int32, rows, n int) bool {
	if len(src) == 0 {
		return false // every index negative: the Go loop writes the zeros
	}
	switch impls.Current().name {
	case "avx512":
		if hasGatherAVX512 {
			gatherRowsAVX512(&dst[0], ld, &src[0], &idx[0], rows, n)
			return true
		}
	case "avx2":
		if cpu.X86.HasAVX2 {
			gatherRowsAVX2(&dst[0], ld, &src[0], &idx[0], rows, n)
			return true
		}
	}
	return false
}

// scatterRunsMinWidth is the least row of indices for which AVX-512's
// scatter-add looks for runs of stride 2: a convolution's table row is
// an image's oh·ow outputs, and under 64 the runs are shorter than eight
// (ow of 4 or less, or few rows), where each turn's failed look costs
// more than the scalar loop saves. CPU ns a call on the Zen 4 EPYC
// (BenchmarkScatterAddRowsConv, one image, two rounds, pinned, loaded
// machine): rows of 256 (ow 16) 43k, 48k against the scalar loop's 80k,
// 97k; of 64 (ow 8) 34k, 41k against 45k, 47k; of 16 (ow 4) 26k, 26k
// against 23k, 23k.
const scatterRunsMinWidth = 64

// scatterAddRowsArch runs ScatterAddRowsFloat32 (arguments checked) in
// the kernel of the implementation in use (AVX-512's runs of stride 2
// in masked vectors, other indices one by one, from rows of
// scatterRunsMinWidth; AVX2's scalar loop without bounds checks, and
// AVX-512's on shorter rows), and reports whether it did. AVX-512's
// gather, add and scatter of sixteen lanes, this kernel until
// 2026-12-07, took 2.2–2.5 times the scalar loop's time on the Zen 4
// EPYC (BenchmarkScatterAddRowsConv, docs/performance.md).
func scatterAddRowsArch(dst []float32, src []float32, ld int, idx []int32, rows, n int) bool {
	if len(dst) == 0 {
		return false // every index negative: nothing to add
	}
	switch impls.Current().name {
	case "avx512":
		if hasGatherAVX512 && n >= scatterRunsMinWidth {
			scatterAddRowsAVX512(&dst[0], &src[0], ld, &idx[0], rows, n)
			return true
		}
		if cpu.X86.HasAVX2 {
			scatterAddRowsAVX2(&dst[0], &src[0], ld, &idx[0], rows, n)
			return true
		}
	case "avx2":
		if cpu.X86.HasAVX2 {
			scatterAddRowsAVX2(&dst[0], &src[0], ld, &idx[0], rows, n)
			return true
		}
	}
	return false
}

// gathersArch reports whether gatherRowsArch runs a vector kernel.
func gathersArch() bool {
	switch impls.Current().name {
	case "avx512":
		return hasGatherAVX512
	case "avx2":
		return cpu.X86.HasAVX2
	}
	return false
}
