package lang

import (
	"sync"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// Module is a namespace value such as torch or math, so that code written as
// torch.zeros(3) or F.softmax(x, dim=-1) runs unchanged.
type Module struct {
	Name  string
	Attrs map[string]Value
	// MissingHint, when set, is the hint for a name the module lacks
	// that has no close match (torch.nn's classes, for one).
	MissingHint string
	// Doc says what the module is, for help().
	Doc string
}

// GradFnValue is the value of x.grad_fn: the autograd node that made x.
type GradFnValue struct{ Fn tensor.GradFn }

// attribute is a read-only (or settable) property of tensors.
type attribute struct {
	doc string
	get func(t *tensor.Tensor) (Value, error)
	set func(t *tensor.Tensor, v Value) error
}

// attributes are the tensor properties reachable without a call: x.T,
// x.shape, x.dtype, ...
var attributes = map[string]attribute{
	"T":     {doc: "The tensor with its dimensions reversed (a view).", get: func(t *tensor.Tensor) (Value, error) { return ops.t(t) }},
	"shape": {doc: "The sizes of the dimensions, a torch.Size such as torch.Size([2, 3]).", get: func(t *tensor.Tensor) (Value, error) { return shapeValue(t.Shape()), nil }},
	"dtype": {doc: "The element type: float32, float64, int64 or bool.", get: func(t *tensor.Tensor) (Value, error) { return t.DType(), nil }},
	"ndim":  {doc: "The number of dimensions.", get: func(t *tensor.Tensor) (Value, error) { return int64(t.Dim()), nil }},
	"device": {doc: "Where the storage lives: device(type='cpu'), which prints as cpu.", get: func(t *tensor.Tensor) (Value, error) {
		return &Device{Type: string(t.Device()), Index: -1}, nil
	}},
	"data": {doc: "The tensor detached from autograd, sharing storage.", get: func(t *tensor.Tensor) (Value, error) { return t.Detach(), nil }},
	"grad": {doc: "The accumulated gradient, or None.", get: func(t *tensor.Tensor) (Value, error) {
		if m := t.Autograd(); m != nil && m.Grad != nil {
			return m.Grad, nil
		}
		return None, nil
	}, set: setGrad},
	"requires_grad": {doc: "Whether gradients are computed for this tensor.", get: func(t *tensor.Tensor) (Value, error) {
		return t.RequiresGrad(), nil
	}, set: func(t *tensor.Tensor, v Value) error {
		on, ok := v.(bool)
		if !ok {
			return Errorf(TypeError, "requires_grad must be a bool, not %s", TypeName(v))
		}
		return ops.setRequiresGrad(t, on)
	}},
	"is_leaf": {doc: "True for tensors not produced by a recorded operation.", get: func(t *tensor.Tensor) (Value, error) {
		m := t.Autograd()
		return m == nil || m.GradFn == nil, nil
	}},
	"grad_fn": {doc: "The autograd node that produced this tensor, or None.", get: func(t *tensor.Tensor) (Value, error) {
		if m := t.Autograd(); m != nil && m.GradFn != nil {
			return &GradFnValue{Fn: m.GradFn}, nil
		}
		return None, nil
	}},
}

func shapeValue(shape []int) *List {
	out := make([]Value, len(shape))
	for i, s := range shape {
		out[i] = int64(s)
	}
	return &List{Elems: out, size: true}
}

// setGrad runs t.grad = v. As in PyTorch, a gradient has the tensor's
// shape and dtype, which backward's accumulation into it relies on.
func setGrad(t *tensor.Tensor, v Value) error {
	switch x := v.(type) {
	case NoneType:
		return autograd.SetGrad(t, nil)
	case *tensor.Tensor:
		return autograd.SetGrad(t, x) // refuses another shape or dtype
	}
	return Errorf(TypeError, "assigned grad must be a Tensor or None, not %s", TypeName(v))
}

// getAttr evaluates v.name.
func getAttr(v Value, name string) (Value, error) {
	switch v.(type) {
	case *Instance, *UserClass, *superValue:
		return hooked(v, func(in *interp) (Value, error) { return in.getAttr(v, name) })
	}
	switch x := v.(type) {
	case *tensor.Tensor:
		if a, ok := attributes[name]; ok {
			return a.get(x)
		}
		if m, ok := methods[name]; ok {
			return &BoundMethod{Recv: x, Method: m}, nil
		}
		return nil, attrError(v, name, Methods())
	case *Module:
		if a, ok := x.Attrs[name]; ok {
			return a, nil
		}
		err := Errorf(AttributeError, "module '%s' has no attribute '%s'", x.Name, name)
		err.Hint = x.missingHint(name)
		return nil, err
	case *GradFnValue:
		if name == "next_functions" {
			return x.nextFunctions(), nil
		}
		if m, ok := typeMethods[gradFnClass][name]; ok { // its type is the node's name, not gradFnClass
			return &BoundMethod{Recv: x, Method: m}, nil
		}
		return nil, attrError(v, name, attrNames(v))
	case *Builtin:
		if c := ClassOf(x); c != "" && name == "__name__" {
			return shortClassName(c), nil
		}
		if m, ok := typeMethods[ClassOf(x)][name]; ok {
			return unboundMethod(ClassOf(x), m), nil
		}
	case HasAttrs:
		if a, ok := x.Attr(name); ok {
			return a, nil
		}
		return nil, attrError(v, name, x.AttrNames())
	}
	if table := typeMethods[TypeName(v)]; table != nil {
		if m, ok := table[name]; ok {
			return &BoundMethod{Recv: v, Method: m}, nil
		}
		return nil, attrError(v, name, sortedKeys(table))
	}
	return nil, attrError(v, name, nil)
}

// unboundMethods holds the functions str.lower, list.append, ... by the
// method, so that str.lower is str.lower.
var unboundMethods sync.Map // *Builtin → *Builtin

// unboundMethod is class.name, the method m called with its receiver as
// the first argument: sorted(words, key=str.lower). A receiver of another
// type is CPython's TypeError.
func unboundMethod(class string, m *Builtin) *Builtin {
	if f, ok := unboundMethods.Load(m); ok {
		return f.(*Builtin)
	}
	f := &Builtin{Name: m.Name, Sig: m.Sig, Doc: m.Doc, params: m.params, acceptsKeywords: m.acceptsKeywords}
	f.fn = func(a *Args) (Value, error) {
		if recv := a.Value("self"); TypeName(recv) != class {
			return nil, Errorf(TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object", m.Name, class, TypeName(recv))
		}
		return m.fn(a)
	}
	actual, _ := unboundMethods.LoadOrStore(m, f)
	return actual.(*Builtin)
}

func attrError(v Value, name string, candidates []string) *Error {
	err := Errorf(AttributeError, "'%s' object has no attribute '%s'", TypeName(v), name)
	err.Hint = suggestHint(name, candidates)
	return err
}

// suggestHint is the "did you mean" hint for a name that is not among
// candidates, or "" when none is close (see syntax.Suggest).
func suggestHint(name string, candidates []string) string {
	if s := syntax.Suggest(name, candidates); s != "" {
		return "did you mean `" + s + "`?"
	}
	return ""
}

// setAttr runs v.name = value; only some tensor properties are settable.
func setAttr(v Value, name string, value Value) error {
	if s, ok := v.(AttrSetter); ok {
		return s.SetAttr(name, value)
	}
	t, ok := v.(*tensor.Tensor)
	if !ok {
		return Errorf(AttributeError, "'%s' object attribute '%s' is read-only", TypeName(v), name)
	}
	a, ok := attributes[name]
	if !ok {
		return attrError(v, name, Methods())
	}
	if a.set == nil {
		return Errorf(AttributeError, "attribute '%s' of 'Tensor' objects is not writable", name)
	}
	return a.set(t, value)
}

// typeMethods holds the methods of lists, dicts and strings, by type name.
var typeMethods = map[string]map[string]*Builtin{}

// defMethod registers a method of a non-tensor type; self is its first
// parameter.
func defMethod(typeName, sig, doc string, fn func(a *Args) (Value, error)) {
	name, params, err := parseSignature(sig)
	if err != nil {
		panic(err)
	}
	if typeMethods[typeName] == nil {
		typeMethods[typeName] = map[string]*Builtin{}
	}
	typeMethods[typeName][name] = &Builtin{Name: name, Sig: sig, Doc: doc, params: params, fn: fn}
}

// dtypeNames are the dtypes reachable as global names. bool is the builtin
// function bool(), which also names the bool dtype where a dtype is
// expected, as in PyTorch (dtype=bool).
var dtypeNames = map[string]tensor.DType{
	"float32": tensor.Float32, "float64": tensor.Float64, "int64": tensor.Int64,
}

// builtinDType maps the builtins float, int and bool to the dtypes they name
// when passed as a dtype.
func builtinDType(b *Builtin) (tensor.DType, bool) {
	switch b.Name {
	case "float":
		return tensor.Float64, true
	case "int":
		return tensor.Int64, true
	case "bool":
		return tensor.Bool, true
	}
	return 0, false
}

// globalValue resolves a name that is not a variable.
func globalValue(name string) (Value, bool) {
	if b, ok := builtins[name]; ok {
		return b, true
	}
	if d, ok := dtypeNames[name]; ok {
		return d, true
	}
	if m, ok := modules()[name]; ok {
		return m, true
	}
	if name == "NotImplemented" {
		return NotImplemented, true
	}
	return nil, false
}

// globalNames lists every predefined name.
func globalNames() []string {
	names := Builtins()
	for n := range dtypeNames {
		names = append(names, n)
	}
	for n := range modules() {
		names = append(names, n)
	}
	return append(names, "NotImplemented")
}

// modules returns the predefined modules, reachable without an import:
// torch, F (torch.nn.functional), optim (torch.optim) and math (see
// globalModules). They come from the module registry, built once on first
// use (after every builtin is registered), safely when sessions run
// concurrently.
var modules = sync.OnceValue(func() map[string]*Module {
	out := map[string]*Module{}
	for name, path := range globalModules {
		out[name] = mustImport(path)
	}
	return out
})
