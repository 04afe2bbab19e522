package lang

import (
	"math"
	"strings"
	"sync"

	"github.com/kael-dev/kael/lang/syntax"
)

// The special methods of the builtin types, as CPython's slot wrappers:
// (1).__add__(2), 'abc'.__len__(), list.__getitem__(xs, 0),
// d.__contains__(k). Each runs the operation the operator or builtin
// runs; a binary method given an operand its type does not handle
// returns NotImplemented, as CPython's do ((1).__add__(1.5) leaves the
// sum to float.__radd__), and the types have the methods CPython 3.11's
// have (float has no __and__, str no __sub__).

// typeDunderNames are the special methods of each builtin type, those of
// dir(type) in CPython 3.11 that kael implements.
var typeDunderNames = map[string]string{
	"int":       "add sub mul truediv floordiv mod pow and or xor lshift rshift radd rsub rmul rtruediv rfloordiv rmod rpow rand ror rxor rlshift rrshift divmod rdivmod eq ne lt le gt ge neg pos invert abs bool hash repr str int float index format round trunc floor ceil getnewargs",
	"float":     "add sub mul truediv floordiv mod pow radd rsub rmul rtruediv rfloordiv rmod rpow divmod rdivmod eq ne lt le gt ge neg pos abs bool hash repr str int float format round trunc floor ceil getnewargs",
	"complex":   "add sub mul truediv pow radd rsub rmul rtruediv rpow eq ne lt le gt ge neg pos abs bool hash repr str format complex getnewargs",
	"str":       "add mul mod rmul rmod eq ne lt le gt ge len hash repr str iter contains getitem format getnewargs",
	"bytes":     "add mul mod rmul rmod eq ne lt le gt ge len hash repr str iter contains getitem format bytes getnewargs",
	"bytearray": "add mul mod rmul rmod eq ne lt le gt ge len repr str iter contains getitem setitem delitem",
	"list":      "add mul rmul iadd imul eq ne lt le gt ge len hash repr str iter contains getitem setitem delitem format reversed",
	"tuple":     "add mul rmul eq ne lt le gt ge len hash repr str iter contains getitem format getnewargs",
	// a torch.Size is a tuple (size.go)
	"torch.Size": "add mul rmul eq ne lt le gt ge len hash repr str iter contains getitem format getnewargs",
	"dict":       "or ror eq ne lt le gt ge len hash repr str iter contains getitem setitem delitem format reversed",
	"set":        "sub and or xor rsub rand ror rxor isub iand ior ixor eq ne lt le gt ge len hash repr str iter contains format",
	"frozenset":  "sub and or xor rsub rand ror rxor eq ne lt le gt ge len hash repr str iter contains format",
	"range":      "eq ne lt le gt ge bool len hash repr str iter contains getitem format reversed",
	// the dict views: a keys or items view is a set for the operators
	// and comparisons; they are unhashable (object's __hash__ is None)
	"dict_keys":   "sub and or xor rsub rand ror rxor eq ne lt le gt ge len repr iter contains reversed",
	"dict_items":  "sub and or xor rsub rand ror rxor eq ne lt le gt ge len repr iter contains reversed",
	"dict_values": "len repr iter reversed",
	"memoryview":  "eq ne lt le gt ge len hash repr iter getitem setitem delitem enter exit",
	// None and NotImplemented are true or false
	"NoneType":           "bool",
	"NotImplementedType": "bool",
}

func init() {
	typeDunderNames["bool"] = typeDunderNames["int"]
}

// dunderOps are the operators of the binary special methods.
var dunderOps = map[string]syntax.Token{
	"add": syntax.PLUS, "sub": syntax.MINUS, "mul": syntax.STAR, "truediv": syntax.SLASH,
	"floordiv": syntax.SLASHSLASH, "mod": syntax.PERCENT, "pow": syntax.STARSTAR,
	"matmul": syntax.AT, "and": syntax.AMP, "or": syntax.PIPE, "xor": syntax.CARET, "lshift": syntax.LSHIFT, "rshift": syntax.RSHIFT,
	"eq": syntax.EQL, "ne": syntax.NEQ, "lt": syntax.LT, "le": syntax.LE, "gt": syntax.GT, "ge": syntax.GE,
}

// unaryDunderOps are the operators of the unary ones.
var unaryDunderOps = map[string]syntax.Token{"neg": syntax.MINUS, "pos": syntax.PLUS, "invert": syntax.TILDE}

// dunderBuiltins are the special methods that are a builtin of one
// argument: x.__len__() is len(x).
var dunderBuiltins = map[string]string{
	"abs": "abs", "bool": "bool", "hash": "hash", "repr": "repr", "str": "str", "iter": "iter",
	"int": "int", "float": "float", "index": "operator.index", "len": "len", "reversed": "reversed",
	"complex": "complex", "bytes": "bytes",
}

// methodDescriptors are the special methods that are methods in CPython
// (method descriptors, not slot wrappers): an unbound one given a
// receiver of another type says "doesn't apply to", not "requires".
var methodDescriptors = map[string]bool{
	"__format__": true, "__round__": true, "__trunc__": true, "__floor__": true, "__ceil__": true,
	"__getnewargs__": true, "__reversed__": true, "list.__getitem__": true, "dict.__getitem__": true,
	"dict.__contains__": true, "set.__contains__": true, "frozenset.__contains__": true,
}

// isMethodDescriptor reports whether typeName's special method name is
// a method descriptor in CPython (methodDescriptors).
func isMethodDescriptor(typeName, name string) bool {
	return methodDescriptors[name] || methodDescriptors[typeName+"."+name]
}

// roundingFuncs are the float functions of __trunc__, __floor__ and
// __ceil__.
var roundingFuncs = map[string]func(float64) float64{"trunc": math.Trunc, "floor": math.Floor, "ceil": math.Ceil}

// typeDunders caches the methods by type and name.
var typeDunders sync.Map // "type.__name__" → *Builtin

// typeDunder is the special method name of the builtin type typeName,
// ok false when the type has none of that name.
func typeDunder(typeName, name string) (*Builtin, bool) {
	names, ok := typeDunderNames[typeName]
	if !ok || len(name) < 5 || !strings.HasPrefix(name, "__") || !strings.HasSuffix(name, "__") {
		return nil, false
	}
	short := name[2 : len(name)-2]
	if !containsWord(names, short) {
		return nil, false
	}
	key := typeName + "." + name
	if m, ok := typeDunders.Load(key); ok {
		return m.(*Builtin), true
	}
	m := makeTypeDunder(typeName, name, short)
	typeDunders.Store(key, m)
	return m, true
}

// containsWord reports whether the space-separated words hold w.
func containsWord(words, w string) bool {
	for _, x := range strings.Fields(words) {
		if x == w {
			return true
		}
	}
	return false
}

// typeDunderList is the names of typeName's special methods, for dir().
func typeDunderList(typeName string) []string {
	var out []string
	for _, w := range strings.Fields(typeDunderNames[typeName]) {
		out = append(out, "__"+w+"__")
	}
	return out
}

// makeTypeDunder makes the method name (short without its underscores)
// of typeName.
func makeTypeDunder(typeName, name, short string) *Builtin {
	doc := "The special method " + name + " of " + typeName + ": what the operator or builtin it stands for does."
	mk := func(sig string, fn func(a *Args) (Value, error)) *Builtin {
		_, _, err := parseSignature(sig)
		if err != nil {
			panic(err)
		}
		return &Builtin{Name: name, Sig: sig, sig: sig, Doc: doc, fn: fn}
	}
	if op, ok := dunderOps[strings.TrimPrefix(short, "i")]; ok && short[0] == 'i' {
		// an augmented assignment's method: xs.__iadd__(ys) is xs += ys
		return mk(name+"(self, value)", func(a *Args) (Value, error) {
			self, other := a.Value("self"), a.Value("value")
			if !dunderOperandFits(typeName, short[1:], other) {
				return NotImplemented, nil
			}
			if op == syntax.STAR {
				if _, err := IndexValue(other); err != nil {
					return nil, err
				}
			}
			return a.InPlace(op, self, other)
		})
	}
	reflected := false
	op, binary := dunderOps[short]
	if !binary && strings.HasPrefix(short, "r") {
		op, binary = dunderOps[short[1:]]
		reflected = binary
	}
	switch {
	case short == "pow" || short == "rpow":
		return mk(name+"(self, value, mod=None)", func(a *Args) (Value, error) {
			self, other := a.Value("self"), a.Value("value")
			if !dunderOperandFits(typeName, short, other) {
				return NotImplemented, nil
			}
			if reflected {
				self, other = other, self
			}
			if !a.IsNone("mod") {
				return a.Call(builtins["pow"], self, other, a.Value("mod"))
			}
			return a.Binary(syntax.STARSTAR, self, other)
		})
	case binary:
		return mk(name+"(self, value)", func(a *Args) (Value, error) {
			self, other := a.Value("self"), a.Value("value")
			if !dunderOperandFits(typeName, short, other) {
				return NotImplemented, nil
			}
			if op == syntax.STAR && numberRank(self) == 0 {
				// a sequence's repeat count, as sq_repeat asks it
				if _, err := IndexValue(other); err != nil {
					return nil, err
				}
			}
			if reflected {
				self, other = other, self
			}
			r, err := a.Binary(op, self, other)
			if err != nil && isComparison(op) && ToError(err).Kind == TypeError {
				return NotImplemented, nil
			}
			return r, err
		})
	}
	if op, ok := unaryDunderOps[short]; ok {
		return mk(name+"(self)", func(a *Args) (Value, error) { return a.Unary(op, a.Value("self")) })
	}
	switch short {
	case "contains":
		return mk(name+"(self, key)", func(a *Args) (Value, error) {
			return a.Compare(syntax.IN, a.Value("key"), a.Value("self"))
		})
	case "getitem":
		return mk(name+"(self, key)", func(a *Args) (Value, error) {
			return Index(a.Value("self"), []Subscript{{Value: a.Value("key")}})
		})
	case "setitem":
		return mk(name+"(self, key, value)", func(a *Args) (Value, error) {
			return None, setIndex(a.Value("self"), []Subscript{{Value: a.Value("key")}}, a.Value("value"))
		})
	case "delitem":
		return mk(name+"(self, key)", func(a *Args) (Value, error) {
			remove, err := delIndex(a.Value("self"), []Subscript{{Value: a.Value("key")}})
			if err == nil {
				err = remove()
			}
			return None, err
		})
	case "format":
		return mk(name+"(self, format_spec)", func(a *Args) (Value, error) {
			spec, ok := a.Value("format_spec").(string)
			if !ok {
				return nil, Errorf(TypeError, "%s.__format__() argument must be str, not %s", typeName, TypeName(a.Value("format_spec")))
			}
			return a.Call(builtins["format"], a.Value("self"), spec)
		})
	case "index":
		return mk(name+"(self)", func(a *Args) (Value, error) { return IndexValue(a.Value("self")) })
	case "enter":
		return mk(name+"(self)", func(a *Args) (Value, error) { return a.Value("self").(contextValue).Enter() })
	case "exit":
		return mk(name+"(self, *args)", func(a *Args) (Value, error) {
			a.Value("self").(contextValue).Exit()
			return None, nil
		})
	case "divmod", "rdivmod":
		return mk(name+"(self, value)", func(a *Args) (Value, error) {
			self, other := a.Value("self"), a.Value("value")
			if !dunderOperandFits(typeName, short, other) {
				return NotImplemented, nil
			}
			if short == "rdivmod" {
				self, other = other, self
			}
			return a.Call(builtins["divmod"], self, other)
		})
	case "round":
		return mk(name+"(self, ndigits=None)", func(a *Args) (Value, error) {
			if a.IsNone("ndigits") {
				return a.Call(builtins["round"], a.Value("self"))
			}
			if _, err := IndexValue(a.Value("ndigits")); err != nil {
				return nil, err
			}
			return a.Call(builtins["round"], a.Value("self"), a.Value("ndigits"))
		})
	case "trunc", "floor", "ceil":
		return mk(name+"(self)", func(a *Args) (Value, error) {
			if f, ok := a.Value("self").(float64); ok {
				return floatToIntValue(roundingFuncs[short](f))
			}
			return IndexValue(a.Value("self"))
		})
	case "getnewargs":
		return mk(name+"(self)", func(a *Args) (Value, error) {
			switch x := a.Value("self").(type) {
			case float64, string, Bytes:
				return Tuple{x}, nil
			case Complex:
				return Tuple{real(complex128(x)), imag(complex128(x))}, nil
			case Tuple:
				return Tuple{append(Tuple(nil), x...)}, nil
			}
			if f, ok := a.Value("self").(float64); ok {
				return Tuple{f}, nil
			}
			i, err := IndexValue(a.Value("self"))
			return Tuple{i}, err
		})
	}
	fn := builtins[dunderBuiltins[short]]
	return mk(name+"(self)", func(a *Args) (Value, error) { return a.Call(fn, a.Value("self")) })
}

// contextValue is a builtin value that is its own context manager (a
// memoryview, released on exit).
type contextValue interface {
	Enter() (Value, error)
	Exit()
}

// isComparison reports whether op is one of ==, !=, <, <=, >, >=.
func isComparison(op syntax.Token) bool {
	switch op {
	case syntax.EQL, syntax.NEQ, syntax.LT, syntax.LE, syntax.GT, syntax.GE:
		return true
	}
	return false
}

// numberRank orders the builtin numbers as CPython's arithmetic widens
// them: int (and bool) 1, float 2, complex 3; 0 for another value.
func numberRank(v Value) int {
	switch v.(type) {
	case int64, bool, BigInt:
		return 1
	case float64:
		return 2
	case Complex:
		return 3
	}
	return 0
}

// dunderOperandFits reports whether the binary special method short of
// typeName handles other, as CPython's slot does: a number takes the
// numbers no wider than itself; a set or dict operator and any
// comparison other values of its own kind (a set and a frozenset
// together); the sequences' operators take the rest, raising their
// TypeErrors.
func dunderOperandFits(typeName, short string, other Value) bool {
	switch typeName {
	case "int", "bool", "float", "complex":
		r := numberRank(other)
		return r > 0 && r <= numberRank(map[string]Value{"int": int64(0), "bool": false, "float": 0.0, "complex": Complex(0)}[typeName])
	}
	if typeName == "memoryview" { // it compares with any buffer
		switch TypeName(other) {
		case "bytes", "bytearray", "memoryview":
			return true
		}
		return false
	}
	if typeName == "dict_keys" || typeName == "dict_items" {
		if isComparison(dunderOps[short]) {
			_, err := viewOrSet(other) // a set or a keys or items view
			return err == nil
		}
		return true // a view's set operators take any iterable
	}
	op := dunderOps[strings.TrimPrefix(short, "r")]
	if short == "eq" || short == "ne" || short == "lt" || short == "le" || short == "gt" || short == "ge" {
		op = dunderOps[short]
	}
	if !isComparison(op) && typeName != "set" && typeName != "frozenset" && typeName != "dict" {
		return true
	}
	kind := func(t string) string {
		switch t {
		case "frozenset":
			return "set"
		case "bytearray":
			return "bytes"
		case "torch.Size":
			return "tuple"
		}
		return t
	}
	return kind(TypeName(other)) == kind(typeName)
}

// typeDunderValue is the special method name of the builtin type
// typeName, or None for __hash__ of the unhashable list, dict and set.
func typeDunderValue(typeName, name string) (Value, bool) {
	if name == "__hash__" {
		switch typeName {
		case "list", "dict", "set":
			return None, true
		}
	}
	m, ok := typeDunder(typeName, name)
	if !ok {
		return nil, false
	}
	return m, true
}

// boundDunder is the special method m (or None) read from the value v.
func boundDunder(v, m Value) Value {
	if b, ok := m.(*Builtin); ok {
		return &BoundMethod{Recv: v, Method: b}
	}
	return m
}

// iteratorDunders are __iter__ and __next__ of the builtin iterators
// (iter([1]).__next__(), a zip's, a map's): iter(it) and next(it).
var iteratorDunders = map[string]*Builtin{}

func init() {
	for name, fn := range map[string]string{"__iter__": "iter", "__next__": "next"} {
		iteratorDunders[name] = &Builtin{Name: name, Sig: name + "(self)", Doc: "The special method " + name + " of an iterator: " + fn + "(self).", parsed: paramList(param{name: "self"}),
			fn: func(a *Args) (Value, error) { return a.Call(builtins[fn], a.Value("self")) }}
	}
}
