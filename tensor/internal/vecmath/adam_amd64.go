package vecmath

import "golang.org/x/sys/cpu"

//go:noescape
func adamAVX2(p, g, m, v []float32, a *AdamParams)

// hasAVX is whether this CPU runs the AVX kernels (every AVX2 CPU does).
var hasAVX = cpu.X86.HasAVX

// adamArch updates the longest prefix of p whose length is a multiple of 8
// with the AVX kernel where the CPU has FMA3 (hasFMA), unless the generic implementation is forced
// (SetImpl), and returns its length.
func adamArch(p, g, m, v []float32, a AdamParams) int {
	n := len(p) &^ 7
	if n == 0 || !hasFMA || impls.Current() == genericImpl {
		return 0
	}
	adamAVX2(p[:n], g[:n], m[:n], v[:n], &a)
	return n
}
