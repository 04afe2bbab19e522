package autograd

import (
	"slices"

	"github.com/kael-dev/kael/tensor"
)

// Rewrite computes f of x's current value and writes the result into x,
// for in-place methods that are not a binary spec (x.scatter_(...),
// x.masked_fill_(...), x.lerp_(...)). f is the recording operation. When
// grad mode is on and x or one of others requires grad, the operation is
// recorded and x takes the result's history, under InPlace's rules (no
// leaf that requires grad, no view of a tensor that requires grad). The
// result must have x's shape and a dtype that can be cast to x's.
func Rewrite(x *tensor.Tensor, op string, f func(old *tensor.Tensor) (*tensor.Tensor, error), others ...*tensor.Tensor) error {
	if err := CheckInPlace(x); err != nil {
		return err
	}
	if !InPlaceRecorded(x, others...) {
		r, err := f(x)
		if err != nil {
			return err
		}
		if err := fitsInPlace(x, r); err != nil {
			return err
		}
		return x.CopyFrom(r)
	}
	plan, err := planRewrite(x, op)
	if err != nil {
		return err
	}
	return rewriteOrView(x, plan, func(old *tensor.Tensor) (*tensor.Tensor, error) {
		r, err := f(old)
		if err != nil {
			return nil, err
		}
		return r, fitsInPlace(x, r)
	})
}

// fitsInPlace refuses a result that cannot be written into x.
func fitsInPlace(x, r *tensor.Tensor) error {
	if !tensor.CanCast(r.DType(), x.DType()) {
		return tensor.CastError(r.DType(), x.DType()).WithHint("write the result to a new variable, or convert with .to(%s) first", r.DType())
	}
	if !slices.Equal(r.Shape(), x.Shape()) {
		return tensor.Errorf(tensor.RuntimeError, "output with shape %s doesn't match the broadcast shape %s", tensor.FormatShape(x.Shape()), tensor.FormatShape(r.Shape()))
	}
	return nil
}
