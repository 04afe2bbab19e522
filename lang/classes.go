package lang

import (
	"slices"
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// Classes, as type(), isinstance() and issubclass() see them. kael has no
// class statement yet; a class is either a builtin that makes values of
// its type (int, list, torch.Tensor, torch.Size, ...), which prints as
// <class 'int'>, or, for types without a constructor, a Class value.

// Class is a type without a constructor builtin, as type() returns it:
// <class 'NoneType'>, <class 'function'>, <class 'torch.dtype'>.
type Class struct {
	Name string
	Doc  string // what the language reference says of it, when it is a module member
}

// MemberDoc is the language reference's text for a class that is a module
// member.
func (c *Class) MemberDoc() string {
	if c.Doc != "" {
		return c.Doc
	}
	return "the class " + c.String()
}

// TypeName returns "type".
func (*Class) TypeName() string { return "type" }

// String returns <class 'name'>.
func (c *Class) String() string { return "<class '" + c.Name + "'>" }

// Equal reports whether v is the same class.
func (c *Class) Equal(v Value) bool { return ClassOf(v) == c.Name }

// HashKey makes classes usable as dict keys.
func (c *Class) HashKey() (string, error) { return "class:" + c.Name, nil }

// Attr returns __name__, the class name without its module.
func (c *Class) Attr(name string) (Value, bool) {
	if name == "__name__" {
		return shortClassName(c.Name), true
	}
	return nil, false
}

// shortClassName is a class's __name__: its name without the module.
func shortClassName(qualified string) string {
	return qualified[strings.LastIndexByte(qualified, '.')+1:]
}

// AttrNames lists the attributes.
func (*Class) AttrNames() []string { return []string{"__name__"} }

// pythonClasses are the global builtins that are Python classes.
var pythonClasses = []string{"int", "float", "bool", "str", "list", "tuple", "dict", "range", "set", "frozenset", "type"}

// torchClasses maps the builtins that are classes of torch (torch.Tensor,
// torch.FloatTensor, torch.Size, torch.device, ...) to their names.
var torchClasses = map[*Builtin]string{}

// qualifiedTypes are the class names of kael types whose TypeName differs.
var qualifiedTypes = map[string]string{
	"Tensor": "torch.Tensor", "builtin_function": "builtin_function_or_method", "method": "builtin_function_or_method",
	"dtype": "torch.dtype", "Generator": "torch.Generator", "SGD": "torch.optim.SGD", "Adam": "torch.optim.Adam",
}

// typeClassName returns the name of the class of a value: "int",
// "torch.Tensor", "builtin_function_or_method".
func typeClassName(v Value) string {
	if ClassOf(v) != "" {
		return "type"
	}
	if q := nnClassName(v); q != "" {
		return q
	}
	n := TypeName(v)
	if q, ok := qualifiedTypes[n]; ok {
		return q
	}
	return n
}

// ClassOf returns the class name v stands for when it is a class (a class
// builtin or a Class value), or "".
func ClassOf(v Value) string {
	switch x := v.(type) {
	case *Class:
		return x.Name
	case *Builtin:
		if q, ok := torchClasses[x]; ok {
			return q
		}
		if slices.Contains(pythonClasses, x.Name) && builtins[x.Name] == x {
			return x.Name
		}
		if x.Name == "Generator" && builtins[x.Name] == x {
			return "torch.Generator"
		}
	}
	return ""
}

// TypeOf returns type(v): the class builtin of v's type when there is one,
// so that type(x) is torch.Tensor and type(1)(2.5) work, else a Class.
func TypeOf(v Value) Value {
	switch x := v.(type) {
	case *Instance:
		return x.cls
	case *UserClass:
		return builtins["type"]
	}
	name := typeClassName(v)
	for b, q := range torchClasses {
		if q == name {
			return b
		}
	}
	if slices.Contains(pythonClasses, name) {
		return builtins[name]
	}
	if name == "torch.Generator" {
		return builtins["Generator"]
	}
	return &Class{Name: name}
}

// typedTensorClasses are the dtype-specific tensor classes.
var typedTensorClasses = map[string]tensor.DType{
	"torch.FloatTensor": tensor.Float32, "torch.DoubleTensor": tensor.Float64,
	"torch.LongTensor": tensor.Int64, "torch.BoolTensor": tensor.Bool,
}

// isSubclass reports whether class sub is class sup or derives from it, in
// kael's small hierarchy: bool is an int, torch.Size and torch.return_types
// tuples, and everything an object.
func isSubclass(sub, sup string) bool {
	switch {
	case sub == sup || sup == "object" || nnSubclass(sub, sup):
		return true
	case sup == "int":
		return sub == "bool"
	case sup == "tuple":
		return sub == "torch.Size" || isReturnType(sub)
	case sup == "torch.Tensor":
		_, typed := typedTensorClasses[sub]
		return typed
	}
	return false
}

// isInstanceNamed is Python's isinstance(v, cls) for one class name.
func isInstanceNamed(v Value, cls string) bool {
	if d, typed := typedTensorClasses[cls]; typed {
		t, ok := v.(*tensor.Tensor)
		return ok && t.DType() == d
	}
	return isSubclass(typeClassName(v), cls)
}

// IsInstance is isinstance(obj, c) for one class c: a kael class, a
// user class or a typing value.
func IsInstance(obj, c Value) (bool, error) {
	switch c := c.(type) {
	case *UserClass:
		x, isInst := obj.(*Instance)
		return isInst && x.cls.derivesFrom(c), nil
	case InstanceChecker:
		return c.InstanceCheck(obj)
	}
	names, err := classArg("isinstance", c)
	if err != nil {
		return false, err
	}
	if x, isInst := obj.(*Instance); isInst {
		return names[0] == "object" || isSubclass(x.cls.root(), names[0]), nil
	}
	return isInstanceNamed(obj, names[0]), nil
}

// IsSubclass is issubclass(cls, c) for one class c: a kael class, a user
// class or an InstanceChecker. cls is a class: a kael class or a user
// class.
func IsSubclass(cls, c Value) (bool, error) {
	userSub, isUser := cls.(*UserClass)
	sub := ClassOf(cls)
	if isUser {
		sub = userSub.root()
	}
	switch c := c.(type) {
	case *UserClass:
		return isUser && userSub.derivesFrom(c), nil
	case InstanceChecker:
		return c.SubclassCheck(cls)
	}
	names, err := classArg("issubclass", c)
	if err != nil {
		return false, err
	}
	if isUser && (names[0] == "object" || sub == "") {
		return names[0] == "object", nil
	}
	return isSubclass(sub, names[0]), nil
}

// classTest is isinstance's and issubclass's walk over classinfo: one
// class or a tuple of classes (nested tuples too), true when test holds
// for one.
func classTest(fn string, classinfo Value, test func(c Value) (bool, error)) (Value, error) {
	if t, ok := classinfo.(Tuple); ok {
		for _, e := range t {
			r, err := classTest(fn, e, test)
			if err != nil || r == true {
				return r, err
			}
		}
		return false, nil
	}
	return test(classinfo)
}

// classArg reads the second argument of isinstance or issubclass: a class
// or a tuple of classes.
func classArg(fn string, v Value) ([]string, error) {
	if t, ok := v.(Tuple); ok {
		var out []string
		for _, e := range t {
			names, err := classArg(fn, e)
			if err != nil {
				return nil, err
			}
			out = append(out, names...)
		}
		return out, nil
	}
	if c := ClassOf(v); c != "" {
		return []string{c}, nil
	}
	return nil, Errorf(TypeError, "%s() arg 2 must be a type, a tuple of types, or a union", fn)
}

func init() {
	NewBuiltin(AsFunc, "isinstance(obj, classinfo)", "Whether obj is of the class classinfo (or of one in a tuple of classes): isinstance(x, torch.Tensor), isinstance(n, (int, float)). A bool is an int, a torch.Size a tuple. typing's List, Dict, Tuple, Set, Sequence, Mapping, Iterable, Iterator, Callable and Type, and Union[...] and Optional[...], test as in CPython; a subscripted generic (List[int]) is CPython's TypeError.", func(a *Args) (Value, error) {
		obj := a.Value("obj")
		return classTest("isinstance", a.Value("classinfo"), func(c Value) (bool, error) { return IsInstance(obj, c) })
	})
	NewBuiltin(AsFunc, "issubclass(cls, classinfo)", "Whether the class cls is classinfo or derives from it: issubclass(bool, int).", func(a *Args) (Value, error) {
		cls := a.Value("cls")
		if _, isUser := cls.(*UserClass); !isUser && ClassOf(cls) == "" {
			return nil, Errorf(TypeError, "issubclass() arg 1 must be a class")
		}
		return classTest("issubclass", a.Value("classinfo"), func(c Value) (bool, error) { return IsSubclass(cls, c) })
	})

	tensorClass := NewBuiltin(AsValue, "Tensor(*data)", "torch.Tensor: the class of tensors, and the legacy constructor: torch.Tensor([1, 2]) is a float32 tensor of the data, torch.Tensor(2, 3) a float32 tensor of that size (uninitialized in PyTorch, zeros in kael), torch.Tensor() an empty one.", func(a *Args) (Value, error) {
		return legacyTensor(a, tensor.Float32)
	})
	torchClasses[tensorClass] = "torch.Tensor"
	torchMembers["Tensor"] = tensorClass
	for cls, d := range typedTensorClasses {
		name := strings.TrimPrefix(cls, "torch.")
		b := NewBuiltin(AsValue, name+"(*data)", "The legacy constructor of "+d.String()+" tensors: "+cls+"([1, 2]) from data, "+cls+"(2, 3) of that size (zeros in kael).", func(a *Args) (Value, error) {
			return legacyTensor(a, d)
		})
		torchClasses[b] = cls
		torchMembers[name] = b
	}
	sizeClass := NewBuiltin(AsValue, "Size(sizes=())", "torch.Size, the class of x.shape: torch.Size([2, 3]). It prints as torch.Size([2, 3]), equals the lists and tuples of the same ints and indexes as a tuple; s.numel() is the product of the sizes.", func(a *Args) (Value, error) {
		elems, err := Collect(a.Value("sizes"))
		if err != nil {
			return nil, err
		}
		for _, e := range elems {
			if _, ok := e.(int64); !ok {
				return nil, Errorf(TypeError, "torch.Size() takes an iterable of 'int' (item 0 is '%s')", TypeName(e))
			}
		}
		return &List{Elems: elems, size: true}, nil
	})
	torchClasses[sizeClass] = "torch.Size"
	torchMembers["Size"] = sizeClass
	defMethod("torch.Size", "numel(self)", "The number of elements a tensor of this size has: the product of the sizes.", func(a *Args) (Value, error) {
		sizes, ok := intSequence(self[*List](a))
		if !ok {
			return nil, Errorf(TypeError, "torch.Size holds a value that is not an int")
		}
		n := int64(1)
		for _, s := range sizes {
			n *= int64(s)
		}
		return n, nil
	})
	torchMembers["is_tensor"] = NewBuiltin(AsValue, "is_tensor(obj)", "Whether obj is a tensor.", func(a *Args) (Value, error) {
		_, ok := a.Value("obj").(*tensor.Tensor)
		return ok, nil
	})

	torchAutograd["Variable"] = NewBuiltin(AsValue, "Variable(data, requires_grad=False)", "The deprecated Variable of PyTorch before 0.4: since then every tensor is one, so Variable(t) is t as a new tensor sharing its data (requiring grad when asked). A note says so.", func(a *Args) (Value, error) {
		t, on := a.Tensor("data"), a.Bool("requires_grad")
		if err := a.Err(); err != nil {
			return nil, err
		}
		a.in.addNote(a.in.stmtSpan(), "torch.autograd.Variable is deprecated: tensors are Variables since PyTorch 0.4; use the tensor itself (torch.tensor(..., requires_grad=True))")
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
func legacyTensor(a *Args, d tensor.DType) (Value, error) {
	data := a.Value("data").(Tuple)
	if len(data) == 1 {
		switch x := data[0].(type) {
		case *tensor.Tensor:
			if x.DType() == d {
				return x.Detach(), nil
			}
			return result(x.To(d))
		case *List:
			if !x.size {
				return legacyFromData(x, d)
			}
		case Tuple:
			return legacyFromData(x, d)
		case float64, string, bool:
			return nil, Errorf(TypeError, "new(): data must be a sequence (got %s)", TypeName(x))
		}
	}
	shape, ok := intSequence(data)
	if len(data) == 1 {
		if s, isSize := data[0].(*List); isSize && s.size {
			shape, ok = intSequence(s)
		}
	}
	if !ok {
		return nil, Errorf(TypeError, "new() received an invalid combination of arguments: %s", Repr(data)).
			WithHint("pass the data as a list (torch.Tensor([1, 2])) or the sizes as ints (torch.Tensor(2, 3))")
	}
	if len(data) == 0 {
		shape = []int{0}
	}
	for _, n := range shape {
		if n < 0 {
			return nil, Errorf(RuntimeError, "Trying to create tensor with negative dimension %d: %s", n, tensor.FormatShape(shape))
		}
	}
	return result(tensor.Zeros(d, shape...))
}

// legacyFromData makes a tensor of dtype d from nested lists, converting
// the elements as PyTorch's legacy constructors do (floats truncate to
// int64).
func legacyFromData(v Value, d tensor.DType) (Value, error) {
	g, err := toGo(v)
	if err != nil {
		return nil, err
	}
	t, err := tensor.FromValue(g)
	if err != nil {
		return nil, err
	}
	return result(t.To(d))
}
