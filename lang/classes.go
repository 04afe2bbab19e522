package lang

import (
	"slices"
	"strings"
	"sync"

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
	if v, ok := nativeClassDunder(c.Name, name); ok {
		return v, true
	}
	return builtinClassAttr(c.Name, name)
}

// shortClassName is a class's __name__: its name without the module.
func shortClassName(qualified string) string {
	return qualified[strings.LastIndexByte(qualified, '.')+1:]
}

// AttrNames lists the attributes.
func (*Class) AttrNames() []string { return []string{"__name__"} }

// pythonClasses are the global builtins that are Python classes.
var pythonClasses = []string{"int", "float", "bool", "str", "list", "tuple", "dict", "range", "set", "frozenset", "type"}

// classBuiltins maps the builtins that are classes of a library
// (torch.Tensor, torch.FloatTensor, torch.Size, torch.device, nn.Linear,
// ...) to their qualified names; RegisterClass adds them.
var classBuiltins = map[*Builtin]string{}

// classByName is the first builtin registered under each qualified
// name: TypeOf's lookup, which ranging over classBuiltins made a scan of
// every library class for each type(x) of a value that is no instance.
var classByName = map[string]*Builtin{}

// RegisterClass makes the builtin b a class, whose qualified name
// ("torch.nn.modules.linear.Linear") type(), isinstance and the class's
// repr show: calling b makes an instance. It must be called while the
// program initialises.
func RegisterClass(b *Builtin, qualified string) {
	classBuiltins[b] = qualified
	if _, dup := classByName[qualified]; !dup {
		classByName[qualified] = b
	}
}

// classAttrs holds the attributes of library classes that are no
// methods of their instances: class methods such as datetime.now, and
// constants, by class builtin. RegisterClassAttr adds to it.
var classAttrs = map[*Builtin]map[string]Value{}

// RegisterClassAttr makes v the attribute name of the class builtin b
// (registered with RegisterClass): a class method (datetime.datetime.now)
// or a constant (datetime.date.min). It must be called while the program
// initialises.
func RegisterClassAttr(b *Builtin, name string, v Value) {
	if classAttrs[b] == nil {
		classAttrs[b] = map[string]Value{}
	}
	classAttrs[b][name] = v
}

// classParents holds the base of each class that derives from another
// than object, by qualified name: bool from int, torch.Size from tuple,
// the layers from nn.Module. RegisterSubclass adds to it.
var classParents = map[string]string{"bool": "int", "torch.Size": "tuple"}

// RegisterSubclass records that the class named sub derives from the
// class named sup (qualified names), for isinstance and issubclass. It
// must be called while the program initialises.
func RegisterSubclass(sub, sup string) {
	if old, dup := classParents[sub]; dup && old != sup {
		panic("class " + sub + " has the base " + old + " already")
	}
	classParents[sub] = sup
}

// TensorSubclass is a subclass of torch.Tensor that a library's tensors
// may belong to (nn.Parameter): a tensor of which Is holds has the class
// Name, and Text is its repr.
type TensorSubclass struct {
	Name string
	Is   func(t *tensor.Tensor) bool
	Text func(t *tensor.Tensor) string
}

// tensorSubclasses are the registered subclasses of torch.Tensor.
var tensorSubclasses []TensorSubclass

// RegisterTensorSubclass adds a subclass of torch.Tensor. It must be
// called while the program initialises.
func RegisterTensorSubclass(c TensorSubclass) {
	tensorSubclasses = append(tensorSubclasses, c)
	RegisterSubclass(c.Name, "torch.Tensor")
}

// tensorSubclass returns the registered subclass t belongs to, if any.
func tensorSubclass(t *tensor.Tensor) (TensorSubclass, bool) {
	for _, c := range tensorSubclasses {
		if c.Is(t) {
			return c, true
		}
	}
	return TensorSubclass{}, false
}

// qualifiedTypes are the class names of the engine's types whose TypeName
// differs; a library's type names its class through ClassNamer.
var qualifiedTypes = map[string]string{
	"Tensor": "torch.Tensor", "builtin_function": "builtin_function_or_method", "method": "builtin_function_or_method",
	"dtype": "torch.dtype",
}

// typeClassName returns the name of the class of a value: "int",
// "torch.Tensor", "builtin_function_or_method".
func typeClassName(v Value) string {
	if ClassOf(v) != "" {
		return "type"
	}
	switch x := v.(type) {
	case ClassNamer:
		if q := x.ClassName(); q != "" {
			return q
		}
	case *Dict:
		if x.kind != nil {
			return x.kind.Class
		}
	case *tensor.Tensor:
		if c, ok := tensorSubclass(x); ok {
			return c.Name
		}
	case *userMethod: // a bound function is a method; object's methods bound stay builtins
		if _, builtin := x.fn.(*Builtin); !builtin {
			return "method"
		}
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
		if q, ok := classBuiltins[x]; ok {
			return q
		}
		if slices.Contains(pythonClasses, x.Name) && builtins[x.Name] == x {
			return x.Name
		}
	}
	return ""
}

// TypeOf returns type(v): the class builtin of v's type when there is one,
// so that type(x) is torch.Tensor and type(1)(2.5) work, else a Class.
func TypeOf(v Value) Value {
	switch x := v.(type) {
	case *Instance:
		return classValueOf(x.cls) // object() is object's marker class's: type(object()) is object
	case *UserClass:
		if x.meta != nil {
			return x.meta
		}
		return builtins["type"]
	case Typer:
		if t := x.PyType(); t != nil {
			return t
		}
	}
	if _, ok := v.(*tensor.Tensor); ok {
		loadLibraries() // torch.Tensor is a library's class
	}
	name := typeClassName(v)
	if b, ok := classByName[name]; ok && classBuiltins[b] == name {
		return b
	}
	if slices.Contains(pythonClasses, name) {
		return builtins[name]
	}
	c, _ := typeClasses.LoadOrStore(name, &Class{Name: name})
	return c.(*Class)
}

// typeClasses holds the one Class of each type name TypeOf makes, so that
// type(None) is type(None), as in Python.
var typeClasses sync.Map

// TypedTensorClasses are the dtype-specific tensor classes: an
// isinstance test of one checks a tensor's dtype. Libraries read it.
var TypedTensorClasses = map[string]tensor.DType{
	"torch.FloatTensor": tensor.Float32, "torch.DoubleTensor": tensor.Float64,
	"torch.LongTensor": tensor.Int64, "torch.BoolTensor": tensor.Bool,
	"torch.IntTensor": tensor.Int32, "torch.ShortTensor": tensor.Int16,
	"torch.CharTensor": tensor.Int8, "torch.ByteTensor": tensor.Uint8,
	"torch.HalfTensor": tensor.Float16, "torch.BFloat16Tensor": tensor.BFloat16,
}

// isSubclass reports whether class sub is class sup or derives from it, in
// kael's small hierarchy: bool is an int, torch.Size and torch.return_types
// tuples, and everything an object.
func isSubclass(sub, sup string) bool {
	for depth := 0; sub != ""; depth++ {
		switch {
		case sub == sup || sup == "object":
			return true
		case sup == "tuple" && isReturnType(sub):
			return true
		}
		if depth > 64 {
			break // a cycle, which registration never makes
		}
		sub = classParents[sub]
	}
	return false
}

// isInstanceNamed is Python's isinstance(v, cls) for one class name.
func isInstanceNamed(v Value, cls string) bool {
	if _, ok := v.(*NamedTuple); ok && cls == "tuple" {
		return true
	}
	if d, typed := TypedTensorClasses[cls]; typed {
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
		if r, ok, err := classCheck(c, "__instancecheck__", obj); ok || err != nil {
			return r, err
		}
		if k, isClass := obj.(*UserClass); isClass { // a class, an instance of its metaclass
			return k.meta != nil && k.meta.derivesFrom(c), nil
		}
		x, isInst := obj.(*Instance)
		return isInst && x.cls.derivesFrom(c), nil
	case InstanceChecker:
		return c.InstanceCheck(obj)
	}
	if b, ok := c.(*Builtin); ok {
		if r, known := isInstanceBasic(obj, b); known {
			return r, nil
		}
	}
	name := ClassOf(c) // classArg's, without its slice
	if name == "" {
		names, err := classArg("isinstance", c)
		if err != nil {
			return false, err
		}
		name = names[0]
	}
	if x, isInst := obj.(*Instance); isInst {
		return name == "object" || isSubclass(x.cls.root(), name), nil
	}
	return isInstanceNamed(obj, name), nil
}

// basicClasses are the builtins int, float, str and bool, for
// isInstanceBasic (looked up once the builtins are defined).
var basicClasses = sync.OnceValue(func() [4]*Builtin {
	return [4]*Builtin{builtins["int"], builtins["float"], builtins["str"], builtins["bool"]}
})

// isInstanceBasic is isinstance(obj, c) where obj is an int, float, str
// or bool and c the class int, float, str or bool, the common test,
// without looking names up; known is false for any other pair.
func isInstanceBasic(obj Value, c *Builtin) (r, known bool) {
	classes := basicClasses()
	i := slices.Index(classes[:], c)
	if i < 0 {
		return false, false
	}
	switch obj.(type) {
	case int64, BigInt:
		return i == 0, true // an int is neither a float, a str nor a bool
	case float64:
		return i == 1, true
	case string:
		return i == 2, true
	case bool:
		return i == 0 || i == 3, true // a bool is an int
	}
	return false, false
}

// classCheck is isinstance(v, c) (hook "__instancecheck__") or
// issubclass(v, c) ("__subclasscheck__") as c's metaclass or a library's
// hook (ClassHooks.SubclassCheck) decides it, as CPython calls
// type(c).__instancecheck__(c, v); ok is false when neither decides. An
// instance of c itself is an instance without asking, as in CPython.
func classCheck(c *UserClass, hook string, v Value) (r, ok bool, err error) {
	inst := hook == "__instancecheck__"
	if x, isInst := v.(*Instance); inst && isInst && x.cls == c {
		return true, true, nil
	}
	if c.meta != nil {
		if fn, found := c.meta.userAttr(hook); found {
			res, err := hookedIn(sessionOf(c), func(in *interp) (Value, error) {
				return in.callMethod(fn, c, c.meta, []Value{v}, nil, nil, in.stmtNode())
			})
			if err != nil {
				return false, true, err
			}
			t, err := Truth(res)
			return t, true, err
		}
	}
	if h := c.classHooks(); inst && h != nil && h.InstanceCheck != nil {
		if r, ok, err := h.InstanceCheck(c, v); ok || err != nil {
			return r, true, err
		}
	}
	if c.checksSubclasses() {
		h := c.classHooks()
		sub := v
		if inst {
			sub = TypeOf(v)
		}
		return h.SubclassCheck(c, sub, sessionOf(c).CallHook)
	}
	return false, false, nil
}

// checksSubclasses reports whether a library's hook decides
// issubclass and isinstance for c (ClassHooks.SubclassCheck).
func (c *UserClass) checksSubclasses() bool {
	h := c.classHooks()
	return h != nil && h.SubclassCheck != nil
}

// IsSubclass is issubclass(cls, c) for one class c: a kael class, a user
// class or an InstanceChecker. cls is a class: a kael class or a user
// class.
func IsSubclass(cls, c Value) (bool, error) {
	if s, ok := cls.(ClassStandIn); ok {
		if r, known := s.SubclassOf(c); known {
			return r, nil
		}
	}
	userSub, isUser := cls.(*UserClass)
	sub := ClassOf(cls)
	if isUser {
		sub = userSub.root()
	}
	switch c := c.(type) {
	case *UserClass:
		if r, ok, err := classCheck(c, "__subclasscheck__", cls); ok || err != nil {
			return r, err
		}
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
// class, a tuple of classes (nested tuples too) or a union int | str,
// true when test holds for one.
func classTest(fn string, classinfo Value, test func(c Value) (bool, error)) (Value, error) {
	if u, ok := classinfo.(*UnionType); ok {
		classinfo = u.Args // int | str tests as (int, str), PEP 604
	}
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
	if fn == "issubclass" { // CPython's words differ between the two
		return nil, Errorf(TypeError, "issubclass() arg 2 must be a class, a tuple of classes, or a union")
	}
	return nil, Errorf(TypeError, "%s() arg 2 must be a type, a tuple of types, or a union", fn)
}

func init() {
	NewBuiltin(AsFunc, "isinstance(obj, classinfo)", "Whether obj is of the class classinfo (or of one in a tuple of classes): isinstance(x, torch.Tensor), isinstance(n, (int, float)). A bool is an int, a torch.Size a tuple. typing's List, Dict, Tuple, Set, Sequence, Mapping, Iterable, Iterator, Callable and Type, and Union[...] and Optional[...], test as in CPython; a subscripted generic (List[int]) is CPython's TypeError.", func(a *Args) (Value, error) {
		obj, classinfo := a.Value("obj"), a.Value("classinfo")
		switch classinfo.(type) {
		case Tuple, *UnionType:
		default: // one class: no walk, no closure
			return IsInstance(obj, classinfo)
		}
		return classTest("isinstance", classinfo, func(c Value) (bool, error) { return IsInstance(obj, c) })
	})
	NewBuiltin(AsFunc, "issubclass(cls, classinfo)", "Whether the class cls is classinfo or derives from it: issubclass(bool, int).", func(a *Args) (Value, error) {
		cls := a.Value("cls")
		if _, isUser := cls.(*UserClass); !isUser && ClassOf(cls) == "" && TypeName(cls) != "type" { // a library's class value (np.float32)
			return nil, Errorf(TypeError, "issubclass() arg 1 must be a class")
		}
		return classTest("issubclass", a.Value("classinfo"), func(c Value) (bool, error) { return IsSubclass(cls, c) })
	})

}
