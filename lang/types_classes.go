package lang

import "fmt"

// The classes of the engine's own values that Python's types module names
// and that programs call through type(x): method (types.MethodType(func,
// obj) binds a function to an object, as PyTorch code rebinds a module's
// forward), module (types.ModuleType(name), a fresh module for
// sys.modules), NoneType, ellipsis and NotImplementedType (which return
// their one value) and cell, a closure's variable, which f.__closure__
// holds.

// MethodClass is types.MethodType, the class of a function bound to an
// object (inspect.ismethod tests for it).
var MethodClass = NewBuiltin(AsValue, "method(*function_instance)",
	"method(function, instance): function bound to instance, so that calling it calls function(instance, ...).",
	func(a *Args) (Value, error) {
		args := a.Value("function_instance").(Tuple)
		if len(args) != 2 {
			return nil, Errorf(TypeError, "method expected 2 arguments, got %d", len(args))
		}
		fn, self := args[0], args[1]
		if !Callable(fn) {
			return nil, Errorf(TypeError, "first argument must be callable")
		}
		if self == None {
			return nil, Errorf(TypeError, "instance must not be None")
		}
		return &userMethod{self: self, fn: fn}, nil
	})

// ModuleClass is types.ModuleType, the class of modules.
var ModuleClass = NewBuiltin(AsValue, "module(name, doc=None)",
	"A new, empty module named name with the docstring doc, whose attributes a program assigns (a module made at run time, for sys.modules).",
	func(a *Args) (Value, error) {
		name, ok := a.Value("name").(string)
		if !ok {
			return nil, Errorf(TypeError, "module() argument 'name' must be str, not %s", typeClassName(a.Value("name")))
		}
		return &Module{Name: name, SettableAll: true, Attrs: map[string]Value{
			"__name__": name, "__doc__": a.Value("doc"), "__package__": None, "__loader__": None, "__spec__": None,
		}}, nil
	})

// singletonClass is the class of a value of which there is one (None,
// Ellipsis, NotImplemented): calling it without arguments returns it.
// shown is the name its error gives (EllipsisType for ellipsis).
func singletonClass(name, shown string, v Value) *Builtin {
	return NewBuiltin(AsValue, name+"(*args)", "The class of "+Repr(v)+": calling it returns "+Repr(v)+", its only instance.",
		func(a *Args) (Value, error) {
			if kw, _ := a.Keywords(); len(a.Value("args").(Tuple)) > 0 || len(kw) > 0 {
				return nil, Errorf(TypeError, "%s takes no arguments", shown)
			}
			return v, nil
		}).CollectKeywords()
}

// cellClass is types.CellType.
var cellClass = NewBuiltin(AsValue, "cell(*contents)",
	"A cell, a variable a closure shares with the function it was defined in: cell(value) holds value, cell() is empty.",
	func(a *Args) (Value, error) {
		args := a.Value("contents").(Tuple)
		switch len(args) {
		case 0:
			return &varCell{}, nil
		case 1:
			return &varCell{v: args[0]}, nil
		}
		return nil, Errorf(TypeError, "cell expected at most 1 argument, got %d", len(args))
	})

func init() {
	RegisterClass(MethodClass, "method")
	RegisterClass(ModuleClass, "module")
	RegisterClass(cellClass, "cell")
	RegisterClass(singletonClass("NoneType", "NoneType", None), "NoneType")
	RegisterClass(singletonClass("ellipsis", "EllipsisType", EllipsisType{}), "ellipsis")
	RegisterClass(singletonClass("NotImplementedType", "NotImplementedType", NotImplemented), "NotImplementedType")
}

// TypeName returns "cell".
func (*varCell) TypeName() string { return "cell" }

// PyRepr is <cell at 0x...: int object at 0x...>, or <cell at 0x...: empty>.
func (c *varCell) PyRepr() string {
	if c.v == nil {
		return fmt.Sprintf("<cell at %#x: empty>", ID(c))
	}
	return fmt.Sprintf("<cell at %#x: %s object at %#x>", ID(c), shortClassName(typeClassName(c.v)), ID(c.v))
}

// String is the repr.
func (c *varCell) String() string { return c.PyRepr() }

// Attr gives cell_contents, the variable's value.
func (c *varCell) Attr(name string) (Value, bool) {
	if name == "cell_contents" && c.v != nil {
		return c.v, true
	}
	return nil, false
}

// AttrNames lists cell_contents.
func (c *varCell) AttrNames() []string { return []string{"cell_contents"} }

// SetAttr assigns cell_contents, the variable the closure shares.
func (c *varCell) SetAttr(name string, v Value) error {
	if name != "cell_contents" {
		return Errorf(AttributeError, "'cell' object has no attribute '%s'", name)
	}
	c.v = v
	return nil
}

// closureOf is f.__closure__: the cells of the variables of enclosing
// functions f uses, in co_freevars' order, or None when there are none.
func closureOf(f *Function) Value {
	if len(f.free) == 0 {
		return None
	}
	out := make(Tuple, len(f.free))
	for i, c := range f.free {
		out[i] = c
	}
	return out
}
