package lang

import (
	"strings"

	"github.com/kael-dev/kael/lang/syntax"
)

// The special methods of a library value, as the extension protocols it
// implements imply them (protocols.go): an Operand has __add__, __radd__,
// __lt__, ..., a SubscriptGetter __getitem__, a Sized __len__, and so
// on, each bound to the value and running the protocol its operator or
// builtin runs; a value that is a SpecialMethodNamer has only those it
// names (and the comparisons). A binary one asks BinaryOp once, on the side its name
// says (__radd__ reflected), without the other operand's turn: a
// refusal is NotImplemented, as CPython's slot wrappers return it
// (a.__add__(x) is a + x without x.__radd__; a.__lt__(2) is NumPy's
// elementwise a < 2; a comparison BinaryOp declines is object's, which
// orders two values of a type by the type's order). An in-place one asks InPlaceOp,
// NotImplemented where it declines. They are looked up only when the
// value has no attribute of the name (missingAttr), before object's, and
// dir() lists them; a library whose class should give them unbound
// (np.ndarray.__getitem__(a, 0)) registers them with
// RegisterProtocolDunders.

// protocolDunder is one special method and the protocol that gives it.
type protocolDunder struct {
	has    func(v Value) bool
	method *Builtin
}

// protocolDunders are the special methods by name, and
// protocolDunderOrder their names in the order they are made.
var (
	protocolDunders     = map[string]protocolDunder{}
	comparisonDunders   = map[string]bool{"__eq__": true, "__ne__": true, "__lt__": true, "__le__": true, "__gt__": true, "__ge__": true}
	protocolDunderOrder []string
)

// protocolBinaryNames are the binary operators a library Operand has
// special methods for, with the reflected and in-place ones.
var protocolBinaryNames = []string{"add", "sub", "mul", "matmul", "truediv", "floordiv", "mod", "pow", "and", "or", "xor", "lshift", "rshift"}

func init() {
	def := func(name, params, doc string, has func(Value) bool, fn func(a *Args) (Value, error)) {
		sig := name + "(" + params + ")"
		if _, _, err := parseSignature(sig); err != nil {
			panic(err)
		}
		protocolDunders[name] = protocolDunder{has: has, method: &Builtin{Name: name, Sig: sig, sig: sig, Doc: doc, fn: fn}}
		protocolDunderOrder = append(protocolDunderOrder, name)
	}
	isOperand := func(v Value) bool { _, ok := v.(Operand); return ok }
	binary := func(op syntax.Token, reflected bool) func(a *Args) (Value, error) {
		return func(a *Args) (Value, error) {
			self, other := a.Value("self"), a.Value("value")
			if op == syntax.STARSTAR && !a.IsNone("mod") {
				return NotImplemented, nil // the protocols have no three-argument pow
			}
			r, ok, err := self.(Operand).BinaryOp(op, other, reflected)
			if !ok && err == nil {
				return NotImplemented, nil
			}
			return a.in.warned(r, err)
		}
	}
	for _, short := range protocolBinaryNames {
		op := dunderOps[short]
		params := "self, value"
		if short == "pow" {
			params = "self, value, mod=None"
		}
		def("__"+short+"__", params, "self "+op.String()+" value, through the value's own operator; NotImplemented where it declines.", isOperand, binary(op, false))
		def("__r"+short+"__", params, "value "+op.String()+" self, through the value's own operator; NotImplemented where it declines.", isOperand, binary(op, true))
	}
	for _, short := range []string{"eq", "ne", "lt", "le", "gt", "ge"} {
		op, name := dunderOps[short], "__"+short+"__"
		compare := binary(op, false)
		def(name, "self, value", "self "+op.String()+" value, through the value's own comparison; where it declines, object's (its own order for a value of its type, else NotImplemented).", isOperand, func(a *Args) (Value, error) {
			r, err := compare(a)
			if r == NotImplemented && err == nil {
				return valueCompareDunders[name].fn(a)
			}
			return r, err
		})
	}
	isInPlace := func(v Value) bool { _, ok := v.(InPlaceOperand); return ok }
	for _, short := range protocolBinaryNames {
		op := dunderOps[short]
		def("__i"+short+"__", "self, value", "self "+op.String()+"= value, written into the value; NotImplemented where it declines.", isInPlace, func(a *Args) (Value, error) {
			r, ok, err := a.Value("self").(InPlaceOperand).InPlaceOp(op, a.Value("value"))
			if !ok && err == nil {
				return NotImplemented, nil
			}
			return a.in.warned(r, err)
		})
	}
	isUnary := func(v Value) bool { _, ok := v.(UnaryOperand); return ok }
	for short, op := range map[string]syntax.Token{"neg": syntax.MINUS, "pos": syntax.PLUS, "invert": syntax.TILDE} {
		def("__"+short+"__", "self", op.String()+"self, the value's own unary operator.", isUnary, func(a *Args) (Value, error) {
			return a.in.warned(a.Value("self").(UnaryOperand).UnaryOp(op))
		})
	}
	builtin := func(name, fn string, has func(Value) bool) {
		def(name, "self", fn+"(self).", has, func(a *Args) (Value, error) { return a.Call(builtins[fn], a.Value("self")) })
	}
	builtin("__abs__", "abs", func(v Value) bool { _, ok := v.(HasAbs); return ok })
	builtin("__bool__", "bool", func(v Value) bool { _, ok := v.(Truther); return ok })
	builtin("__len__", "len", func(v Value) bool { _, ok := v.(Sized); return ok })
	builtin("__iter__", "iter", func(v Value) bool { _, ok := v.(Iterable); return ok && IsIterable(v) })
	isNumber := func(v Value) bool { _, ok := v.(Number); return ok }
	builtin("__float__", "float", isNumber)
	builtin("__int__", "int", isNumber)
	def("__index__", "self", "operator.index(self).", isNumber, func(a *Args) (Value, error) { return IndexValue(a.Value("self")) })
	isGetter := func(v Value) bool {
		switch v.(type) {
		case SubscriptGetter, ItemGetter:
			return true
		}
		return false
	}
	def("__getitem__", "self, key", "self[key].", isGetter, func(a *Args) (Value, error) {
		return Index(a.Value("self"), []Subscript{{Value: a.Value("key")}})
	})
	def("__setitem__", "self, key, value", "self[key] = value.", func(v Value) bool { _, ok := v.(SubscriptSetter); return ok }, func(a *Args) (Value, error) {
		return None, setIndex(a.Value("self"), []Subscript{{Value: a.Value("key")}}, a.Value("value"))
	})
	def("__delitem__", "self, key", "del self[key].", func(v Value) bool { _, ok := v.(SubscriptDeleter); return ok }, func(a *Args) (Value, error) {
		remove, err := delIndex(a.Value("self"), []Subscript{{Value: a.Value("key")}})
		if err == nil {
			err = remove()
		}
		return None, err
	})
	// a sized iterable is a container: key in self
	def("__contains__", "self, key", "key in self.", func(v Value) bool {
		_, sized := v.(Sized)
		_, iterable := v.(Iterable)
		return sized && iterable
	}, func(a *Args) (Value, error) {
		return a.Compare(syntax.IN, a.Value("key"), a.Value("self"))
	})
}

// isLibraryValue reports whether v is a value whose special methods come
// from the protocols: not an instance of a class nor a class, whose
// special methods are their own, nor a builtin type's value, whose
// special methods are CPython's (typeDunderNames: a memoryview or a
// dict_values has no __contains__).
func isLibraryValue(v Value) bool {
	switch v.(type) {
	case *Instance, *UserClass, *superValue, *Builtin, *Class, *Module:
		return false
	}
	_, builtinType := typeDunderNames[TypeName(v)]
	return !builtinType
}

// libraryDunder is v.name for a library value's special method that its
// protocols imply, bound to v; ok is false for another name.
func libraryDunder(v Value, name string) (Value, bool) {
	if len(name) < 5 || !strings.HasPrefix(name, "__") || !isLibraryValue(v) {
		return nil, false
	}
	if !hasProtocolDunder(v, name) {
		return nil, false
	}
	return &BoundMethod{Recv: v, Method: protocolDunders[name].method}, true
}

// hasProtocolDunder reports whether the library value v has the special
// method name from its protocols: one they imply, and that its
// SpecialMethodNamer names when it is one.
func hasProtocolDunder(v Value, name string) bool {
	d, ok := protocolDunders[name]
	if !ok || !d.has(v) {
		return false
	}
	if n, isNamer := v.(SpecialMethodNamer); isNamer && !comparisonDunders[name] {
		return containsWord(n.SpecialMethodNames(), name[2:len(name)-2])
	}
	return true
}

// libraryDunderNames are the names of v's special methods from its
// protocols, for dir().
func libraryDunderNames(v Value) []string {
	if !isLibraryValue(v) {
		return nil
	}
	var out []string
	for _, name := range protocolDunderOrder {
		if hasProtocolDunder(v, name) {
			out = append(out, name)
		}
	}
	return out
}

// RegisterProtocolDunders gives the class builtin b (registered with
// RegisterClass) the special methods its instances have from their
// protocols, unbound, as CPython's slot wrappers: np.ndarray.__getitem__(a,
// 0) is a[0]. instance is any value of the class, which the protocols
// are asked of. It must be called while the program initialises.
func RegisterProtocolDunders(b *Builtin, instance Value) {
	for _, name := range libraryDunderNames(instance) {
		m := protocolDunders[name].method
		RegisterClassAttr(b, name, &Builtin{Name: name, names: &builtinNames{qualName: TypeName(instance) + "." + name, descr: "slot wrapper"}, Sig: m.Sig, Doc: m.Doc, parsed: m.sharedParams(), binds: true,
			fn: func(a *Args) (Value, error) {
				if recv := a.Value("self"); TypeName(recv) != TypeName(instance) {
					return nil, Errorf(TypeError, "descriptor '%s' requires a '%s' object but received a '%s'", name, TypeName(instance), TypeName(recv))
				}
				return m.fn(a)
			}})
	}
}
