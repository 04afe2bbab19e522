package gemv

import (
	"fmt"

	"github.com/kael-dev/kael/tensor/internal/half"
)

// Half names a 16-bit floating-point format of weights. VecMat16 and
// MatVec16 read such weights as uint16 and widen each one to float32 in
// registers, exactly, so a product reads half the bytes of a float32
// one: at batch 1, where the weights' bytes set the speed, that is up to
// twice the speed. The arithmetic is float32's, as in VecMat and MatVec on
// the widened weights.
type Half uint8

const (
	BFloat16 Half = iota + 1 // bfloat16: the upper 16 bits of a float32
	Float16                  // IEEE 754 binary16
)

func (h Half) String() string {
	switch h {
	case BFloat16:
		return "bfloat16"
	case Float16:
		return "float16"
	}
	return fmt.Sprintf("Half(%d)", uint8(h))
}

// widen returns the float32 that v encodes in format h.
func (h Half) widen(v uint16) float32 {
	if h == BFloat16 {
		return half.BFloat16ToFloat32(v)
	}
	return half.Float16ToFloat32(v)
}

// halfKernels returns im's kernels over weights of format h, or the
// portable ones, which widen one element at a time, where im has none.
func halfKernels(im *impl, h Half) kernels[uint16] {
	if h != BFloat16 && h != Float16 {
		panic(fmt.Sprintf("gemv: no 16-bit format %v", h))
	}
	if kn, ok := im.half[h]; ok {
		return kn
	}
	return kernels[uint16]{
		axpy4: func(y []float32, w0, w1, w2, w3 []uint16, x *[4]float32, n int) {
			y, w0, w1, w2, w3 = y[:n], w0[:n], w1[:n], w2[:n], w3[:n]
			for j := range y {
				y[j] += x[0]*h.widen(w0[j]) + x[1]*h.widen(w1[j]) + x[2]*h.widen(w2[j]) + x[3]*h.widen(w3[j])
			}
		},
		dot4: func(w0, w1, w2, w3 []uint16, x []float32, n int, out *[4]float32) {
			x, w0, w1, w2, w3 = x[:n], w0[:n], w1[:n], w2[:n], w3[:n]
			var s0, s1, s2, s3 float32
			for j, v := range x {
				s0 += h.widen(w0[j]) * v
				s1 += h.widen(w1[j]) * v
				s2 += h.widen(w2[j]) * v
				s3 += h.widen(w3[j]) * v
			}
			out[0], out[1], out[2], out[3] = s0, s1, s2, s3
		},
		width: 1,
		widen: h.widen,
	}
}

// VecMat16 sets y[:n] = x[:k]·W as VecMat does, W's elements being 16-bit
// floats of format h.
func VecMat16(y, x []float32, w []uint16, h Half, k, n, ldw, threads int) {
	checkVecMat(y, x, len(w), k, n, ldw)
	im, threads := start(y, n, k, threads)
	if im == nil {
		return
	}
	vecMat(halfKernels(im, h), y, x, w, k, n, ldw, threads)
}

// MatVec16 sets y[:n] = W·x[:k] as MatVec does, W's elements being 16-bit
// floats of format h.
func MatVec16(y []float32, w []uint16, x []float32, h Half, n, k, ldw, threads int) {
	checkMatVec(y, len(w), x, n, k, ldw)
	im, threads := start(y, n, k, threads)
	if im == nil {
		return
	}
	kn := halfKernels(im, h)
	if threads <= 1 {
		matVecRows(kn, y, w, x, 0, n, k, ldw)
		return
	}
	split(n, threads, func(_, lo, hi int) { matVecRows(kn, y, w, x, lo, hi, k, ldw) })
}
