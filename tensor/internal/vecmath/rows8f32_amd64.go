package vecmath

import "golang.org/x/sys/cpu"

// hasAVX2 is whether this CPU runs addRows8F32AVX2.
var hasAVX2 = cpu.X86.HasAVX2

// addRows8F32AVX2 is AddRows8Float32 for a length that is a multiple of 8
// (rows8f32_amd64.s).
//
//go:noescape
func addRows8F32AVX2(acc []float32, rows *[8][]float32, load bool)

// addRows8F32Arch runs the kernel on the longest prefix of acc of whole
// vectors and returns its length.
func addRows8F32Arch(acc []float32, rows *[8][]float32, load bool) int {
	n := len(acc) &^ 7
	if n == 0 || !hasAVX2 || impls.Current() == genericImpl {
		return 0
	}
	addRows8F32AVX2(acc[:n], rows, load)
	return n
}
