package vecmath

import "golang.org/x/sys/cpu"

// hasAVX2FMA is whether this CPU runs lstmBackwardF32AVX2.
var hasAVX2FMA = cpu.X86.HasAVX2 && cpu.X86.HasFMA

// lstmBackwardF32AVX2 is LSTMBackwardRowFloat32's kernel over the first
// len(dc) elements of a row (a multiple of eight) whose gate blocks are h
// elements apart (lstm_amd64.s).
//
//go:noescape
func lstmBackwardF32AVX2(dg, dc, ghy, gcy, act, tcy, cx []float32, h int)

// lstmBackwardRowArch runs the kernel on the longest prefix of whole
// vectors and returns its length.
func lstmBackwardRowArch(dg, dc, ghy, gcy, act, tcy, cx []float32) int {
	h := len(dc)
	n := h &^ 7
	if n == 0 || !hasAVX2FMA || impls.Current() == genericImpl {
		return 0
	}
	lstmBackwardF32AVX2(dg, dc[:n], ghy, gcy, act, tcy, cx, h)
	return n
}
