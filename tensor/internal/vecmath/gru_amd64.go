package vecmath

// gruBackwardF32AVX2 is GRUBackwardRowFloat32's kernel over the first
// len(dh) elements of a row (a multiple of eight) whose gate blocks are h
// elements apart (gru_amd64.s).
//
//go:noescape
func gruBackwardF32AVX2(dgi, dgh, dh, ghy, act, hx []float32, h int)

// gruBackwardRowArch runs the kernel on the longest prefix of whole
// vectors and returns its length.
func gruBackwardRowArch(dgi, dgh, dh, ghy, act, hx []float32) int {
	h := len(dh)
	n := h &^ 7
	if n == 0 || !hasAVX2FMA || impls.Current() == genericImpl {
		return 0
	}
	gruBackwardF32AVX2(dgi, dgh, dh[:n], ghy, act, hx, h)
	return n
}
