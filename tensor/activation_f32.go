package tensor

import "github.com/kael-dev/kael/tensor/internal/vecmath"

// The float32 kernels of silu and softplus, forward and backward, in
// PyTorch 1.13's float32 expressions (aten/src/ATen/native/cpu/
// Activation.cpp): exp over a block by the vector kernel
// (vecmath.ExpFloat32, float32(math.Exp) rounded once), the rest one
// float32 operation at a time in PyTorch's order. The explicit float32
// conversions keep the compiler from fusing a product and a sum.

// actBlock is the block of elements whose exp is taken at once; the
// block's scratch lives on the stack.
const actBlock = 256

// SiluFloat32 sets dst[i] to x·sigmoid(x), x = src[i]: sigmoid by
// vecmath.SigmoidFloat32 (PyTorch's 1/(1 + exp(-x)) in float32, exp within
// an ulp) over a block, then one float32 product. PyTorch's silu_kernel
// divides, x/(1 + exp(-x)); the product rounds once more, so results are
// PyTorch's or an ulp or two away. dst must be at least as long as src; it
// may be src.
func SiluFloat32(dst, src []float32) {
	dst = dst[:len(src)]
	var e [actBlock]float32
	for b := 0; b < len(src); b += actBlock {
		x := src[b:min(b+actBlock, len(src))]
		s := e[:len(x)]
		vecmath.SigmoidFloat32(s, x)
		d := dst[b : b+len(x)]
		for i, v := range x {
			d[i] = v * s[i]
		}
	}
}

// SiluGradFloat32 sets dst[i] to g·s·(1 + x·(1 - s)) with s = 1/(1 +
// exp(-x)) (vecmath.SigmoidFloat32, the expression of PyTorch's
// silu_backward_kernel), in its order: (g·s)·(1 + x·(1 - s)). dst may be g
// or x.
func SiluGradFloat32(dst, g, x []float32) {
	dst, g = dst[:len(x)], g[:len(x)]
	var e [actBlock]float32
	for b := 0; b < len(x); b += actBlock {
		xs := x[b:min(b+actBlock, len(x))]
		t := e[:len(xs)]
		vecmath.SigmoidFloat32(t, xs)
		gs, d := g[b:b+len(xs)], dst[b:b+len(xs)]
		for i, v := range xs {
			s := t[i]
			gsv := float32(gs[i] * s)
			inner := float32(1 + float32(v*float32(1-s)))
			d[i] = gsv * inner
		}
	}
}

// SoftplusFloat32 sets dst[i] to x where x·beta > threshold, else
// log1p(exp(x·beta))/beta, in float32 as PyTorch's softplus_kernel (beta
// and threshold rounded to float32 by the caller); exp and log1p by the
// vector kernels over a block (vecmath.ExpFloat32, Log1pFloat32: the bits
// of float32(math.Log1p(x)), as before). dst may be src.
func SoftplusFloat32(dst, src []float32, beta, threshold float32) {
	dst = dst[:len(src)]
	var e [actBlock]float32
	for b := 0; b < len(src); b += actBlock {
		x := src[b:min(b+actBlock, len(src))]
		t := e[:len(x)]
		for i, v := range x {
			t[i] = v * beta
		}
		vecmath.ExpFloat32(t, t)
		vecmath.Log1pFloat32(t, t)
		d := dst[b : b+len(x)]
		for i, v := range x {
			if float32(v*beta) > threshold {
				d[i] = v
			} else {
				d[i] = t[i] / beta
			}
		}
	}
}

// SoftplusGradFloat32 sets dst[i] to g where x·beta > threshold, else
// g·z/(z + 1) with z = exp(x·beta), as PyTorch's softplus_backward_kernel:
// (g·z)/(z + 1). dst may be g or x.
func SoftplusGradFloat32(dst, g, x []float32, beta, threshold float32) {
	dst, g = dst[:len(x)], g[:len(x)]
	var e [actBlock]float32
	for b := 0; b < len(x); b += actBlock {
		xs := x[b:min(b+actBlock, len(x))]
		t := e[:len(xs)]
		for i, v := range xs {
			t[i] = v * beta
		}
		vecmath.ExpFloat32(t, t)
		gs, d := g[b:b+len(xs)], dst[b:b+len(xs)]
		for i, v := range xs {
			if float32(v*beta) > threshold {
				d[i] = gs[i]
			} else {
				z := t[i]
				d[i] = float32(gs[i]*z) / float32(z+1)
			}
		}
	}
}
