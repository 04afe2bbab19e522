package tensor

import (
	"math"

	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// PyTorch's add and sub with an alpha, a + alpha·b and a - alpha·b, are
// one kernel of the element-wise iterator: ATen's add_kernel computes
// vec::fmadd(b, alpha, a) (sub is add with -alpha), alpha first
// converted to the common dtype, so each element rounds once, whether the
// operands are contiguous, broadcast or strided (PyTorch 1.13 on the CPU:
// TestAddScaledMatchesTorch). Scaling b first and adding rounded twice.

// Scales reports whether ApplyScaled and ApplyScaledInPlace compute a op
// alpha·b for these operands: s is AddSpec or SubSpec and the operands
// promote to float32 or float64. Other dtypes (integers, complex, half)
// are the caller's to compute as a op (alpha·b), which is exact for
// integers.
func (s *BinarySpec) Scales(a, b *Tensor) bool {
	compute, _, err := s.Types(a, b)
	return err == nil && s.scalesIn(compute)
}

// scalesIn reports whether s has a fused kernel with an alpha in the
// compute dtype.
func (s *BinarySpec) scalesIn(compute DType) bool {
	return (s == AddSpec || s == SubSpec) && (compute == Float32 || compute == Float64)
}

// scaledKernel returns the kernel of a + alpha·b in compute (Float32 or
// Float64, scalesIn), sub's alpha negated, or an error naming a and b
// where there is none.
func (s *BinarySpec) scaledKernel(compute DType, a, b *Tensor, alpha float64) (binaryKernel, error) {
	if !s.scalesIn(compute) {
		return nil, Errorf(RuntimeError, "%s with alpha: no fused kernel for %s and %s", s.Name, a.dtype, b.dtype)
	}
	if s == SubSpec {
		alpha = -alpha
	}
	if compute == Float32 {
		return scaledAddKernel(float32(alpha), vecmath.FMA32, vecmath.AxpyFloat32), nil
	}
	return scaledAddKernel(alpha, math.FMA, vecmath.AxpyFloat64), nil
}

// ApplyScaled computes a + alpha·b (AddSpec) or a - alpha·b (SubSpec)
// into a new tensor, each element rounded once, where Scales(a, b).
func (s *BinarySpec) ApplyScaled(a, b *Tensor, alpha float64) (*Tensor, error) {
	compute, out, err := s.Types(a, b)
	if err != nil {
		return nil, err
	}
	kernel, err := s.scaledKernel(compute, a, b, alpha)
	if err != nil {
		return nil, err
	}
	if a, err = a.To(compute); err != nil {
		return nil, err
	}
	if b, err = b.To(compute); err != nil {
		return nil, err
	}
	return runElementwise(kernel, nil, compute, out, a, b)
}

// ApplyScaledInPlace is ApplyScaled written into a, as PyTorch's
// a.add_(b, alpha=alpha), with ApplyInPlace's rules: the result must be
// castable to a's dtype and broadcast to a's shape, and an error leaves a
// unchanged.
func (s *BinarySpec) ApplyScaledInPlace(a, b *Tensor, alpha float64) error {
	compute, out, err := s.inPlaceTypes(a, b)
	if err != nil {
		return err
	}
	if !s.scalesIn(compute) {
		_, err := s.scaledKernel(compute, a, b, alpha)
		return err
	}
	// Contiguous operands of one dtype and shape (an optimizer's step)
	// take the axpy directly, without building the iterator's kernel.
	if s == SubSpec {
		if AddScaledInPlace(a, b, -alpha) {
			return nil
		}
	} else if AddScaledInPlace(a, b, alpha) {
		return nil
	}
	kernel, err := s.scaledKernel(compute, a, b, alpha)
	if err != nil {
		return err
	}
	if out != a.dtype || overlaps(a, b) {
		r, err := s.ApplyScaled(a, b, alpha)
		if err != nil {
			return err
		}
		return a.CopyFrom(r)
	}
	if b, err = b.To(compute); err != nil {
		return err
	}
	if _, err := runElementwise(kernel, a, compute, out, a, b); err != nil {
		return err
	}
	a.MarkModified()
	return nil
}

// scaledAddKernel is the kernel of o = x + alpha·y, one rounding an
// element: fma(y, alpha, x) for each element, and axpy (a vector FMA:
// o += alpha·y) where y is contiguous.
func scaledAddKernel[T float32 | float64](alpha T, fma func(a, b, c T) T, axpy func(o, y []T, s T)) binaryKernel {
	f := func(x, y T) T { return fma(y, alpha, x) }
	fast := fastPaths[T, T]{
		vv: func(o, x, y []T) {
			if len(o) == 0 {
				return
			}
			if &o[0] != &x[0] {
				copy(o, x)
			}
			axpy(o, y, alpha)
		},
		vs: func(o, x []T, y T) {
			x = x[:len(o)]
			for i := range o {
				o[i] = fma(y, alpha, x[i])
			}
		},
		sv: func(o []T, x T, y []T) {
			for i := range o {
				o[i] = x
			}
			axpy(o, y, alpha)
		},
	}
	return func(it *Iter) error { return runBinary(it, f, &fast) }
}
