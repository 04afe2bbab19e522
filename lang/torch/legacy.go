package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// PyTorch's legacy tensor API that first-course scripts still use:
// x.type() and x.nelement().

// tensorTypeNames are x.type()'s names of the dtypes.
var tensorTypeNames = map[tensor.DType]string{}

func defLegacy() {
	for name, d := range lang.TypedTensorClasses {
		tensorTypeNames[d] = name
	}
	// PyTorch names complex tensors' types without having their classes.
	tensorTypeNames[tensor.Complex64] = "torch.ComplexFloatTensor"
	tensorTypeNames[tensor.Complex128] = "torch.ComplexDoubleTensor"
	lang.NewBuiltin(lang.AsMethod, "type(input, dtype=None, non_blocking=False)", "Without dtype, the tensor's type name ('torch.FloatTensor', 'torch.LongTensor', ...); with one (a dtype, a typed tensor class or its name), the tensor converted to it, as to(dtype).", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		target := a.Value("dtype")
		switch t := target.(type) {
		case lang.NoneType:
			return tensorTypeNames[x.DType()], nil
		case tensor.DType:
			return result(autograd.To(x, t))
		case string:
			if d, ok := lang.TypedTensorClasses[t]; ok {
				return result(autograd.To(x, d))
			}
		}
		if d, ok := lang.TypedTensorClasses[lang.ClassOf(target)]; ok {
			return result(autograd.To(x, d))
		}
		return nil, lang.Errorf(lang.ValueError, "invalid type: %s", lang.Repr(target)).
			WithHint("pass a dtype (torch.float32) or a tensor type (torch.FloatTensor, 'torch.LongTensor')")
	})
	lang.NewBuiltin(lang.AsMethod, "nelement(input)", "The number of elements, as numel().", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return int64(x.Numel()), nil
	})
}
