package lang

import (
	"io"
	"os"
	"slices"
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/safetensors"
	"github.com/kael-dev/kael/tensor"
)

// Pieces of PyTorch's surface that first-course scripts use: no_grad()
// and enable_grad() as decorators, x.type(), F.one_hot, and torch.save
// and torch.load of a state dict.

// Attr gives a context manager's __call__: @torch.no_grad() above a def
// runs each call of the function inside the context manager.
func (c *ContextManager) Attr(name string) (Value, bool) {
	if name != "__call__" {
		return nil, false
	}
	return NewBuiltin(AsValue, "__call__(func)", "Wraps func so that each call runs inside the context manager.", func(a *Args) (Value, error) {
		return c.decorate(a.Value("func"))
	}), true
}

// AttrNames lists a context manager's attributes.
func (*ContextManager) AttrNames() []string { return []string{"__call__"} }

// decorate returns fn wrapped in c. Each call restores the grad mode it
// found, so that a decorated function calling itself ends where it began.
func (c *ContextManager) decorate(fn Value) (Value, error) {
	name := c.Name
	if f, ok := fn.(*Function); ok {
		name = f.Name
	} else if !Callable(fn) {
		return nil, Errorf(TypeError, "%s() decorates a function, not %s", c.Name, TypeName(fn))
	}
	w := &Builtin{Name: name, Sig: name + "(*args, **kwargs)", Doc: "A function decorated with " + c.Name + "().",
		params: []param{{name: "args", variadic: true}}, acceptsKeywords: true}
	w.fn = func(a *Args) (Value, error) {
		was := autograd.IsGradEnabled()
		defer autograd.SetGradEnabled(was)
		if err := c.Enter(); err != nil {
			return nil, err
		}
		defer c.Exit()
		return a.in.call(fn, a.Value("args").(Tuple), a.kwNames, a.kwVals, a.in.stmtNode())
	}
	return w, nil
}

// Callable reports whether v can be called.
func Callable(v Value) bool {
	switch x := v.(type) {
	case *Function, *Builtin, *BoundMethod, *UserClass, *userMethod:
		return true
	case *Instance:
		return x.hasOwn("__call__") || x.cls.base().call != nil // an nn.Module runs forward
	}
	_, ok := callTarget(v)
	return ok
}

// tensorTypeNames are x.type()'s names of the dtypes.
var tensorTypeNames = map[tensor.DType]string{}

func init() {
	for name, d := range typedTensorClasses {
		tensorTypeNames[d] = name
	}
	NewBuiltin(AsMethod, "type(input, dtype=None, non_blocking=False)", "Without dtype, the tensor's type name ('torch.FloatTensor', 'torch.LongTensor', ...); with one (a dtype, a typed tensor class or its name), the tensor converted to it, as to(dtype).", func(a *Args) (Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		target := a.Value("dtype")
		switch t := target.(type) {
		case NoneType:
			return tensorTypeNames[x.DType()], nil
		case tensor.DType:
			return result(autograd.To(x, t))
		case string:
			if d, ok := typedTensorClasses[t]; ok {
				return result(autograd.To(x, d))
			}
		}
		if d, ok := typedTensorClasses[ClassOf(target)]; ok {
			return result(autograd.To(x, d))
		}
		return nil, Errorf(ValueError, "invalid type: %s", Repr(target)).
			WithHint("pass a dtype (torch.float32) or a tensor type (torch.FloatTensor, 'torch.LongTensor')")
	})
	NewBuiltin(AsBoth, "unbind(input, dim=0)", "The slices of input along dim, as a tuple of views, recorded for autograd as the outputs of one node (UnbindBackward0).", func(a *Args) (Value, error) {
		x, dim := a.Tensor("input"), a.Int("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		slices, err := autograd.Unbind(x, dim)
		if err != nil {
			return nil, err
		}
		out := make(Tuple, len(slices))
		for i, t := range slices {
			out[i] = t
		}
		return out, nil
	})
	NewBuiltin(AsMethod, "nelement(input)", "The number of elements, as numel().", func(a *Args) (Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return int64(x.Numel()), nil
	})
	NewBuiltin(AsFunc, "one_hot(tensor, num_classes=-1)", "The int64 tensor of shape (*tensor.shape, num_classes) with a 1 at each class index of the int64 tensor and 0 elsewhere; num_classes=-1 takes the largest index plus one.", oneHot)
	torchMembers["save"] = NewBuiltin(AsValue, "save(obj, f)", "Writes a dict of name to tensor (a state_dict) to the file path f, in kael's format: a safetensors file that keeps the names' order, which torch.load reads back. PyTorch cannot read it with its torch.load (safetensors.torch.load_file can), and other objects (a whole model, lists) are refused.", torchSave)
	torchMembers["load"] = NewBuiltin(AsValue, "load(f, map_location=None, weights_only=False)", "Reads what torch.save wrote to the file path f (or any safetensors file) as a dict of name to tensor, in the order it was saved; pass it to model.load_state_dict. PyTorch's own pickled .pth files are refused with an error that says how to convert them.", torchLoad)
}

// oneHot is F.one_hot.
func oneHot(a *Args) (Value, error) {
	x, classes := a.Tensor("tensor"), a.Int("num_classes")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if x.DType() != tensor.Int64 {
		return nil, Errorf(RuntimeError, "one_hot is only applicable to index tensor.").
			WithHint("the tensor is %s; convert it with x.long()", x.DType())
	}
	idx, err := tensor.Values[int64](x)
	if err != nil {
		return nil, err
	}
	if classes == -1 {
		if len(idx) == 0 {
			return nil, Errorf(RuntimeError, "Can not infer total number of classes from empty tensor.")
		}
		for _, v := range idx {
			classes = max(classes, int(v)+1)
		}
	}
	if classes < 0 {
		return nil, Errorf(RuntimeError, "num_classes should be positive or -1, not %d", classes)
	}
	if len(idx) > 0 && classes > MaxCollect/len(idx) {
		return nil, Errorf(MemoryError, "one_hot of %d indices with %d classes is too large", len(idx), classes)
	}
	out := make([]int64, len(idx)*classes)
	for i, v := range idx {
		switch {
		case v < 0:
			return nil, Errorf(RuntimeError, "Class values must be non-negative.")
		case v >= int64(classes):
			return nil, Errorf(RuntimeError, "Class values must be smaller than num_classes.")
		}
		out[i*classes+int(v)] = 1
	}
	return result(tensor.FromSlice(out, append(x.Shape(), classes)...))
}

// savedOrderKey is the metadata entry in which torch.save keeps the order
// of the names (safetensors sorts them).
const savedOrderKey = "kael.torch.save.order"

// torchSave is torch.save(state_dict, path).
func torchSave(a *Args) (Value, error) {
	path, ok := a.Value("f").(string)
	if !ok {
		return nil, Errorf(TypeError, "kael's torch.save writes to a file path (a str), not %s", TypeName(a.Value("f")))
	}
	obj := a.Value("obj")
	if m, isModule := asModule(obj); isModule {
		return nil, Errorf(TypeError, "kael's torch.save saves a state_dict, not a whole %s", m.TypeName()).
			WithHint("torch.save(model.state_dict(), %s), and later model.load_state_dict(torch.load(%s))", Repr(path), Repr(path))
	}
	d, ok := obj.(*Dict)
	if !ok {
		return nil, Errorf(TypeError, "kael's torch.save saves a dict of name to tensor (a state_dict), not %s", TypeName(obj)).
			WithHint("put the tensors in a dict: torch.save({'w': w}, %s)", Repr(path))
	}
	ts, err := tensorMap(d, "torch.save")
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, d.Len())
	for _, k := range d.Keys() {
		names = append(names, k.(string))
	}
	if err := safetensors.Save(path, ts, map[string]string{savedOrderKey: strings.Join(names, "\n")}); err != nil {
		return nil, fileError(err)
	}
	return None, nil
}

// torchLoad is torch.load(path).
func torchLoad(a *Args) (Value, error) {
	path, ok := a.Value("f").(string)
	if !ok {
		return nil, Errorf(TypeError, "kael's torch.load reads a file path (a str), not %s", TypeName(a.Value("f")))
	}
	if err := checkDevice(a.Value("map_location")); err != nil {
		return nil, err
	}
	ts, meta, err := safetensors.Load(path, safetensors.Options{})
	if err != nil {
		e := fileError(err)
		if isZipFile(path) {
			e = Errorf(RuntimeError, "%s is PyTorch's pickled format, which kael cannot read", path).
				WithHint("convert it in Python: from safetensors.torch import save_file; save_file(torch.load(%s), 'weights.safetensors'), then torch.load('weights.safetensors')", Repr(path))
		}
		return nil, e
	}
	order, ok := meta[savedOrderKey]
	if !ok {
		return stateDictValue(ts), nil
	}
	out := NewDict()
	for _, name := range strings.Split(order, "\n") {
		if t, ok := ts[name]; ok {
			_ = out.Set(name, t)
		}
	}
	return out, nil
}

// isZipFile reports whether the file at path starts as a zip archive, as
// PyTorch's torch.save files do.
func isZipFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var magic [4]byte
	_, err = io.ReadFull(f, magic[:])
	return err == nil && string(magic[:]) == "PK\x03\x04"
}

// numpyAliases are the NumPy names PyTorch's argument parser accepts for
// its own (python_arg_parser.cpp): x.sum(1, keepdims=True), axis=0.
var numpyAliases = map[string]string{"keepdims": "keepdim", "axis": "dim"}

// numpyAlias returns the index of the parameter a builtin's keyword
// argument name stands for as a NumPy alias, or -1.
func (s signature) numpyAlias(name string) int {
	alias, ok := numpyAliases[name]
	if _, builtin := s.of.(*Builtin); !ok || !builtin {
		return -1
	}
	return slices.IndexFunc(s.params, func(p param) bool { return p.name == alias && !p.variadic })
}
