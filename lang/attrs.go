package lang

import (
	"maps"
	"sync"
	"sync/atomic"

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
	// Settable names the attributes a program may assign, as
	// torch.backends.cudnn.benchmark = True; the others of kael's own
	// modules are read-only.
	Settable map[string]bool
	// SettableAll lets a program assign any attribute (builtins.x = v).
	SettableAll bool
	// OnSet, when set, runs before a Settable attribute is assigned;
	// its error refuses the assignment.
	OnSet func(name string, v Value) error
	// file is set for a module made from a Python file: its globals
	// are its attributes too (modules_file.go).
	file *fileModule
	// version counts the assignments to Attrs after the module was made
	// (SetAttr), read and written atomically: a call site that
	// remembers an attribute (moduleAttrCache) reads it again when the
	// count moved. Code other than SetAttr changes Attrs only while it
	// builds the module, before a program can read it.
	version uint64
}

// moduleAttrCache is a site's memory of the attribute name of one module
// (math.sqrt in math.sqrt(x), math.pi): the value read from Attrs, valid
// while the module's version stays, or for a module of a Python file the
// cell of its global, valid while it is bound (rebinding writes the
// cell). A site that finds it valid reads no map; anything else takes
// getAttr, and a value found there is remembered.
type moduleAttrCache struct {
	mod     *Module
	version uint64
	cell    *varCell // a file module's global, else nil
	val     Value
}

// get returns what c remembers of m's attribute, nil when it remembers
// nothing valid.
func (c *moduleAttrCache) get(m *Module) Value {
	if c.mod != m {
		return nil
	}
	if c.cell != nil {
		return c.cell.v // nil when the global was deleted
	}
	if atomic.LoadUint64(&m.version) != c.version {
		return nil
	}
	return c.val
}

// put remembers v, which getAttr found as m's attribute name, when it is
// m's own: a global of a file module, or an entry of Attrs.
func (c *moduleAttrCache) put(m *Module, name string, v Value) {
	*c = moduleAttrCache{}
	if m.file != nil {
		if i, ok := m.file.globals.index[name]; ok && identical(m.file.globals.cells[i].v, v) {
			*c = moduleAttrCache{mod: m, cell: m.file.globals.cells[i]}
		}
		return
	}
	version := atomic.LoadUint64(&m.version)
	if a, ok := m.Attrs[name]; ok && identical(a, v) {
		*c = moduleAttrCache{mod: m, version: version, val: v}
	}
}

// attribute is a read-only (or settable) property of tensors.
type attribute struct {
	doc string
	get func(t *tensor.Tensor) (Value, error)
	set func(t *tensor.Tensor, v Value) error
}

// attributes are the tensor properties reachable without a call: x.T,
// x.shape, x.dtype, ..., which libraries add with RegisterTensorAttr.
var attributes = map[string]attribute{}

// NewSize returns the torch.Size of shape, as x.shape gives it.
func NewSize(shape []int) *List {
	out := make([]Value, len(shape))
	for i, s := range shape {
		out[i] = int64(s)
	}
	return &List{Elems: out, size: true}
}

// getAttr evaluates v.name.
func getAttr(v Value, name string) (Value, error) {
	switch v.(type) {
	case *Instance, *UserClass, *superValue:
		return hooked(v, func(in *interp) (Value, error) { return in.getAttr(v, name) })
	}
	switch x := v.(type) {
	case *tensor.Tensor:
		loadLibraries() // a tensor's attributes and methods are a library's
		if a, ok := attributes[name]; ok {
			return a.get(x)
		}
		if m, ok := methods[name]; ok {
			return &BoundMethod{Recv: x, Method: m}, nil
		}
		return missingAttr(v, name, Methods())
	case *Module:
		if a, ok := x.attr(name); ok {
			return a, nil
		}
		if name == "__annotations__" {
			return x.emptyAnnotations(), nil
		}
		if v, ok := valueDunder(x, name); ok {
			return v, nil
		}
		err := Errorf(AttributeError, "module '%s' has no attribute '%s'", x.Name, name).withName(name, x)
		err.Hint = x.missingHint(name)
		return nil, err
	case *GradFnValue:
		if name == "next_functions" {
			return x.nextFunctions(), nil
		}
		if m, ok := typeMethods[gradFnClass][name]; ok { // its type is the node's name, not gradFnClass
			return &BoundMethod{Recv: x, Method: m}, nil
		}
		return missingAttr(v, name, attrNames(v))
	case *Builtin:
		if x == objectType {
			if m, ok := objectAttrOf(name); ok {
				return m, nil
			}
		} else if isTensorClass(x) {
			if m, ok := methods[name]; ok { // torch.Tensor.add(t, 1): the method, the tensor first
				return m, nil
			}
		}
		if v, ok := builtinDunder(x, name); ok {
			return v, nil
		}
		if name == "__call__" && ClassOf(x) == "" {
			return callWrapper(x), nil
		}
		if v, ok := classAttrs[x][name]; ok {
			return v, nil
		}
		if v, ok := builtinClassAttr(ClassOf(x), name); ok {
			return v, nil
		}
	case *BoundMethod:
		if v, ok := boundMethodDunder(x, name); ok {
			return v, nil
		}
	case *Iterator, *lazyIterator:
		if m, ok := iteratorDunders[name]; ok {
			return &BoundMethod{Recv: v, Method: m}, nil
		}
	case HasAttrs:
		if a, ok := x.Attr(name); ok {
			return a, nil
		}
		return missingAttr(v, name, x.AttrNames())
	}
	if d, ok := v.(*Dict); ok && d.kind != nil {
		if d.kind.Attr != nil {
			if a, ok := d.kind.Attr(d, name); ok {
				return a, nil
			}
		}
		if m := kindMethod(d, name); m != nil {
			return &BoundMethod{Recv: v, Method: m}, nil
		}
		if m, ok := typeMethods["dict"][name]; ok {
			return &BoundMethod{Recv: v, Method: m}, nil
		}
		if m, ok := typeDunderValue("dict", name); ok {
			return boundDunder(v, m), nil
		}
		return missingAttr(v, name, append(sortedKeys(typeMethods[d.kind.Name]), sortedKeys(typeMethods["dict"])...))
	}
	if p, ok := typeProperties[TypeName(v)][name]; ok {
		return p(v), nil
	}
	if m, ok := typeDunderValue(TypeName(v), name); ok {
		return boundDunder(v, m), nil
	}
	if table := typeMethods[TypeName(v)]; table != nil {
		if m, ok := table[name]; ok {
			return &BoundMethod{Recv: v, Method: m}, nil
		}
		if f, ok := classFunctions[TypeName(v)][name]; ok {
			return f, nil
		}
		return missingAttr(v, name, sortedKeys(table))
	}
	return missingAttr(v, name, nil)
}

// unboundMethods holds the functions str.lower, list.append, ... by the
// method, so that str.lower is str.lower.
var unboundMethods sync.Map // *Builtin → *Builtin

// unboundMethod is class.name, the method m called with its receiver as
// the first argument: sorted(words, key=str.lower). A receiver of another
// type is CPython's TypeError, worded as for a slot wrapper (int.__add__)
// when slot is true; a bool is an int's receiver, as an int (int.__repr__(True)
// is '1'). As CPython's method descriptors, it binds as a function does
// when a class stores it (__getattr__ = dict.__getitem__), and takes an
// instance of a class derived from class, running on the value the
// instance keeps (dict.__setitem__(self, k, v) in a dict subclass).
func unboundMethod(class string, m *Builtin, slot bool) *Builtin {
	if f, ok := unboundMethods.Load(m); ok {
		return f.(*Builtin)
	}
	descr := "method"
	if slot {
		descr = "slot wrapper"
	}
	f := &Builtin{Name: m.Name, names: &builtinNames{qualName: class + "." + m.Name, descr: descr}, Sig: m.Sig, Doc: m.Doc, parsed: m.sharedParams(), acceptsKeywords: m.acceptsKeywords, binds: true}
	f.fn = func(a *Args) (Value, error) {
		recv := a.Value("self")
		if b, isBool := recv.(bool); isBool && class == "int" {
			if m.Name != "__str__" && m.Name != "__format__" { // object.__str__ and int.__format__ show the bool
				a.vals[a.b.paramIndex("self")] = boolInt(b)
			}
			return m.fn(a)
		}
		if x, isInst := recv.(*Instance); isInst {
			inner := containerOf(valueOf(x))
			_, isDict := inner.(*Dict)
			if inner != Value(x) && (TypeName(inner) == class || class == "dict" && isDict) {
				a.vals[a.b.paramIndex("self")] = inner
				return m.fn(a)
			}
		}
		if TypeName(recv) != class {
			if slot {
				return nil, Errorf(TypeError, "descriptor '%s' requires a '%s' object but received a '%s'", m.Name, class, TypeName(recv))
			}
			return nil, Errorf(TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object", m.Name, class, TypeName(recv))
		}
		return m.fn(a)
	}
	actual, _ := unboundMethods.LoadOrStore(m, f)
	return actual.(*Builtin)
}

func attrError(v Value, name string, candidates []string) *Error {
	err := Errorf(AttributeError, "'%s' object has no attribute '%s'", TypeName(v), name).withName(name, v)
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
	if d, ok := v.(*Dict); ok && d.kind != nil && d.kind.SetAttr != nil {
		if handled, err := d.kind.SetAttr(d, name, value); handled || err != nil {
			return err
		}
	}
	t, ok := v.(*tensor.Tensor)
	if !ok {
		if _, isProp := typeProperties[TypeName(v)][name]; isProp {
			return Errorf(AttributeError, "attribute '%s' of '%s' objects is not writable", name, TypeName(v))
		}
		if _, isInst := v.(*Module); !isInst {
			if _, err := getAttr(v, name); err != nil {
				return Errorf(AttributeError, "'%s' object has no attribute '%s'", TypeName(v), name)
			}
		}
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
	name, _, err := parseSignature(sig)
	if err != nil {
		panic(err)
	}
	if typeMethods[typeName] == nil {
		typeMethods[typeName] = map[string]*Builtin{}
	}
	typeMethods[typeName][name] = &Builtin{Name: name, Sig: sig, sig: sig, Doc: doc, fn: fn}
}

// dtypeNames are the dtypes reachable as global names. bool is the builtin
// function bool(), which also names the bool dtype where a dtype is
// expected, as in PyTorch (dtype=bool).
var dtypeNames = map[string]tensor.DType{
	"float32": tensor.Float32, "float64": tensor.Float64, "int64": tensor.Int64,
	"float16": tensor.Float16, "bfloat16": tensor.BFloat16, "int32": tensor.Int32,
	"int16": tensor.Int16, "int8": tensor.Int8, "uint8": tensor.Uint8,
	"complex64": tensor.Complex64, "complex128": tensor.Complex128,
}

// IsTorchDType reports whether d is one of PyTorch's dtypes: every kael
// dtype but NumPy's wider unsigned integers (uint16, uint32, uint64),
// which the torch module does not name.
func IsTorchDType(d tensor.DType) bool {
	if d == tensor.Bool {
		return true
	}
	dd, ok := dtypeNames[d.String()]
	return ok && dd == d
}

// The properties of a dtype, as torch.dtype has them.
func init() {
	defProperty("is_floating_point", func(v Value) Value { return v.(tensor.DType).IsFloating() }, "dtype")
	defProperty("is_signed", func(v Value) Value { return v.(tensor.DType).IsSigned() }, "dtype")
	defProperty("is_complex", func(v Value) Value { return v.(tensor.DType).IsComplex() }, "dtype")
}

// BuiltinDType maps the builtins float, int and bool to the dtypes they name
// when passed as a dtype.
func BuiltinDType(b *Builtin) (tensor.DType, bool) {
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

// globalValue resolves a name that is not a variable, defining the
// libraries (libraries.go) when no table has it.
func globalValue(name string) (Value, bool) {
	if v, ok := definedGlobal(name); ok || !loadOnMiss() {
		return v, ok
	}
	return definedGlobal(name)
}

// definedGlobal resolves a name that is not a variable in the tables as
// they are: a library not yet defined is not asked. The compiler looks
// names up with it ahead of time; a miss is looked up again, with
// globalValue, when the name is read.
func definedGlobal(name string) (Value, bool) {
	if b, ok := builtins[name]; ok {
		return b, true
	}
	if d, ok := dtypeNames[name]; ok {
		return d, true
	}
	if m, ok := modules()[name]; ok {
		return m, true
	}
	if v, ok := builtinConstants[name]; ok {
		return v, true
	}
	if c, ok := exceptionClasses[name]; ok {
		return c, true
	}
	return nil, false
}

// builtinConstants are the constants of Python's builtins module that are
// neither keywords nor callables.
var builtinConstants = map[string]Value{
	"NotImplemented": NotImplemented,
	"Ellipsis":       EllipsisType{},
	"__debug__":      true, // kael has no -O: assert statements always run
}

// globalNames lists every predefined name.
func globalNames() []string {
	names := Builtins() // defines the libraries
	for n := range dtypeNames {
		names = append(names, n)
	}
	for n := range modules() {
		names = append(names, n)
	}
	for n := range exceptionClasses {
		names = append(names, n)
	}
	for n := range builtinConstants {
		names = append(names, n)
	}
	return names
}

// modules returns the predefined modules, reachable without an import:
// those the linked libraries registered with RegisterGlobalModule (torch,
// F, optim and math with lang/std). They come from the module registry,
// built once on first use (after every library has registered), safely
// when sessions run concurrently; one that does not import is absent.
func modules() map[string]*Module {
	if librariesLoaded.Load() {
		return modulesLoaded()
	}
	return modulesBefore()
}

// modulesBefore and modulesLoaded are the predefined modules before and
// after the libraries are defined (libraries.go): a library registers its
// global modules when it is defined.
var modulesBefore, modulesLoaded = sync.OnceValue(globalModuleTable), sync.OnceValue(globalModuleTable)

func globalModuleTable() map[string]*Module {
	globalModulesMu.Lock()
	paths := maps.Clone(globalModules)
	globalModulesMu.Unlock()
	out := map[string]*Module{}
	for name, path := range paths {
		if m, err := importModule(path); err == nil {
			out[name] = m
		}
	}
	return out
}

// RegisterTensorAttr adds the tensor property name (x.shape, x.grad): get
// reads it; set, when not nil, assigns it (x.grad = g). doc is its help
// text. It must be called while the program initialises.
func RegisterTensorAttr(name, doc string, get func(t *tensor.Tensor) (Value, error), set func(t *tensor.Tensor, v Value) error) {
	if _, dup := attributes[name]; dup {
		panic("duplicate tensor attribute " + name)
	}
	attributes[name] = attribute{doc: doc, get: get, set: set}
}

// RegisterTypeMethod adds the method b to the values whose TypeName is
// typeName (torch.Size, grad_fn): b's first parameter is self. It must be
// called while the program initialises.
func RegisterTypeMethod(typeName string, b *Builtin) {
	if typeMethods[typeName] == nil {
		typeMethods[typeName] = map[string]*Builtin{}
	}
	typeMethods[typeName][b.Name] = b
}

// DTypeNames returns the dtypes reachable as global names, by name.
func DTypeNames() map[string]tensor.DType { return maps.Clone(dtypeNames) }

// IsSize reports whether l is a torch.Size (x.shape) rather than a list.
func (l *List) IsSize() bool { return l.size }

// methodTables holds the methods of library values by type name, for the
// language reference: Generator, Optimizer, Module, ...
var methodTables = map[string]map[string]*Builtin{}

// RegisterMethodTable records the methods of a library's value type
// (what its Attr gives), by the type's name, for the language reference.
// It must be called while the program initialises.
func RegisterMethodTable(typeName string, methods map[string]*Builtin) {
	methodTables[typeName] = methods
}

// missingAttr is getAttr's answer for a name v has no attribute of: its
// class for __class__ (which every Python object has), else the
// AttributeError.
func missingAttr(v Value, name string, candidates []string) (Value, error) {
	if d, ok := libraryDunder(v, name); ok {
		return d, nil
	}
	if g, ok := v.(goContextManager); ok {
		if d, ok := goContextDunder(g, name); ok {
			return d, nil
		}
	}
	if _, isInst := v.(*Instance); !isInst {
		if d, ok := valueDunder(v, name); ok {
			return d, nil
		}
	}
	if name == "__class__" {
		return TypeOf(v), nil
	}
	if c := ClassOf(v); c != "" {
		err := Errorf(AttributeError, "type object '%s' has no attribute '%s'", shortClassName(c), name).withName(name, v)
		err.Hint = suggestHint(name, candidates)
		return nil, err
	}
	return nil, attrError(v, name, candidates)
}

// isTensorClass reports whether b is torch.Tensor or one of the
// dtype-specific tensor classes (torch.FloatTensor), whose attributes
// are the tensor methods.
func isTensorClass(b *Builtin) bool {
	c, ok := classBuiltins[b] // the tensor classes are all a library's
	if !ok {
		return false
	}
	_, typed := TypedTensorClasses[c]
	return c == "torch.Tensor" || typed
}
