package torch

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.can_cast, torch.promote_types and torch.result_type: PyTorch's
// type promotion rules (tensor/promotion.go) as questions a learner can
// ask.

func defPromotion() {
	torchMembers["can_cast"] = lang.NewBuiltin(lang.AsValue, "can_cast(from_, to)", "Whether a result of dtype from_ may be written into a tensor of dtype to by an in-place operation or out=: floating values never go into integers, and only bools go into bool.", func(a *lang.Args) (lang.Value, error) {
		from, to := a.DType("from_"), a.DType("to")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return tensor.CanCast(from, to), nil
	})
	torchMembers["promote_types"] = lang.NewBuiltin(lang.AsValue, "promote_types(type1, type2)", "The smallest dtype both dtypes convert to, as PyTorch: bool gives way to any dtype, an integer to a floating one, the wider of two integers or two floats wins, uint8 and int8 meet in int16, float16 and bfloat16 in float32.", func(a *lang.Args) (lang.Value, error) {
		d1, d2 := a.DType("type1"), a.DType("type2")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return tensor.PromoteTypes(d1, d2), nil
	})
	torchMembers["result_type"] = lang.NewBuiltin(lang.AsValue, "result_type(tensor, other)", "The dtype an element-wise operation on tensor and other computes in, each a tensor or a number: tensors with dimensions decide, unless a 0-d tensor or a number is of a higher category (bool < integer < floating < complex); a Python float counts as the default float32, a complex as complex64.", func(a *lang.Args) (lang.Value, error) {
		x, y := promotionOperand(a, "tensor"), promotionOperand(a, "other")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return tensor.ResultType(x, y), nil
	})
}

// promotionOperand reads an operand of result_type: a tensor, or a number
// as the wrapped scalar an operator would make of it.
func promotionOperand(a *lang.Args, name string) *tensor.Tensor {
	switch v := a.Value(name).(type) {
	case *tensor.Tensor:
		return v
	case lang.Complex:
		return tensor.MustScalar(complex128(v))
	case int64, float64, bool:
		t, err := tensor.Scalar(v)
		if err != nil {
			a.Fail(lang.Errorf(lang.TypeError, "%v", err))
		}
		return t
	}
	a.Fail(a.WrongType(name, "Tensor or Number", a.Value(name)))
	return nil
}
