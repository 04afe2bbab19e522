package torch

import (
	"math"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The tensor methods that make a tensor like another (new_zeros, ...,
// view_as, type_as) and the matrix-transpose properties mT, mH and
// H; torch's constants (inf, nan, pi, e), inference_mode, set_grad_enabled and the default
// dtype.

// tensorTypeName is torch.typename of a tensor: torch.FloatTensor, ...
// (x.type()'s name, legacy.go).
func tensorTypeName(t *tensor.Tensor) string { return tensorTypeNames[t.DType()] }

func defTensorNew() {
	for _, f := range []struct {
		name, doc string
		value     float64
	}{
		{"new_zeros", "A tensor of zeros of the given size with input's dtype (unless dtype says otherwise): x.new_zeros(2, 3) or x.new_zeros((2, 3)).", 0},
		{"new_ones", "A tensor of ones of the given size with input's dtype (unless dtype says otherwise).", 1},
		{"new_empty", "An uninitialized tensor of the given size with input's dtype; kael fills it with zeros.", 0},
	} {
		lang.NewBuiltin(lang.AsMethod, f.name+"(input, *size, dtype=None, device=None, requires_grad=False)", f.doc, func(a *lang.Args) (lang.Value, error) {
			x, shape, d := a.Tensor("input"), a.Shape("size"), a.OptDType("dtype")
			if err := a.Err(); err != nil {
				return nil, err
			}
			t, err := tensor.Full(f.value, dtypeOr(d, x.DType()), shape...)
			return withRequiresGrad(a, t, err)
		})
	}
	lang.NewBuiltin(lang.AsMethod, "new_full(input, size, fill_value, *, dtype=None, device=None, requires_grad=False)", "A tensor of the given size filled with fill_value, with input's dtype unless dtype says otherwise.", func(a *lang.Args) (lang.Value, error) {
		x, shape, fill, d := a.Tensor("input"), a.Ints("size"), a.TensorLike("fill_value"), a.OptDType("dtype")
		if err := a.Err(); err != nil {
			return nil, err
		}
		t, err := tensor.Empty(dtypeOr(d, x.DType()), shape...)
		if err == nil {
			err = t.CopyFrom(fill)
		}
		return withRequiresGrad(a, t, err)
	})
	lang.NewBuiltin(lang.AsMethod, "new_tensor(input, data, *, dtype=None, device=None, requires_grad=False)", "A new tensor of data (copied, outside the graph) with input's dtype unless dtype says otherwise.", func(a *lang.Args) (lang.Value, error) {
		x, d := a.Tensor("input"), a.OptDType("dtype")
		if err := a.Err(); err != nil {
			return nil, err
		}
		var data any
		switch v := a.Value("data").(type) {
		case *tensor.Tensor:
			data = v
		case int64, float64, bool, *lang.List, lang.Tuple:
			var err error
			if data, err = lang.TensorData(v); err != nil {
				return nil, err
			}
		default:
			return nil, a.WrongType("data", "a number, a list, a tuple or a Tensor", v)
		}
		t, err := tensor.FromValue(data, dtypeOr(d, x.DType()))
		return withRequiresGrad(a, t, err)
	})
	lang.NewBuiltin(lang.AsMethod, "view_as(input, other)", "input viewed with other's shape: input.view(other.size()).", func(a *lang.Args) (lang.Value, error) {
		x, other := a.Tensor("input"), a.Tensor("other")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.View(x, other.Shape()...))
	})
	lang.NewBuiltin(lang.AsMethod, "type_as(input, other)", "input converted to other's dtype: input.to(other.dtype); input itself when they match.", func(a *lang.Args) (lang.Value, error) {
		x, other := a.Tensor("input"), a.Tensor("other")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if x.DType() == other.DType() {
			return x, nil
		}
		return result(autograd.To(x, other.DType()))
	})
	matrixTranspose := func(name, doc string, minDims int) {
		lang.RegisterTensorAttr(name, doc, func(t *tensor.Tensor) (lang.Value, error) {
			if t.Dim() < minDims || (name == "H" && t.Dim() > 2) {
				if name == "H" {
					return nil, lang.Errorf(lang.RuntimeError, "tensor.H is only supported on matrices (2-D tensors). Got %d-D tensor.%s", t.Dim(), map[bool]string{true: " For batches of matrices, consider using tensor.mH", false: ""}[t.Dim() > 2])
				}
				return nil, lang.Errorf(lang.RuntimeError, "tensor.%s is only supported on matrices or batches of matrices. Got %d-D tensor.", name, t.Dim())
			}
			if t.Dim() == 0 { // H of a 0-d tensor is itself
				return t, nil
			}
			return result(autograd.Transpose(t, -2, -1))
		}, nil)
	}
	matrixTranspose("mT", "The tensor with its last two dimensions swapped (a view): a batch of matrices transposed.", 2)
	matrixTranspose("mH", "The conjugate transpose of the last two dimensions; for kael's real tensors, mT.", 2)
	matrixTranspose("H", "The conjugate transpose of a matrix (a view); for kael's real tensors, x.t().", 2)

	torchMembers["inf"] = math.Inf(1)
	torchMembers["nan"] = math.NaN()
	torchMembers["pi"] = math.Pi
	torchMembers["e"] = math.E
	torchMembers["inference_mode"] = lang.NewBuiltin(lang.AsValue, "inference_mode(mode=True)", "A context manager and decorator in which no operation is recorded for autograd, as no_grad (mode=False records as usual). kael has no inference tensors: a tensor made inside may later take part in autograd, where PyTorch refuses it.", func(a *lang.Args) (lang.Value, error) {
		on := a.Bool("mode")
		if err := a.Err(); err != nil {
			return nil, err
		}
		var prev, prevInference bool
		return &lang.ContextManager{Name: "inference_mode",
			Enter: func() error {
				prevInference = inferenceMode.Swap(on)
				if on {
					prev = autograd.SetGradEnabled(false)
				} else {
					prev = autograd.IsGradEnabled()
				}
				return nil
			},
			Exit: func() {
				autograd.SetGradEnabled(prev)
				inferenceMode.Store(prevInference)
			}}, nil
	})
	torchMembers["set_grad_enabled"] = lang.NewBuiltin(lang.AsValue, "set_grad_enabled(mode)", "Turns gradient recording on or off at once; used as a context manager (with set_grad_enabled(False):) it restores the previous mode on exit.", func(a *lang.Args) (lang.Value, error) {
		on := a.Bool("mode")
		if err := a.Err(); err != nil {
			return nil, err
		}
		prev := autograd.SetGradEnabled(on)
		return &lang.ContextManager{Name: "set_grad_enabled", Enter: func() error { return nil }, Exit: func() { autograd.SetGradEnabled(prev) }}, nil
	})
	torchMembers["get_default_dtype"] = lang.NewBuiltin(lang.AsValue, "get_default_dtype()", "The dtype of a tensor made from Python floats: torch.float32.", func(a *lang.Args) (lang.Value, error) {
		return tensor.DefaultFloat, nil
	})
	torchMembers["set_default_dtype"] = lang.NewBuiltin(lang.AsValue, "set_default_dtype(d)", "Sets the dtype of tensors made from Python floats. kael's is float32 always: setting float32 does nothing, and another dtype is a RuntimeError rather than a silent float32.", func(a *lang.Args) (lang.Value, error) {
		d := a.DType("d")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if !d.IsFloating() {
			return nil, lang.Errorf(lang.TypeError, "only floating-point types are supported as the default type")
		}
		if d != tensor.DefaultFloat {
			return nil, lang.Errorf(lang.RuntimeError, "kael's default dtype is float32; set_default_dtype(%s) is not supported", d).
				WithHint("give dtype=torch.float64 where the tensors are made, or convert with .double()")
		}
		return lang.None, nil
	})
}
