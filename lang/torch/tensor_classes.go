package torch

import (
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The classes of tensors: torch.Tensor (and its legacy constructor), the
// dtype-specific classes (torch.FloatTensor, ...), torch.Size, torch.dtype and
// torch.autograd.Variable.

func defTensorClasses() {
	tensorClass := lang.NewBuiltin(lang.AsValue, "Tensor(*data)", "torch.Tensor: the class of tensors, and the legacy constructor: torch.Tensor([1, 2]) is a float32 tensor of the data, torch.Tensor(2, 3) a float32 tensor of that size (uninitialized in PyTorch, zeros in kael), torch.Tensor() an empty one.", func(a *lang.Args) (lang.Value, error) {
		return legacyTensor(a, tensor.Float32)
	})
	lang.RegisterClass(tensorClass, "torch.Tensor")
	torchMembers["Tensor"] = tensorClass
	for cls, d := range lang.TypedTensorClasses {
		name := strings.TrimPrefix(cls, "torch.")
		b := lang.NewBuiltin(lang.AsValue, name+"(*data)", "The legacy constructor of "+d.String()+" tensors: "+cls+"([1, 2]) from data, "+cls+"(2, 3) of that size (zeros in kael).", func(a *lang.Args) (lang.Value, error) {
			return legacyTensor(a, d)
		})
		lang.RegisterClass(b, cls)
		lang.RegisterSubclass(cls, "torch.Tensor")
		torchMembers[name] = b
	}
	sizeClass := lang.NewBuiltin(lang.AsValue, "Size(sizes=())", "torch.Size, the class of x.shape: torch.Size([2, 3]). It prints as torch.Size([2, 3]) and is a tuple: it equals the tuples of the same ints (not lists), indexes and slices as a tuple, and size + tuple and size * n are torch.Size; s.numel() is the product of the sizes.", func(a *lang.Args) (lang.Value, error) {
		elems, err := lang.Collect(a.Value("sizes"))
		if err != nil {
			return nil, err
		}
		sizes := make([]int, len(elems))
		for i, e := range elems {
			n, ok := lang.AsInt(e) // an int, a bool or a one-element integer tensor (its __index__)
			if _, isFloat := e.(float64); !ok || isFloat {
				return nil, lang.Errorf(lang.TypeError, "torch.Size() takes an iterable of 'int' (item %d is '%s')", i, lang.TypeName(e))
			}
			sizes[i] = int(n)
		}
		return lang.NewSize(sizes), nil
	})
	lang.RegisterClass(sizeClass, "torch.Size")
	torchMembers["Size"] = sizeClass
	dtypeClass := lang.NewBuiltin(lang.AsValue, "dtype(*args, **kwargs)", "torch.dtype, the class of the dtypes: type(torch.bool) is torch.dtype and isinstance(x.dtype, torch.dtype) holds. Its instances are the twelve dtypes (torch.float32, torch.int64, torch.bool, ...); it makes no new ones.", func(a *lang.Args) (lang.Value, error) {
		return nil, lang.Errorf(lang.TypeError, "cannot create 'torch.dtype' instances")
	})
	lang.RegisterClass(dtypeClass, "torch.dtype")
	torchMembers["dtype"] = dtypeClass
	lang.RegisterTypeMethod("torch.Size", lang.NewBuiltin(lang.AsValue, "numel(self)", "The number of elements a tensor of this size has: the product of the sizes.", func(a *lang.Args) (lang.Value, error) {
		sizes, ok := lang.IntSequence(a.Value("self"))
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "torch.Size holds a value that is not an int")
		}
		n := int64(1)
		for _, s := range sizes {
			n *= int64(s)
		}
		return n, nil
	}))
	torchMembers["is_tensor"] = lang.NewBuiltin(lang.AsValue, "is_tensor(obj)", "Whether obj is a tensor.", func(a *lang.Args) (lang.Value, error) {
		_, ok := a.Value("obj").(*tensor.Tensor)
		return ok, nil
	})

	torchAutograd["Variable"] = lang.NewBuiltin(lang.AsValue, "Variable(data, requires_grad=False)", "The deprecated Variable of PyTorch before 0.4: since then every tensor is one, so Variable(t) is t as a new tensor sharing its data (requiring grad when asked). A note says so.", func(a *lang.Args) (lang.Value, error) {
		t, on := a.Tensor("data"), a.Bool("requires_grad")
		if err := a.Err(); err != nil {
			return nil, err
		}
		a.Note("torch.autograd.Variable is deprecated: tensors are Variables since PyTorch 0.4; use the tensor itself (torch.tensor(..., requires_grad=True))")
		v := t.Detach()
		if on {
			if err := autograd.SetRequiresGrad(v, true); err != nil {
				return nil, err
			}
		}
		return v, nil
	})
}

// legacyTensor is torch.Tensor(...) and the typed constructors: from
// data, of a size (zeros), or empty.
func legacyTensor(a *lang.Args, d tensor.DType) (lang.Value, error) {
	data := a.Value("data").(lang.Tuple)
	if len(data) == 1 {
		switch x := data[0].(type) {
		case *tensor.Tensor:
			if x.DType() == d {
				return x.Detach(), nil
			}
			return result(x.To(d))
		case *lang.List:
			if !x.IsSize() {
				return legacyFromData(x, d)
			}
		case lang.Tuple:
			return legacyFromData(x, d)
		case float64, string, bool:
			return nil, lang.Errorf(lang.TypeError, "new(): data must be a sequence (got %s)", lang.TypeName(x))
		}
	}
	shape, ok := lang.IntSequence(data)
	if len(data) == 1 {
		if s, isSize := data[0].(*lang.List); isSize && s.IsSize() {
			shape, ok = lang.IntSequence(s)
		}
	}
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "new() received an invalid combination of arguments: %s", lang.Repr(data)).
			WithHint("pass the data as a list (torch.Tensor([1, 2])) or the sizes as ints (torch.Tensor(2, 3))")
	}
	if len(data) == 0 {
		shape = []int{0}
	}
	for _, n := range shape {
		if n < 0 {
			return nil, lang.Errorf(lang.RuntimeError, "Trying to create tensor with negative dimension %d: %s", n, tensor.FormatShape(shape))
		}
	}
	return result(tensor.Zeros(d, shape...))
}

// legacyFromData makes a tensor of dtype d from nested lists, converting
// the elements as PyTorch's legacy constructors do (floats truncate to
// int64).
func legacyFromData(v lang.Value, d tensor.DType) (lang.Value, error) {
	g, err := lang.TensorData(v) // a tensor inside must hold one element, as in PyTorch
	if err != nil {
		return nil, err
	}
	t, err := tensor.FromValue(g)
	if err != nil {
		return nil, err
	}
	return result(t.To(d))
}
