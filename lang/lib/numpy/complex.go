package numpy

import (
	"math"
	"math/cmplx"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// NumPy's complex arrays on the core's complex64 and complex128: the
// parts (a.real, a.imag, np.real, np.imag), the conjugate, the angle, the
// tests iscomplexobj and friends, negation and powers as NumPy computes
// them.

// realPart is a.real: a view of the real parts of a complex array, the
// array itself for a real one.
func realPart(t *tensor.Tensor) (*tensor.Tensor, error) { return t.RealPart() }

// imagPart is a.imag: a view of the imaginary parts of a complex array,
// zeros of the array's dtype for a real one.
func imagPart(t *tensor.Tensor) (*tensor.Tensor, error) {
	if t.DType().IsComplex() {
		return t.ImagPart()
	}
	return tensor.Zeros(t.DType(), t.Shape()...)
}

// negate is -t; a complex -t negates both parts, so -(2+0j) is -2-0j
// (the core's kernels, like PyTorch's vectorised ones, give +0j).
func negate(t *tensor.Tensor) (*tensor.Tensor, error) {
	if !t.DType().IsComplex() {
		return tensor.Neg(t)
	}
	c, err := t.Contiguous()
	if err != nil {
		return nil, err
	}
	parts, err := tensor.ViewAsReal(c)
	if err != nil {
		return nil, err
	}
	n, err := tensor.Neg(parts)
	if err != nil {
		return nil, err
	}
	if n, err = n.Contiguous(); err != nil {
		return nil, err
	}
	return tensor.ViewAsComplex(n)
}

// complexPower is x ** y on complex operands of dtype dt, as NumPy's
// npy_cpow: integral exponents below 100 by repeated multiplication (so
// z ** 2 is z * z exactly), others by the complex power function.
func complexPower(x, y *tensor.Tensor, dt tensor.DType) (*tensor.Tensor, error) {
	shape, err := tensor.BroadcastShapes(x.Shape(), y.Shape())
	if err != nil {
		return nil, err
	}
	wide := func(t *tensor.Tensor) ([]complex128, error) {
		c, err := castTensor(t, tensor.Complex128)
		if err != nil {
			return nil, err
		}
		return broadcastValues[complex128](c, shape)
	}
	xs, err := wide(x)
	if err != nil {
		return nil, err
	}
	ys, err := wide(y)
	if err != nil {
		return nil, err
	}
	out := make([]complex128, len(xs))
	for i := range xs {
		out[i] = cpow(xs[i], ys[i])
	}
	r, err := fromValues(out, shape)
	if err != nil {
		return nil, err
	}
	return castTensor(r, dt)
}

// cpow is NumPy's npy_cpow.
func cpow(a, b complex128) complex128 {
	br, bi := real(b), imag(b)
	switch {
	case br == 0 && bi == 0:
		return 1
	case a == 0:
		if br > 0 && bi == 0 {
			return 0
		}
		return complex(math.NaN(), math.NaN())
	}
	if n := int64(br); bi == 0 && float64(n) == br && n > -100 && n < 100 {
		switch n {
		case 1:
			return a
		case 2:
			return a * a
		case 3:
			return a * (a * a)
		}
		if n < 0 {
			n = -n
		}
		acc, p := complex128(1), a
		for mask := int64(1); ; mask <<= 1 {
			if n&mask != 0 {
				acc *= p
			}
			if n < mask<<1 {
				break
			}
			p *= p
		}
		if br < 0 {
			return 1 / acc
		}
		return acc
	}
	return cmplx.Pow(a, b)
}

// complexPredicates are the tests NumPy applies to a complex number's two
// parts, with how it combines them: nan or inf when either part is,
// finite when both are.
var complexPredicates = map[string]func(a, b *tensor.Tensor) (*tensor.Tensor, error){
	"isnan": tensor.LogicalOr, "isinf": tensor.LogicalOr, "isfinite": tensor.LogicalAnd,
}

// partsPredicate applies a test to the real and imaginary parts of the
// complex t and combines the two.
func partsPredicate(spec *tensor.UnarySpec, t *tensor.Tensor, combine func(a, b *tensor.Tensor) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	var parts [2]*tensor.Tensor
	for i, part := range []func(*tensor.Tensor) (*tensor.Tensor, error){realPart, imagPart} {
		p, err := part(t)
		if err != nil {
			return nil, err
		}
		if parts[i], err = spec.Apply(p); err != nil {
			return nil, err
		}
	}
	return combine(parts[0], parts[1])
}

// absolute is np.abs(t): the magnitude of each element.
func absolute(t *tensor.Tensor) (lang.Value, error) {
	if t.DType() == tensor.Bool { // NumPy's absolute of bools is the bools
		r, err := t.Clone()
		if err != nil {
			return nil, err
		}
		return wrap(r), nil
	}
	r, err := tensor.Abs(t)
	if err != nil {
		return nil, err
	}
	return wrap(r), nil
}

// angle is np.angle: the argument of each element, in the dtype NumPy's
// arctan2 gives (float64 for int64, float16 for int8, the parts' for
// complex), in degrees with deg.
func angle(t *tensor.Tensor, deg bool) (*tensor.Tensor, error) {
	dt := t.DType()
	if !dt.IsComplex() {
		var err error
		if dt, err = loopFloat(dt); err != nil {
			return nil, err
		}
	}
	r, err := applyIn(tensor.AngleSpec, t, dt)
	if err != nil || !deg {
		return r, err
	}
	scale, err := tensor.Scalar(180 / math.Pi)
	if err != nil {
		return nil, err
	}
	if scale, err = castTensor(scale.Detach(), r.DType()); err != nil {
		return nil, err
	}
	return tensor.Mul(r, scale)
}

func init() {
	defineLater(func() {
		defArrayFuncs([]arrayFunc{
			{name: "conj", doc: "The complex conjugate of each element (a copy of a real array).", fn: conjugate},
			{name: "conjugate", doc: "The complex conjugate of each element (a copy of a real array).", fn: conjugate},
			{name: "real", doc: "The real parts: a view of a complex array's, the array itself for a real one.", funcOnly: true,
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					r, err := realPart(t)
					return partOf(a, r), err
				}},
			{name: "imag", doc: "The imaginary parts: a view of a complex array's, zeros for a real one.", funcOnly: true,
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					r, err := imagPart(t)
					return partOf(a, r), err
				}},
			{name: "angle", params: "deg=False", doc: "The argument of each element, in radians (degrees with deg=True).", funcOnly: true,
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					r, err := angle(t, a.Bool("deg"))
					if err != nil {
						return nil, err
					}
					return wrap(r), nil
				}},
			{name: "iscomplexobj", doc: "Whether the array's dtype is complex (whatever its values).", funcOnly: true,
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) { return t.DType().IsComplex(), nil }},
			{name: "isrealobj", doc: "Whether the array's dtype is not complex.", funcOnly: true,
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) { return !t.DType().IsComplex(), nil }},
			{name: "iscomplex", doc: "Whether each element has a nonzero imaginary part.", funcOnly: true,
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) { return imagTest(t, tensor.Ne) }},
			{name: "isreal", doc: "Whether each element has a zero imaginary part.", funcOnly: true,
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) { return imagTest(t, tensor.Eq) }},
		})
	})
}

// partOf is np.real's and np.imag's result: an array for an array, a
// scalar for a number or a NumPy scalar (NumPy returns val.real).
func partOf(a *lang.Args, r *tensor.Tensor) lang.Value {
	if _, isArray := a.Value("a").(*Array); isArray || r == nil {
		return wrapArray(r)
	}
	return wrap(r)
}

func conjugate(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
	r, err := tensor.ConjSpec.Apply(t)
	if err != nil {
		return nil, err
	}
	return wrap(r), nil
}

// imagTest compares the imaginary parts with 0.
func imagTest(t *tensor.Tensor, cmp func(a, b *tensor.Tensor) (*tensor.Tensor, error)) (lang.Value, error) {
	im, err := imagPart(t)
	if err != nil {
		return nil, err
	}
	zero, err := tensor.Zeros(im.DType())
	if err != nil {
		return nil, err
	}
	r, err := cmp(im, zero)
	if err != nil {
		return nil, err
	}
	return wrap(r), nil
}
