package torch

import (
	"slices"
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// Tensor methods PyTorch 1.13 keeps from its older API or binds from
// ATen: the functional forms as methods (hardshrink, prelu), the
// element-by-element Python loops (apply_, map_, map2_), the deprecated
// out-of-place resize and resize_as, and the queries of memory a CPU
// tensor answers (is_pinned, storage_type, is_set_to).

// mapElements writes into x, element by element, fn called with the
// element of x and those of others (each broadcast to x's shape) as
// Python numbers: apply_, map_ and map2_.
func mapElements(a *lang.Args, name string, x *tensor.Tensor, fn lang.Value, others ...*tensor.Tensor) (lang.Value, error) {
	if x.RequiresGrad() {
		return nil, lang.Errorf(lang.RuntimeError, "Can't call %s() on Variable that requires grad. Use var.detach().%s() instead.", name, name)
	}
	lists := make([][]lang.Value, 1+len(others))
	for i, t := range append([]*tensor.Tensor{x}, others...) {
		if i > 0 {
			expand, err := lang.GetAttr(t, "expand")
			if err != nil {
				return nil, err
			}
			e, err := a.Call(expand, lang.Tuple(intsToValues(x.Shape())))
			if err != nil {
				return nil, err
			}
			t = e.(*tensor.Tensor)
		}
		flat, err := t.Reshape(-1)
		if err != nil {
			return nil, err
		}
		tolist, err := lang.GetAttr(flat, "tolist")
		if err != nil {
			return nil, err
		}
		l, err := a.Call(tolist)
		if err != nil {
			return nil, err
		}
		if lists[i], err = lang.Collect(l); err != nil {
			return nil, err
		}
	}
	out := make([]lang.Value, len(lists[0]))
	args := make([]lang.Value, len(lists))
	for j := range out {
		for i := range lists {
			args[i] = lists[i][j]
		}
		v, err := a.Call(fn, args...)
		if err != nil {
			return nil, err
		}
		if _, ok := lang.AsFloat(v); !ok {
			if _, isComplex := v.(complex128); !isComplex {
				return nil, lang.Errorf(lang.TypeError, "must be real number, not %s", lang.TypeName(v))
			}
		}
		out[j] = v
	}
	made, err := callNamed(a, "tensor", []lang.Value{&lang.List{Elems: out}}, "dtype", x.DType())
	if err != nil {
		return nil, err
	}
	shaped, err := made.(*tensor.Tensor).Reshape(x.Shape()...)
	if err != nil {
		return nil, err
	}
	if err := x.CopyFrom(shaped); err != nil {
		return nil, err
	}
	return x, nil
}

func defTensorLegacyMethods() {
	lang.NewBuiltin(lang.AsMethod, "new(input, *args, device=None)", "The legacy constructor, with input's dtype: x.new() is empty, x.new(2, 3) or x.new(torch.Size([2, 3])) a tensor of that size (uninitialised in PyTorch, zeros in kael), x.new([1, 2]) or x.new((1, 2)) a tensor of that data, x.new(t) t itself, which must have input's dtype, as another tensor object.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		args := a.Value("args").(lang.Tuple)
		if err := CheckDevice(a.Value("device")); err != nil {
			return nil, err
		}
		var size []int
		switch {
		case len(args) == 0:
			size = []int{0}
		case len(args) == 1:
			switch v := args[0].(type) {
			case *tensor.Tensor:
				if v.DType() != x.DType() {
					options := "TensorOptions(dtype=%s, device=cpu, layout=Strided, requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt))"
					return nil, lang.Errorf(lang.TypeError, "expected "+options+" (got "+options+")", tensor.CppTypeName(x.DType()), tensor.CppTypeName(v.DType()))
				}
				return result(autograd.View(v, v.Shape()...)) // an alias, recorded
			case *lang.List:
				if v.IsSize() {
					size, _ = lang.IntSequence(v)
				}
			case int64:
				size = []int{int(v)}
			case bool:
			default:
				if _, _, ok := lang.Sequence(v); !ok {
					return nil, lang.Errorf(lang.TypeError, "new(): data must be a sequence (got %s)", lang.TypeName(v))
				}
			}
			if size == nil {
				return callNamed(a, "tensor", []lang.Value{args[0]}, "dtype", x.DType())
			}
		default:
			for i, v := range args {
				n, ok := v.(int64)
				if !ok {
					return nil, lang.Errorf(lang.TypeError, "new(): argument 'size' must be tuple of ints, but found element of type %s at pos %d", lang.TypeName(v), i+1)
				}
				size = append(size, int(n))
			}
		}
		return result(tensor.Zeros(x.DType(), size...))
	})
	lang.NewBuiltin(lang.AsMethod, "hardshrink(input, lambd=0.5)", "F.hardshrink(input, lambd): input where |input| > lambd, else 0.", func(a *lang.Args) (lang.Value, error) {
		return callNamed(a, "hardshrink", []lang.Value{a.Value("input"), a.Value("lambd")})
	})
	lang.NewBuiltin(lang.AsMethod, "prelu(input, weight)", "torch.prelu(input, weight): input where positive, else weight·input, weight one number or one per channel.", func(a *lang.Args) (lang.Value, error) {
		return callNamed(a, "prelu", []lang.Value{a.Value("input"), a.Value("weight")})
	})
	lang.NewBuiltin(lang.AsMethod, "is_pinned(input, device=None)", "False: kael has no pinned (page-locked) memory.", func(a *lang.Args) (lang.Value, error) {
		if tensorArg(a, "input"); a.Err() != nil {
			return nil, a.Err()
		}
		return false, nil
	})
	lang.NewBuiltin(lang.AsMethod, "pin_memory(input, device=None)", "Pinned memory is CUDA's: as PyTorch without a GPU, a NotImplementedError.", func(a *lang.Args) (lang.Value, error) {
		if tensorArg(a, "input"); a.Err() != nil {
			return nil, a.Err()
		}
		return nil, lang.Errorf(NotImplementedError, "Could not run 'aten::_pin_memory' with arguments from the 'CUDA' backend. This could be because the operator doesn't exist for this backend, or was omitted during the selective/custom build process (if using custom build).")
	})
	lang.NewBuiltin(lang.AsMethod, "storage_type(input)", "The legacy storage class of input's dtype: torch.FloatStorage for a float32 tensor, torch.LongStorage for an int64 one, ...", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		c, ok := storageClasses[storageTypes[x.DType()]]
		if !ok {
			return nil, lang.Errorf(lang.RuntimeError, "no storage type for %s", tensor.TorchName(x.DType()))
		}
		return c, nil
	})
	lang.NewBuiltin(lang.AsMethod, "is_set_to(input, tensor)", "Whether input and tensor are the same view of one storage: the same storage, storage offset, sizes and strides.", func(a *lang.Args) (lang.Value, error) {
		x, y := tensorArg(a, "input"), tensorArg(a, "tensor")
		if err := a.Err(); err != nil {
			return nil, err
		}
		same := x.SharesStorage(y) && x.Offset() == y.Offset() && slices.Equal(x.Shape(), y.Shape()) && slices.Equal(x.Strides(), y.Strides())
		return same, nil
	})
	lang.NewBuiltin(lang.AsMethod, "set_(input, source=None, storage_offset=0, size=None, stride=None)", "Makes input a view of source's storage in place: x.set_(t) takes t's storage, offset, sizes and strides (writes through either show in both), x.set_(t, offset, size, stride) a view of t's storage with that geometry, x.set_() an empty tensor of size 0; returns input. source must have input's dtype; a leaf that requires grad refuses it while grad mode is on. Storages as source are not supported.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		src := a.Value("source")
		if src == lang.None {
			if err := autograd.CheckInPlace(x); err != nil {
				return nil, err
			}
			empty, err := tensor.Zeros(x.DType(), 0)
			if err != nil {
				return nil, err
			}
			x.SetData(empty)
			x.MarkModified()
			return x, nil
		}
		y, ok := src.(*tensor.Tensor)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "set_() received an invalid combination of arguments - got (%s), but expected a Tensor source", lang.TypeName(src)).
				WithHint("kael's set_ takes a tensor (or nothing); a storage as source is not supported")
		}
		if y.DType() != x.DType() {
			return nil, lang.Errorf(lang.RuntimeError, "set_(): source has dtype %s but the tensor has dtype %s", tensor.TorchName(y.DType()), tensor.TorchName(x.DType()))
		}
		if err := autograd.CheckInPlace(x); err != nil {
			return nil, err
		}
		view := y
		if !a.IsNone("size") {
			size := a.Ints("size")
			stride := slices.Clone(size)
			if !a.IsNone("stride") {
				stride = a.Ints("stride")
			} else { // contiguous strides
				n := 1
				for i := len(size) - 1; i >= 0; i-- {
					stride[i], n = n, n*size[i]
				}
			}
			offset := a.Int("storage_offset")
			if err := a.Err(); err != nil {
				return nil, err
			}
			v, err := y.AsStrided(size, stride, offset)
			if err != nil {
				return nil, err
			}
			view = v
		}
		x.SetData(view)
		x.MarkModified()
		return x, nil
	})
	lang.NewBuiltin(lang.AsMethod, "apply_(input, callable)", "Replaces each element x of input by callable(x), a Python function of a Python number, in a Python loop; returns input. A tensor that requires grad refuses it.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return mapElements(a, "apply_", x, a.Value("callable"))
	})
	lang.NewBuiltin(lang.AsMethod, "map_(input, tensor, callable)", "Replaces each element x of input by callable(x, y), y the element of tensor (broadcast to input's shape) at the same place; returns input.", func(a *lang.Args) (lang.Value, error) {
		x, y := tensorArg(a, "input"), tensorArg(a, "tensor")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return mapElements(a, "map_", x, a.Value("callable"), y)
	})
	lang.NewBuiltin(lang.AsMethod, "map2_(input, x, y, callable)", "Replaces each element v of input by callable(v, a, b), a and b the elements of x and y (broadcast to input's shape) at the same place; returns input.", func(a *lang.Args) (lang.Value, error) {
		t, x, y := tensorArg(a, "input"), tensorArg(a, "x"), tensorArg(a, "y")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return mapElements(a, "map2_", t, a.Value("callable"), x, y)
	})
	resize := func(a *lang.Args, x *tensor.Tensor, shape []int, name string) (lang.Value, error) {
		if err := warnUser(a, "non-inplace "+name+" is deprecated"); err != nil {
			return nil, err
		}
		n := 1
		for _, s := range shape {
			n *= s
		}
		if n != x.Numel() {
			return nil, lang.Errorf(lang.RuntimeError, "requested resize to %s (%d elements in total), but the given tensor has a size of %s (%d elements). autograd's resize can only change the shape of a given tensor, while preserving the number of elements. ",
				strings.ReplaceAll(joinInts(shape), ", ", "x"), n, strings.ReplaceAll(joinInts(x.Shape()), ", ", "x"), x.Numel())
		}
		return result(autograd.Reshape(x, shape...))
	}
	lang.NewBuiltin(lang.AsMethod, "resize(input, *sizes)", "Deprecated: input reshaped to sizes, which must hold as many elements (a UserWarning says so); resize_ changes the element count in place.", func(a *lang.Args) (lang.Value, error) {
		x, shape := tensorArg(a, "input"), a.Shape("sizes")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return resize(a, x, shape, "resize")
	})
	lang.NewBuiltin(lang.AsMethod, "resize_as(input, tensor)", "Deprecated: input reshaped to tensor's shape, which must hold as many elements (a UserWarning says so).", func(a *lang.Args) (lang.Value, error) {
		x, y := tensorArg(a, "input"), tensorArg(a, "tensor")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return resize(a, x, y.Shape(), "resize_as")
	})
}
