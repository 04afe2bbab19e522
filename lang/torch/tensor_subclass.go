package torch

import (
	"strings"
	"sync"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// torch.Tensor and nn.Parameter as bases: class T(torch.Tensor),
// class P(nn.Parameter). An instance keeps its tensor as Native (kael's
// functions that take a tensor take it, lang.ToTensor). It is made by
// the class's __new__ through torch.Tensor._make_subclass(cls, data,
// require_grad), super().__new__(cls, data) or x.as_subclass(T), or
// without a __new__ by the legacy constructor (T([1., 2.])), or
// Parameter's (P(data, requires_grad=True)). As in PyTorch 1.13, the
// default __torch_function__ runs the tensor methods, the attributes and
// the operators of the instance and gives their tensor results the
// instance's class (type(t + 1) is T, an in-place method returns the
// instance itself); a class that defines __torch_function__ as a
// classmethod receives each of them as (func, types, args, kwargs), with
// func the method (func.__name__ is 'add', '__add__', ...), and
// super().__torch_function__(...) runs it. The repr is PyTorch's with the
// class's name: T([1., 2.]). torch.* functions given an instance take its
// tensor and return plain tensors (PyTorch gives them the subclass too).

const tensorBaseName = "torch.Tensor"

// subTensor returns the tensor of an instance of a torch.Tensor subclass.
func subTensor(v lang.Value) (*tensor.Tensor, bool) {
	x, ok := v.(*lang.Instance)
	if !ok {
		return nil, false
	}
	t, ok := x.Native().(*tensor.Tensor)
	return t, ok
}

// unwrapSub is v with the instances of tensor subclasses in it (at the
// top, or as elements of a tuple or list) replaced by their tensors.
func unwrapSub(v lang.Value) lang.Value {
	if t, ok := subTensor(v); ok {
		return t
	}
	switch s := v.(type) {
	case lang.Tuple:
		out := make(lang.Tuple, len(s))
		for i, e := range s {
			out[i] = unwrapSub(e)
		}
		return out
	case *lang.List:
		out := make([]lang.Value, len(s.Elems))
		for i, e := range s.Elems {
			out[i] = unwrapSub(e)
		}
		return &lang.List{Elems: out}
	}
	return v
}

func unwrapAll(vs []lang.Value) []lang.Value {
	out := make([]lang.Value, len(vs))
	for i, v := range vs {
		out[i] = unwrapSub(v)
	}
	return out
}

// convertSub is PyTorch's _convert(ret, cls): a tensor result becomes an
// instance of cls (self when it is self's tensor, as an in-place method
// returns self), and so do the tensors of a tuple or list result.
func convertSub(cls *lang.UserClass, self *lang.Instance, r lang.Value) lang.Value {
	switch v := r.(type) {
	case *tensor.Tensor:
		if self != nil && self.Native() == v {
			return self
		}
		return lang.NewInstance(cls, v)
	case lang.Tuple:
		if out, changed := convertElems(cls, self, v); changed {
			return lang.Tuple(out)
		}
	case *lang.List:
		if out, changed := convertElems(cls, self, v.Elems); changed {
			return &lang.List{Elems: out}
		}
	}
	return r
}

// convertElems is convertSub of each element; changed is false when no
// element is a tensor (a torch.Size stays one).
func convertElems(cls *lang.UserClass, self *lang.Instance, elems []lang.Value) ([]lang.Value, bool) {
	out := make([]lang.Value, len(elems))
	changed := false
	for i, e := range elems {
		out[i] = convertSub(cls, self, e)
		switch e.(type) {
		case *tensor.Tensor, lang.Tuple, *lang.List:
			changed = true // a Size holds ints only
		}
	}
	return out, changed
}

// tensorFuncs caches the functions torch.Tensor.<name> handed to
// __torch_function__ (name to *lang.Builtin); sessions may run
// concurrently.
var tensorFuncs sync.Map

// tensorFunc is the function of the tensor method or attribute name,
// called with the tensor (or an instance of a subclass, taken as its
// tensor) first: what __torch_function__ receives as func.
func tensorFunc(name string) *lang.Builtin {
	if f, ok := tensorFuncs.Load(name); ok {
		return f.(*lang.Builtin)
	}
	shown := name
	if n, ok := funcNames[name]; ok {
		shown = n
	}
	f := lang.NewBuiltin(lang.AsValue, shown+"(self, *args, **kwargs)", "torch.Tensor."+name+", as __torch_function__ receives it.", func(a *lang.Args) (lang.Value, error) {
		self := unwrapSub(a.Value("self"))
		args := unwrapAll(a.Value("args").(lang.Tuple))
		kwNames, kwVals := a.Keywords()
		if op, ok := operatorFuncs[name]; ok && len(args) == 1 && len(kwNames) == 0 {
			if op.reflected {
				return a.Binary(op.op, args[0], self)
			}
			return a.Binary(op.op, self, args[0])
		}
		if op, ok := unaryFuncs[name]; ok && len(args) == 0 {
			return a.Unary(op, self)
		}
		if b, ok := builtinFuncs[name]; ok {
			f, _ := lang.BuiltinName(b)
			return a.CallKw(f, append([]lang.Value{self}, args...), kwNames, kwVals)
		}
		switch name {
		case "__contains__":
			if len(args) == 1 {
				return a.Binary(syntax.IN, args[0], self)
			}
		case "__iter__":
			if len(args) == 0 { // the tensors iter(self.unbind(0)) gives
				unbind, err := lang.GetAttr(self, "unbind")
				if err != nil {
					return nil, err
				}
				return a.Call(unbind)
			}
		case "__getitem__":
			if len(args) == 1 {
				return lang.Index(self, []lang.Subscript{{Value: args[0]}})
			}
		case "__setitem__":
			if len(args) == 2 {
				return lang.None, lang.SetItem(self, args[0], args[1])
			}
		}
		m, err := lang.GetAttr(self, name)
		if err != nil {
			return nil, err
		}
		if len(args) == 0 && len(kwNames) == 0 && !isMethodValue(m) {
			return m, nil // an attribute: t.T, t.grad
		}
		return a.CallKw(m, args, kwNames, unwrapAll(kwVals))
	}).CollectKeywords()
	actual, _ := tensorFuncs.LoadOrStore(name, f)
	return actual.(*lang.Builtin)
}

// attrGetters caches attrGetter's functions (name to *lang.Builtin).
var attrGetters sync.Map

// attrGetter is the __get__ of the tensor attribute name that
// __torch_function__ receives when a subclass's attribute is read.
func attrGetter(name string) *lang.Builtin {
	if f, ok := attrGetters.Load(name); ok {
		return f.(*lang.Builtin)
	}
	f := lang.NewBuiltin(lang.AsValue, "__get__(self)", "The getter of torch.Tensor."+name+", as __torch_function__ receives it.", func(a *lang.Args) (lang.Value, error) {
		return lang.GetAttr(unwrapSub(a.Value("self")), name)
	})
	actual, _ := attrGetters.LoadOrStore(name, f)
	return actual.(*lang.Builtin)
}

// noWrapAttrs are the attributes whose tensors keep their class, as
// PyTorch's get_default_nowrap_functions: the gradient and the base.
var noWrapAttrs = map[string]bool{"grad": true, "_grad": true, "_base": true}

// funcNames are the __name__ PyTorch 1.13's functions have that
// __torch_function__ receives for the operators (t + 1 is 'add').
var funcNames = map[string]string{
	"__add__": "add", "__radd__": "add", "__sub__": "sub", "__mul__": "mul", "__rmul__": "mul",
	"__truediv__": "div", "__rtruediv__": "__rdiv__", "__neg__": "neg", "__abs__": "abs", "__pow__": "pow",
	"__matmul__": "matmul", "__mod__": "remainder", "__eq__": "eq", "__ne__": "ne", "__lt__": "lt",
	"__le__": "le", "__gt__": "gt", "__ge__": "ge", "__and__": "__and__", "__or__": "__or__",
}

// builtinFuncs are the special methods that Python's builtins run.
var builtinFuncs = map[string]string{
	"__len__": "len", "__bool__": "bool", "__float__": "float", "__int__": "int",
	"__format__": "format", "__abs__": "abs",
}

// isMethodValue reports whether v, read from a tensor, is a method (a
// bound builtin) rather than a value.
func isMethodValue(v lang.Value) bool {
	switch v.(type) {
	case *lang.BoundMethod, *lang.Builtin:
		return true
	}
	return false
}

// binaryFunc is a binary operator's special method: its operator, and
// whether it is the reflected one (__radd__).
type binaryFunc struct {
	op        syntax.Token
	reflected bool
}

// operatorFuncs are the binary operators' and comparisons' special
// methods (a variable's initialiser: the inits of torch.go use it).
var operatorFuncs = func() map[string]binaryFunc {
	m := map[string]binaryFunc{}
	for op, names := range map[syntax.Token]string{
		syntax.PLUS: "add", syntax.MINUS: "sub", syntax.STAR: "mul", syntax.SLASH: "truediv",
		syntax.SLASHSLASH: "floordiv", syntax.PERCENT: "mod", syntax.STARSTAR: "pow", syntax.AT: "matmul",
		syntax.AMP: "and", syntax.PIPE: "or", syntax.CARET: "xor", syntax.LSHIFT: "lshift", syntax.RSHIFT: "rshift",
	} {
		m["__"+names+"__"] = binaryFunc{op, false}
		m["__r"+names+"__"] = binaryFunc{op, true}
	}
	for op, name := range map[syntax.Token]string{syntax.EQL: "eq", syntax.NEQ: "ne", syntax.LT: "lt", syntax.LE: "le", syntax.GT: "gt", syntax.GE: "ge"} {
		m["__"+name+"__"] = binaryFunc{op, false}
	}
	return m
}()

// unaryFuncs are the unary operators' special methods.
var unaryFuncs = map[string]syntax.Token{"__neg__": syntax.MINUS, "__pos__": syntax.PLUS, "__invert__": syntax.TILDE}

// torchFunction runs func on the instance x's operation through its
// class's __torch_function__, when the class defines one, else through
// the default one (defaultTorchFunction).
func torchFunction(a *lang.Args, x *lang.Instance, fn lang.Value, args []lang.Value, kwNames []string, kwVals []lang.Value) (lang.Value, error) {
	cls := x.Class()
	if tf, own := cls.Lookup("__torch_function__"); own && tf != lang.Value(torchFunctionDefault) {
		tf, err := lang.GetAttr(cls, "__torch_function__")
		if err != nil {
			return nil, err
		}
		kw := lang.NewDict()
		for i, k := range kwNames {
			if err := kw.Set(k, kwVals[i]); err != nil {
				return nil, err
			}
		}
		return a.Call(tf, fn, lang.Tuple{cls}, lang.Tuple(args), kw)
	}
	return defaultTorchFunction(a, cls, x, fn, args, kwNames, kwVals)
}

// defaultTorchFunction is torch.Tensor.__torch_function__: func run on
// the tensors, its tensor results given the class cls.
func defaultTorchFunction(a *lang.Args, cls *lang.UserClass, self *lang.Instance, fn lang.Value, args []lang.Value, kwNames []string, kwVals []lang.Value) (lang.Value, error) {
	r, err := a.CallKw(fn, unwrapAll(args), kwNames, unwrapAll(kwVals))
	if err != nil || noWrap(fn) {
		return r, err
	}
	return convertSub(cls, self, r), nil
}

// noWrap reports whether fn is the getter of an attribute of noWrapAttrs.
func noWrap(fn lang.Value) bool {
	b, ok := fn.(*lang.Builtin)
	if !ok {
		return false
	}
	for n := range noWrapAttrs {
		if b == attrGetter(n) {
			return true
		}
	}
	return false
}

// subclassMethod is the special method name of the subclasses: it runs
// through torchFunction.
func subclassMethod(name string) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, name+"(self, *args, **kwargs)", "torch.Tensor."+name+" of a subclass, through __torch_function__.", func(a *lang.Args) (lang.Value, error) {
		x := a.Value("self").(*lang.Instance)
		if _, ok := x.Native().(*tensor.Tensor); !ok {
			return nil, noTensor(x)
		}
		kwNames, kwVals := a.Keywords()
		args := append(lang.Tuple{x}, a.Value("args").(lang.Tuple)...)
		r, err := torchFunction(a, x, tensorFunc(name), args, kwNames, kwVals)
		if err != nil || name != "__iter__" {
			return r, err
		}
		iter, _ := lang.BuiltinName("iter")
		return a.Call(iter, r)
	}).CollectKeywords().BindingSelf()
}

// noTensor is the error of an operation on an instance that holds no
// tensor: its class's __init__ ran without a __new__ making one.
func noTensor(x *lang.Instance) error {
	return lang.Errorf(lang.TypeError, "this %s object holds no tensor", x.Class().Name).
		WithHint("make it in __new__: return torch.Tensor._make_subclass(cls, data) or super().__new__(cls, data)")
}

// tensorSubclassRepr is the repr of x: the tensor's, named by the class
// (T([1., 2.]), its lines indented under the new prefix).
func tensorSubclassRepr(x *lang.Instance, t *tensor.Tensor) string {
	text := lang.Repr(t)
	text = strings.TrimPrefix(text, "Parameter containing:\n")
	name := x.Class().Name
	lines := strings.Split(text, "\n")
	if strings.HasPrefix(lines[0], "tensor(") {
		lines[0] = name + "(" + strings.TrimPrefix(lines[0], "tensor(")
		pad := strings.Repeat(" ", len(name)+1)
		for i := 1; i < len(lines); i++ {
			lines[i] = pad + strings.TrimPrefix(lines[i], "       ")
		}
	}
	text = strings.Join(lines, "\n")
	if nn.IsParameter(t) { // Parameter.__repr__ over Tensor's, as PyTorch 1.13 prints it
		text = "Parameter containing:\nParameter(" + text + ")"
	}
	return text
}

// tensorSubclassBase is what torch.Tensor (or nn.Parameter, with make
// its constructor) adds to the classes deriving from it.
func tensorSubclassBase(name string, make func(a *lang.Args, x *lang.Instance, pos []lang.Value, kwNames []string, kwVals []lang.Value) (*tensor.Tensor, error), newFn *lang.Builtin) *lang.NativeBase {
	return &lang.NativeBase{
		Name:        name,
		LazyMethods: func() map[string]lang.Value { return tensorSubclassMethods(newFn) },
		Init: func(x *lang.Instance, pos []lang.Value, kwNames []string, kwVals []lang.Value) error {
			if x.Native() != nil {
				return nil // made by __new__, which took the arguments
			}
			_, err := x.Session().CallHookKw(lang.NewBuiltin(lang.AsValue, "__new__(*args, **kwargs)", "", func(a *lang.Args) (lang.Value, error) {
				t, err := make(a, x, pos, kwNames, kwVals)
				x.SetNative(t)
				return nil, err
			}).CollectKeywords(), nil, nil, nil)
			return err
		},
		Attr: func(x *lang.Instance, attr string) (lang.Value, bool, error) {
			t, ok := x.Native().(*tensor.Tensor)
			if !ok {
				return nil, false, nil
			}
			v, err := lang.GetAttr(t, attr)
			if err != nil {
				return nil, false, nil
			}
			if isMethodValue(v) {
				return lang.NewBuiltin(lang.AsValue, attr+"(*args, **kwargs)", "torch.Tensor."+attr+" of a subclass, through __torch_function__.", func(a *lang.Args) (lang.Value, error) {
					kwNames, kwVals := a.Keywords()
					args := append(lang.Tuple{x}, a.Value("args").(lang.Tuple)...)
					return torchFunction(a, x, tensorFunc(attr), args, kwNames, kwVals)
				}).CollectKeywords(), true, nil
			}
			r, err := x.Session().CallHookKw(lang.NewBuiltin(lang.AsValue, attr+"()", "", func(a *lang.Args) (lang.Value, error) {
				return torchFunction(a, x, attrGetter(attr), []lang.Value{x}, nil, nil)
			}), nil, nil, nil)
			return r, true, err
		},
		Repr: func(x *lang.Instance) (string, bool) {
			t, ok := x.Native().(*tensor.Tensor)
			if !ok {
				return "", false
			}
			return tensorSubclassRepr(x, t), true
		},
	}
}

// torchFunctionDefault is torch.Tensor.__torch_function__(cls, func,
// types, args=(), kwargs=None), which super().__torch_function__ runs.
var torchFunctionDefault = lang.NewBuiltin(lang.AsValue, "__torch_function__(cls, func, types, args=(), kwargs=None)",
	"Runs func(*args, **kwargs) on the tensors and gives its tensor results the class cls, as PyTorch's default __torch_function__.",
	func(a *lang.Args) (lang.Value, error) {
		var cls *lang.UserClass
		switch c := a.Value("cls").(type) {
		case *lang.UserClass:
			cls = c
		case *lang.Instance:
			cls = c.Class()
		}
		args, _, ok := lang.Sequence(a.Value("args"))
		if !ok {
			return nil, a.WrongType("args", "a tuple", a.Value("args"))
		}
		var kwNames []string
		var kwVals []lang.Value
		if kw, isDict := a.Value("kwargs").(*lang.Dict); isDict {
			for i, k := range kw.Keys() {
				s, isStr := k.(string)
				if !isStr {
					return nil, lang.Errorf(lang.TypeError, "keywords must be strings")
				}
				kwNames = append(kwNames, s)
				kwVals = append(kwVals, kw.Values()[i])
			}
		}
		r, err := a.CallKw(a.Value("func"), unwrapAll(args), kwNames, unwrapAll(kwVals))
		if err != nil || cls == nil || noWrap(a.Value("func")) {
			return r, err
		}
		var self *lang.Instance
		if len(args) > 0 {
			self, _ = args[0].(*lang.Instance)
		}
		return convertSub(cls, self, r), nil
	}).BindingSelf()

// newSubclassInstance is what the base's __new__(cls, *args, **kwargs)
// makes: an instance of cls holding the tensor make builds of the
// arguments.
func newSubclassInstance(a *lang.Args, what string, make func(a *lang.Args, x *lang.Instance, pos []lang.Value, kwNames []string, kwVals []lang.Value) (*tensor.Tensor, error)) (lang.Value, error) {
	cls, ok := a.Value("cls").(*lang.UserClass)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "%s.__new__(X): X is not a subtype of %s", what, what)
	}
	x := lang.NewInstance(cls, nil)
	kwNames, kwVals := a.Keywords()
	t, err := make(a, x, a.Value("args").(lang.Tuple), kwNames, kwVals)
	if err != nil {
		return nil, err
	}
	x.SetNative(t)
	return x, nil
}

func defTensorSubclassBases() {
	tensorClass := torchMembers["Tensor"].(*lang.Builtin)
	legacy := func(a *lang.Args, x *lang.Instance, pos []lang.Value, kwNames []string, kwVals []lang.Value) (*tensor.Tensor, error) {
		if len(kwNames) > 0 {
			return nil, lang.Errorf(lang.TypeError, "new() received an invalid combination of arguments - got an unexpected keyword argument '%s'", kwNames[0])
		}
		v, err := a.CallKw(tensorClass, unwrapAll(pos), nil, nil)
		if err != nil {
			return nil, err
		}
		return v.(*tensor.Tensor), nil
	}
	tensorNew := lang.NewBuiltin(lang.AsValue, "__new__(cls, *args, **kwargs)", "torch.Tensor.__new__(cls, ...): an instance of cls, a subclass of torch.Tensor, holding the tensor the legacy constructor makes of the arguments (a float32 tensor of the data, or the tensor given).", func(a *lang.Args) (lang.Value, error) {
		return newSubclassInstance(a, "Tensor", legacy)
	}).CollectKeywords()
	lang.RegisterNativeBase(tensorBaseName, tensorClass, tensorSubclassBase("Tensor", legacy, tensorNew))
	lang.RegisterClassAttr(tensorClass, "__new__", tensorNew)
	lang.RegisterClassAttr(tensorClass, "__torch_function__", torchFunctionDefault)
	lang.RegisterClassAttr(tensorClass, "_make_subclass", lang.NewBuiltin(lang.AsValue, "_make_subclass(cls, data, require_grad=False)",
		"An instance of cls, a subclass of torch.Tensor, holding a detached alias of data (sharing its storage) that requires grad when require_grad is true: what a subclass's __new__ returns.",
		func(a *lang.Args) (lang.Value, error) {
			cls, ok := a.Value("cls").(*lang.UserClass)
			data := a.TensorLike("data")
			on := a.Bool("require_grad")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "cls must be a subclass of torch.Tensor, not %s", lang.TypeName(a.Value("cls")))
			}
			t := data.Detach()
			if on {
				if err := autograd.SetRequiresGrad(t, true); err != nil {
					return nil, err
				}
			}
			if nn.IsParameter(data) {
				p, err := nn.NewParameter(t, on)
				if err != nil {
					return nil, err
				}
				t = p
			}
			return lang.NewInstance(cls, t), nil
		}))
	lang.NewBuiltin(lang.AsMethod, "as_subclass(self, cls)",
		"self as an instance of cls, a subclass of torch.Tensor: the same tensor (its data and its place in the autograd graph), of that class.",
		func(a *lang.Args) (lang.Value, error) {
			t := a.TensorLike("self")
			if err := a.Err(); err != nil {
				return nil, err
			}
			switch c := a.Value("cls").(type) {
			case *lang.UserClass:
				return lang.NewInstance(c, t), nil
			case *lang.Builtin:
				if c == tensorClass {
					return t, nil
				}
			}
			return nil, lang.Errorf(lang.RuntimeError, "Creating a Tensor subclass from a class that does not inherit from Tensor is not possible. Make sure your class inherits from Tensor.")
		})

	parameter := torchNN["Parameter"].(*lang.Builtin)
	makeParam := func(a *lang.Args, x *lang.Instance, pos []lang.Value, kwNames []string, kwVals []lang.Value) (*tensor.Tensor, error) {
		v, err := a.CallKw(parameter, unwrapAll(pos), kwNames, kwVals)
		if err != nil {
			return nil, err
		}
		return v.(*tensor.Tensor), nil
	}
	paramNew := lang.NewBuiltin(lang.AsValue, "__new__(cls, data=None, requires_grad=True)", "Parameter.__new__(cls, data, requires_grad): an instance of cls, a subclass of nn.Parameter, holding the parameter made of data.", func(a *lang.Args) (lang.Value, error) {
		return newSubclassInstance(a, "Parameter", makeParam)
	}).CollectKeywords()
	lang.RegisterNativeBase(parameterClassName, parameter, tensorSubclassBase("Parameter", makeParam, paramNew))
	lang.RegisterSubclass(parameterClassName, tensorBaseName)
}

// tensorSubclassMethods are the methods a tensor subclass's base adds:
// the operators and special methods, run on the instance's tensor, and
// newFn, its __new__.
func tensorSubclassMethods(newFn *lang.Builtin) map[string]lang.Value {
	methods := map[string]lang.Value{"__new__": newFn}
	for n := range operatorFuncs {
		methods[n] = subclassMethod(n)
	}
	for n := range unaryFuncs {
		methods[n] = subclassMethod(n)
	}
	for _, n := range []string{"__getitem__", "__setitem__", "__len__", "__iter__", "__bool__", "__float__", "__int__", "__abs__", "__contains__"} {
		methods[n] = subclassMethod(n)
	}
	methods["__hash__"] = lang.NewBuiltin(lang.AsValue, "__hash__(self)", "The identity hash, as a tensor's.", func(a *lang.Args) (lang.Value, error) {
		return lang.ID(a.Value("self")), nil
	}).BindingSelf()
	methods["__torch_function__"] = torchFunctionDefault
	methods["__format__"] = lang.NewBuiltin(lang.AsValue, "__format__(self, format_spec)", "object.__format__, as PyTorch 1.13's Tensor.__format__ gives a subclass: str(self) for an empty spec, else a TypeError.", func(a *lang.Args) (lang.Value, error) {
		x := a.Value("self").(*lang.Instance)
		if spec, _ := a.Value("format_spec").(string); spec != "" {
			return nil, lang.Errorf(lang.TypeError, "unsupported format string passed to %s.__format__", x.Class().Name)
		}
		t, ok := x.Native().(*tensor.Tensor)
		if !ok {
			return nil, noTensor(x)
		}
		return tensorSubclassRepr(x, t), nil
	}).BindingSelf()
	return methods
}
