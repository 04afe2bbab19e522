package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// Complex tensors: x.real and x.imag, torch.real, torch.imag,
// torch.view_as_real, torch.view_as_complex and torch.complex. The views
// share the complex tensor's memory; autograd records them all (package
// autograd's complex.go).

func defComplex() {
	lang.RegisterTensorAttr("real", "The real parts of a complex tensor, a view of its memory (float32 for complex64); a real tensor itself.", func(t *tensor.Tensor) (lang.Value, error) {
		if !t.DType().IsComplex() {
			return t, nil
		}
		return result(autograd.Real(t))
	}, nil)
	lang.RegisterTensorAttr("imag", "The imaginary parts of a complex tensor, a view of its memory; a real tensor has none (RuntimeError).", func(t *tensor.Tensor) (lang.Value, error) {
		return result(autograd.Imag(t))
	}, nil)
	unary := func(sig, doc string, view func(*tensor.Tensor) (*tensor.Tensor, error)) *lang.Builtin {
		return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
			x := a.Tensor("input")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(view(x))
		})
	}
	lang.NewBuiltin(lang.AsBoth, "conj(input)", "The complex conjugate (a copy: PyTorch's conj_physical; its conj is a lazy view with the same values); a real tensor itself.", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if !x.DType().IsComplex() {
			return x, nil
		}
		return result(autograd.ConjOp.Apply(x))
	})
	torchMembers["real"] = unary("real(input)", "input.real: the real parts of a complex tensor (a view), a real tensor itself.", autograd.Real)
	torchMembers["imag"] = unary("imag(input)", "input.imag: the imaginary parts of a complex tensor (a view).", autograd.Imag)
	torchMembers["view_as_real"] = unary("view_as_real(input)", "A complex tensor's memory viewed as float pairs: shape (..., 2), the real part then the imaginary part.", autograd.ViewAsReal)
	torchMembers["view_as_complex"] = unary("view_as_complex(input)", "A float32 or float64 tensor of shape (..., 2) with a last stride of 1, viewed as complex64 or complex128 numbers.", autograd.ViewAsComplex)
	torchMembers["complex"] = lang.NewBuiltin(lang.AsValue, "complex(real, imag)", "A complex tensor from its real and imaginary parts, float32 tensors (complex64) or float64 ones (complex128), broadcast together.", func(a *lang.Args) (lang.Value, error) {
		re, im := a.Tensor("real"), a.Tensor("imag")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Complex(re, im))
	})
}
