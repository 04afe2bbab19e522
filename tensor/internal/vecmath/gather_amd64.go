package vecmath

import "golang.org/x/sys/cpu"

//go:noescape
func gatherRowsAVX512(dst *float32, ld int, src *float32, idx *int32, rows, n int)

//go:noescape
func gatherRowsAVX2(dst *float32, ld int, src *float32, idx *int32, rows, n int)

//go:noescape
func scatterAddRowsAVX2(dst *float32, src *float32, ld int, idx *int32, rows, n int)

// hasGatherAVX512 is whether this CPU runs the AVX-512 gathers (AVX-512
// F; the masks are compared, not moved, so DQ is not needed).
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

// scatterAddRowsArch runs ScatterAddRowsFloat32 (arguments checked) in
// the scalar loop without bounds checks (scatterAddRowsAVX2) under both
// AVX2 and AVX-512, and reports whether it did. AVX-512's gather, add
// and scatter of sixteen lanes was this kernel until 2026-12-07: on the
// Zen 4 EPYC it took 2.2–2.5 times the scalar loop's time on dcgan's
// col2im tables (BenchmarkScatterAddRowsConv, docs/performance.md), 11
// times on a one-column table.
func scatterAddRowsArch(dst []float32, src []float32, ld int, idx []int32, rows, n int) bool {
	if len(dst) == 0 {
		return false // every index negative: nothing to add
	}
	name := impls.Current().name
	if (name == "avx512" || name == "avx2") && cpu.X86.HasAVX2 {
		scatterAddRowsAVX2(&dst[0], &src[0], ld, &idx[0], rows, n)
		return true
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
