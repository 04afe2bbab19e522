package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// as_tensor and asarray: conversions that share memory where PyTorch
// shares it. A tensor of the asked dtype is returned as it is; a NumPy
// array becomes a tensor over the array's memory (as from_numpy), copied
// only to change its dtype; numbers and sequences make a new tensor as
// torch.tensor does. kael has one device, the CPU.

// sharedData returns the tensor an argument already is: a tensor itself,
// or a tensor over a NumPy array's memory; nil for other data.
func sharedData(v lang.Value) (*tensor.Tensor, error) {
	switch x := v.(type) {
	case *tensor.Tensor:
		return x, nil
	case lang.ArrayProvider:
		if lang.TypeName(v) == "numpy.ndarray" {
			return numpyTensor(x)
		}
	}
	return nil, nil
}

// numpyTensor is the tensor over a NumPy array's memory, refused with
// PyTorch's message when the array has a negative stride.
func numpyTensor(x lang.ArrayProvider) (*tensor.Tensor, error) {
	if n, ok := x.(lang.NegativeStrider); ok && n.NegativeStrides() {
		return nil, lang.Errorf(lang.ValueError, "At least one stride in the given numpy array is negative, and tensors with negative strides are not currently supported. (You can probably work around this by making a copy of your array  with array.copy().) ")
	}
	t := x.ArrayTensor()
	if !lang.IsTorchDType(t.DType()) { // NumPy's uint16, uint32, uint64
		return nil, lang.Errorf(lang.TypeError, "can't convert np.ndarray of type numpy.%s. The only supported types are: float64, float32, float16, complex64, complex128, int64, int32, int16, int8, uint8, and bool.", t.DType()).
			WithHint("PyTorch 1.13 has no such dtype: convert first, as .astype(np.int64)")
	}
	return t.Detach(), nil
}

func defAsTensor() {
	lang.NewBuiltin(lang.AsFunc, "as_tensor(data, *, dtype=None, device=None)", "data as a tensor, sharing memory and autograd history where it can: a tensor of the asked dtype is returned itself (another dtype is a recorded conversion), a NumPy array shares its memory unless dtype asks for another, and numbers or sequences are copied as by torch.tensor.", func(a *lang.Args) (lang.Value, error) {
		d := a.OptDType("dtype")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := CheckDevice(a.Value("device")); err != nil {
			return nil, err
		}
		t, err := sharedData(a.Value("data"))
		if err != nil {
			return nil, err
		}
		if t != nil {
			if d == nil || *d == t.DType() {
				return t, nil
			}
			return result(autograd.To(t, *d))
		}
		return result(newFromData(a, "data", d))
	})
	lang.NewBuiltin(lang.AsFunc, "asarray(obj, *, dtype=None, device=None, copy=None, requires_grad=False)", "obj as a tensor. A tensor or NumPy array is shared (obj itself for a tensor) unless copy=True or dtype asks for another dtype (copy=False then refuses); numbers and sequences are always copied (copy=False refuses them). requires_grad is set on a tensor shared as a leaf (obj itself included); a result with history keeps it only with requires_grad=True.", func(a *lang.Args) (lang.Value, error) {
		d, requiresGrad := a.OptDType("dtype"), a.Bool("requires_grad")
		var copyArg *bool
		if !a.IsNone("copy") {
			c := a.Bool("copy")
			copyArg = &c
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := CheckDevice(a.Value("device")); err != nil {
			return nil, err
		}
		t, err := sharedData(a.Value("obj"))
		if err != nil {
			return nil, err
		}
		if t == nil {
			if copyArg != nil && !*copyArg {
				return nil, lang.Errorf(lang.ValueError, "can't alias arbitrary sequence into a tensor.")
			}
			t, err := newFromData(a, "obj", d)
			return withRequiresGrad(a, t, err)
		}
		wrongDType := d != nil && *d != t.DType()
		switch {
		case wrongDType && copyArg != nil && !*copyArg:
			return nil, lang.Errorf(lang.ValueError, "can't alias tensor with dtype '%s' into dtype '%s'.", t.DType().ScalarTypeName(), d.ScalarTypeName())
		case wrongDType:
			t, err = autograd.To(t, *d)
		case copyArg != nil && *copyArg:
			t, err = autograd.Clone(t)
		}
		if err != nil {
			return nil, err
		}
		if !autograd.IsLeaf(t) {
			if !requiresGrad {
				t = t.Detach()
			}
			return t, nil
		}
		if err := autograd.SetRequiresGrad(t, requiresGrad); err != nil {
			return nil, lang.Errorf(lang.RuntimeError, "Only Tensors of floating point and complex dtype can require gradients")
		}
		return t, nil
	})
}
