package lang

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// The special methods of user classes: operators (__add__ and the
// reflected __radd__, comparisons), the container protocol (__len__,
// __getitem__, __setitem__, __iter__, __contains__), conversions
// (__bool__, __repr__, __str__, __hash__, __eq__) and the notebook's
// _repr_html_. Operators and calls from compiled code run them in the
// calling frame; Go code without a frame (Repr, equal, hashing) runs them
// through the session (Session.callHook).

// binaryDunders names the method and the reflected method of each binary
// operator.
var binaryDunders = map[syntax.Token][2]string{
	syntax.PLUS: {"__add__", "__radd__"}, syntax.MINUS: {"__sub__", "__rsub__"},
	syntax.STAR: {"__mul__", "__rmul__"}, syntax.SLASH: {"__truediv__", "__rtruediv__"},
	syntax.SLASHSLASH: {"__floordiv__", "__rfloordiv__"}, syntax.PERCENT: {"__mod__", "__rmod__"},
	syntax.STARSTAR: {"__pow__", "__rpow__"}, syntax.AT: {"__matmul__", "__rmatmul__"},
	syntax.AMP: {"__and__", "__rand__"}, syntax.PIPE: {"__or__", "__ror__"},
	syntax.CARET: {"__xor__", "__rxor__"}, syntax.LSHIFT: {"__lshift__", "__rlshift__"},
	syntax.RSHIFT: {"__rshift__", "__rrshift__"},
}

// compareDunders names the method of each comparison and the one of the
// other operand tried next (a < b is b > a).
var compareDunders = map[syntax.Token][2]string{
	syntax.EQL: {"__eq__", "__eq__"}, syntax.NEQ: {"__ne__", "__ne__"},
	syntax.LT: {"__lt__", "__gt__"}, syntax.LE: {"__le__", "__ge__"},
	syntax.GT: {"__gt__", "__lt__"}, syntax.GE: {"__ge__", "__le__"},
}

// unaryDunders names the method of each unary operator.
var unaryDunders = map[syntax.Token]string{syntax.MINUS: "__neg__", syntax.PLUS: "__pos__", syntax.TILDE: "__invert__"}

// supportedDunders are the special methods kael calls; a class defining
// another one is refused (compile_class.go), so that nothing is silently
// ignored.
var supportedDunders = map[string]bool{
	"__init__": true, "__call__": true, "__repr__": true, "__str__": true, "__len__": true,
	"__getitem__": true, "__setitem__": true, "__iter__": true, "__next__": true, "__contains__": true,
	"__eq__": true, "__ne__": true, "__hash__": true, "__bool__": true, "__getattr__": true,
	"__doc__": true, "__module__": true, "__qualname__": true, "__annotations__": true,
	"__delitem__": true, "__getattribute__": true, "__setattr__": true, "__delattr__": true,
	"__get__": true, "__set__": true, "__delete__": true, "__set_name__": true,
	"__init_subclass__": true, "__slots__": true, "__new__": true, "__prepare__": true, "__format__": true, "__missing__": true, "__match_args__": true,
	"__dir__": true, "__instancecheck__": true, "__subclasscheck__": true, "__subclasshook__": true,
	"__round__": true,
}

func init() {
	for _, d := range binaryDunders {
		supportedDunders[d[0]], supportedDunders[d[1]], supportedDunders[inPlaceName(d[0])] = true, true, true
	}
	for _, d := range compareDunders {
		supportedDunders[d[0]] = true
	}
	for _, d := range unaryDunders {
		supportedDunders[d] = true
	}
}

// dunderHints explain the special methods kael refuses.
var dunderHints = map[string]string{}

// callSpecial calls x's special method name with args in frame in; ok is
// false when the classes do not define it.
func (in *interp) callSpecial(x *Instance, name string, args ...Value) (Value, bool, error) {
	v, _, ok := x.cls.lookup(name)
	if !ok {
		return nil, false, nil
	}
	if _, none := v.(NoneType); none {
		return nil, false, nil // __hash__ = None
	}
	r, err := in.callMethod(v, x, x.cls, args, nil, nil, in.stmtNode())
	return r, true, err
}

// callMethod calls the class attribute v read through obj (a method, a
// classmethod, a staticmethod, any callable) with args; a plain function
// is called with obj first without making a bound method.
func (in *interp) callMethod(v, obj Value, cls *UserClass, args []Value, kwNames []string, kwVals []Value, at syntax.Node) (Value, error) {
	f, ok := v.(*Function)
	if !ok {
		return in.call(bindClassAttr(v, obj, cls), args, kwNames, kwVals, at)
	}
	var buf [4]Value // the arguments stay on the stack: calls keep no slice
	pos := buf[:0]
	if len(args)+1 > len(buf) {
		pos = make([]Value, 0, len(args)+1)
	}
	pos = append(append(pos, obj), args...)
	return in.callFunction(f, pos, kwNames, kwVals, at)
}

// hook calls x's special method name from Go code without a frame.
func (x *Instance) hook(name string, args ...Value) (Value, bool, error) {
	if _, _, ok := x.cls.lookup(name); !ok {
		// Nothing to call: no frame to make (an exception of a builtin
		// class, raised, asks for a __str__ it does not have; its class
		// has no session, and hookFrame would start one).
		return nil, false, nil
	}
	var found bool
	r, err := hooked(x, func(in *interp) (Value, error) {
		r, ok, err := in.callSpecial(x, name, args...)
		found = ok
		return r, err
	})
	return r, found, err
}

// userBinary applies a binary operator when an operand is an instance of a
// user class: a.__op__(b), then b.__rop__(a), as in Python.
func (in *interp) userBinary(op syntax.Token, a, b Value) (Value, error) {
	if names, ok := binaryDunders[op]; ok {
		if r, done, err := in.specialPair(a, b, names); done {
			return r, err
		}
	}
	if r, ok := in.valueBinary(op, a, b); ok {
		return r, nil
	}
	if r, ok, err := librarySeqBinary(op, a, b); ok || err != nil {
		return r, err
	}
	if op == syntax.STAR { // a sequence repeated by an instance's __index__
		if IsBuiltinSequence(a) && !IsBuiltinSequence(b) {
			return repeatBy(a, b)
		}
		if IsBuiltinSequence(b) && !IsBuiltinSequence(a) {
			return repeatBy(b, a)
		}
	}
	return nil, operandError(op, a, b)
}

// librarySeqBinary is a op b between a library sequence that orders as a
// list (SequenceOrderer: a deque) and an instance that has no method for
// it, as CPython's sequence slots take them: + of a deque subclass's
// instance (which has no __radd__), * of an __index__, else the
// sequence's TypeError.
func librarySeqBinary(op syntax.Token, a, b Value) (Value, bool, error) {
	for i, pair := range [2][2]Value{{a, b}, {b, a}} {
		x, isOp := pair[0].(Operand)
		y, isInstance := pair[1].(*Instance)
		if !isOp || !isInstance || isUserValue(pair[0]) {
			continue
		}
		if _, isSeq := pair[0].(SequenceOrderer); isSeq && (op == syntax.STAR || op == syntax.PLUS) {
			if r, ok, err := x.BinaryOp(op, y, i == 1); ok || err != nil {
				return r, true, err
			}
		}
	}
	return nil, false, nil
}

// specialPair calls a.names[0](b), then b.names[1](a), for the operands
// that are instances of user classes; done is false when neither has the
// method or both return NotImplemented.
func (in *interp) specialPair(a, b Value, names [2]string) (r Value, done bool, err error) {
	for i, pair := range [2][2]Value{{a, b}, {b, a}} {
		x, isX := pair[0].(*Instance)
		if !isX {
			continue
		}
		r, found, err := in.callSpecial(x, names[i], pair[1])
		if err != nil || found && r != NotImplemented {
			return r, true, err
		}
	}
	return nil, false, nil
}

// augmented is cur op= v for values other than tensors and lists: a user
// object's in-place method (__iadd__, ...) when its class defines one,
// else cur op v; the caller stores the result, as Python does.
func (in *interp) augmented(op syntax.Token, cur, v Value, at syntax.Node) (Value, error) {
	if x, ok := cur.(*Instance); ok {
		if names, ok := binaryDunders[op]; ok {
			r, found, err := in.callSpecial(x, inPlaceName(names[0]), v)
			if err != nil || found && r != NotImplemented {
				return r, err
			}
		}
	}
	if x, ok := cur.(InPlaceOperand); ok {
		if r, ok, err := x.InPlaceOp(op, v); ok || err != nil {
			return in.warned(r, err) // NumPy's floating-point warnings
		}
	}
	r, err := in.binary(op, cur, v, at)
	if err != nil {
		return nil, inPlaceError(err, op, cur, v)
	}
	return r, nil
}

// inPlaceContainer updates cur in place with v when it is a list (+=
// extends it by any iterable, *= repeats it, as list.__iadd__ and
// __imul__ do; the guards of list + list apply to the grown list) or a
// set (|=, &=, -=, ^= with another set, as set.__ior__ ... do) or a
// dict (|= stores a mapping's entries or pairs, as dict.__ior__; a
// subclass's own in-place operators, as Counter's +=); ok is false for
// anything else.
func (in *interp) inPlaceContainer(op syntax.Token, cur, v Value, at syntax.Node) (ok bool, err error) {
	switch c := cur.(type) {
	case *List:
		if c.size {
			return false, nil // a torch.Size is a tuple: size += t makes a new one
		}
		switch op {
		case syntax.PLUS: // extend's amortised append, not a copy of the list per +=
			return true, extendList(c, v)
		case syntax.STAR:
		default:
			return false, nil
		}
		if isUserValue(v) {
			return false, nil // its __rmul__ first, then its __index__, as cur * v
		}
		r, err := repeatBy(c, v)
		if err != nil {
			return true, err
		}
		c.Elems = r.(*List).Elems
		return true, nil
	case *Set:
		switch op {
		case syntax.PIPE, syntax.AMP, syntax.MINUS, syntax.CARET:
		default:
			return false, nil
		}
		if c.frozen {
			return false, nil // frozenset |= x rebinds to a new frozenset
		}
		o, isSet := v.(*Set)
		if !isSet {
			return true, Errorf(TypeError, "unsupported operand type(s) for %s=: '%s' and '%s'", op, TypeName(cur), TypeName(v))
		}
		return true, c.inPlace(op, o) // the set itself, in CPython's order (set_ior, set_iand...)
	case *Dict:
		if op == syntax.PIPE {
			return true, c.inPlaceOr(v)
		}
		if c.kind != nil && c.kind.InPlace != nil {
			return c.kind.InPlace(op, c, v)
		}
	}
	return false, nil
}

// inPlaceName is the in-place form of a binary method: __iadd__ for
// __add__.
func inPlaceName(name string) string { return "__i" + name[2:] }

// userUnary applies -x, +x or ~x to an instance of a user class.
func (in *interp) userUnary(op syntax.Token, x *Instance) (Value, error) {
	if name, ok := unaryDunders[op]; ok {
		if r, found, err := in.callSpecial(x, name); found || err != nil {
			return r, err
		}
	}
	return nil, Errorf(TypeError, "bad operand type for unary %s: '%s'", op, x.cls.Name)
}

// userCompare applies a comparison when an operand is an instance of a user
// class: a.__lt__(b), then b.__gt__(a); == and != fall back to identity.
func (in *interp) userCompare(op syntax.Token, a, b Value) (Value, error) {
	if r, done, err := in.specialPair(a, b, compareDunders[op]); done {
		return r, err
	}
	switch op {
	case syntax.EQL:
		return identical(a, b), nil
	case syntax.NEQ:
		eq, err := in.userCompare(syntax.EQL, a, b)
		if err != nil {
			return nil, err
		}
		t, err := Truth(eq)
		return !t, err
	}
	return nil, Errorf(TypeError, "'%s' not supported between instances of '%s' and '%s'", op, TypeName(a), TypeName(b))
}

// userOrder orders a and b for sorted, min and max when one is an instance
// of a user class, by its __lt__.
func userOrder(a, b Value) (int, error) {
	x, ok := a.(*Instance)
	if !ok {
		x = b.(*Instance)
	}
	return hooked(x, func(in *interp) (int, error) { return in.order(a, b) })
}

// order is userOrder in a frame.
func (in *interp) order(a, b Value) (int, error) {
	return orderThroughLess(a, b, func(x, y Value) (Value, error) { return in.userCompare(syntax.LT, x, y) })
}

// Equal is == from Go code (list ==, list.index, in): __eq__, else
// identity.
func (x *Instance) Equal(other Value) bool {
	r, err := hooked(x, func(in *interp) (Value, error) { return in.userCompare(syntax.EQL, x, other) })
	if err == nil {
		var t bool
		if t, err = Truth(r); err == nil {
			return t
		}
	}
	x.cls.sess.hookFailed(err)
	return false
}

// HashKey hashes by identity, or by __hash__; a class that defines __eq__
// without __hash__ is unhashable, as in Python.
func (x *Instance) HashKey() (string, error) {
	n, ok, err := x.userHash()
	switch {
	case err != nil:
		return "", err
	case ok:
		return "u" + strconv.FormatInt(n, 10), nil
	case isValueInstance(x): // hashes as its value: {A(3): 1}[3]
		return hashKey(x.Native())
	}
	return fmt.Sprintf("obj@%p", x), nil
}

// userHash is what x's __hash__ returns; ok is false for a class that
// hashes by identity. A class that defines __eq__ without __hash__, or
// sets __hash__ = None, is unhashable, as in Python.
func (x *Instance) userHash() (int64, bool, error) {
	for _, k := range x.cls.mro() {
		if h, ok := k.attrs["__hash__"]; ok {
			if _, none := h.(NoneType); none {
				return 0, false, x.unhashable()
			}
			if x.cls.hashesByBase(h) {
				return 0, false, nil // the native base's HashValue hashes it
			}
			r, _, err := x.hook("__hash__")
			if err != nil {
				return 0, false, err
			}
			n, ok := r.(int64)
			if b, isBool := r.(bool); isBool {
				n, ok = boolInt(b), true // bool is an int, as in Python
			}
			if !ok {
				return 0, false, Errorf(TypeError, "__hash__ method should return an integer")
			}
			return n, true, nil
		}
		if _, ok := k.attrs["__eq__"]; ok {
			return 0, false, x.unhashable()
		}
	}
	if _, none := x.cls.base().methods()["__hash__"].(NoneType); none {
		return 0, false, x.unhashable() // list and dict subclasses
	}
	return 0, false, nil
}

// definesHash reports whether c's instances hash by a __hash__ of a user
// class (userHash calls it) rather than by identity: then equal hashes do
// not make equal keys, and a dict compares such keys with ==.
func (c *UserClass) definesHash() bool {
	for _, k := range c.mro() {
		if h, ok := k.attrs["__hash__"]; ok {
			if vh, isValue := c.ValueHash(); isValue && h == vh {
				return false // the value base's: hashes as the value
			}
			if c.hashesByBase(h) {
				return false // the native base's HashValue
			}
			_, none := h.(NoneType)
			return !none
		}
		if _, ok := k.attrs["__eq__"]; ok {
			return false
		}
	}
	return false
}

// hashesByBase reports whether h, the __hash__ a class of c's chain
// defines, is its native base's own __hash__ method, which a class that
// defines __eq__ names to keep hashing by the base's HashValue (decimal's
// Decimal: __hash__ = _decimal.base_hash keeps Decimal(1) the key 1).
func (c *UserClass) hashesByBase(h Value) bool {
	b := c.base()
	if b.HashValue == nil {
		return false
	}
	bh, ok := b.methods()["__hash__"]
	return ok && bh == h
}

// unhashable is the error of hashing an object whose class compares by
// __eq__ without a __hash__.
func (x *Instance) unhashable() error {
	return Errorf(TypeError, "unhashable type: '%s'", x.cls.Name).
		WithHint("a class that defines __eq__ needs __hash__ too to be a dict key or set element")
}

// truth is bool(x): __bool__, else __len__() != 0, else True.
func (x *Instance) truth() (bool, error) {
	if r, ok, err := x.hook("__bool__"); ok || err != nil {
		if err != nil {
			return false, err
		}
		b, isBool := r.(bool)
		if !isBool {
			return false, Errorf(TypeError, "__bool__ should return bool, returned %s", TypeName(r))
		}
		return b, nil
	}
	if x.HasOwn("__len__") {
		n, err := x.Length()
		return n != 0, err
	}
	return true, nil
}

// Length is len(x), from __len__.
func (x *Instance) Length() (int64, error) {
	r, ok, err := x.hook("__len__")
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, Errorf(TypeError, "object of type '%s' has no len()", x.cls.Name)
	}
	n, isInt := AsInt(r)
	if _, isFloat := r.(float64); isFloat || !isInt {
		return 0, Errorf(TypeError, "'%s' object cannot be interpreted as an integer", TypeName(r))
	}
	if n < 0 {
		return 0, Errorf(ValueError, "__len__() should return >= 0")
	}
	return n, nil
}

// GetItem is x[key], from __getitem__.
func (x *Instance) GetItem(key Value) (Value, error) {
	r, ok, err := x.hook("__getitem__", key)
	if !ok && err == nil {
		return nil, Errorf(TypeError, "'%s' object is not subscriptable", x.cls.Name)
	}
	return r, err
}

// setItem is x[key] = v, from __setitem__.
func (x *Instance) setItem(key, v Value) error {
	_, ok, err := x.hook("__setitem__", key, v)
	if !ok && err == nil {
		return Errorf(TypeError, "'%s' object does not support item assignment", x.cls.Name)
	}
	return err
}

// contains is item in x, from __contains__; ok is false without one
// (contains then iterates, as Python does).
func (x *Instance) contains(item Value) (found, ok bool, err error) {
	r, ok, err := x.hook("__contains__", item)
	if !ok || err != nil {
		return false, ok, err
	}
	found, err = Truth(r)
	return found, true, err
}

// Iterate loops over x: over what __iter__ returns, or, for a class with
// __getitem__ only, over x[0], x[1], ... until __getitem__ raises
// IndexError, as in Python (raise IndexError, or an index
// out of range in __getitem__'s own code raises one).
func (x *Instance) Iterate(yield func(Value) bool) error {
	if r, ok, err := x.hook("__iter__"); ok || err != nil {
		if err != nil {
			return err
		}
		if it, ok := r.(*Instance); ok {
			return it.iterateNext(yield)
		}
		if err := notIterator(r); err != nil {
			return err
		}
		return Iterate(r, yield)
	}
	if !x.HasOwn("__getitem__") {
		return NotIterable(x.cls.Name).
			WithHint("define __iter__ (returning an iterable) or __getitem__ in class %s", x.cls.Name)
	}
	for i := int64(0); ; i++ {
		if err := PollInterrupt(int(i)); err != nil {
			return err
		}
		v, err := x.GetItem(i)
		if err != nil {
			if ToError(err).Kind == IndexError {
				return nil
			}
			return err
		}
		if !yield(v) {
			return nil
		}
	}
}

// sequenceIterator is iter(x) for a class with __getitem__ and no
// __iter__: an iterator that asks for x[0], x[1], ... one at a time, as
// next() wants them, until __getitem__ raises IndexError.
func (x *Instance) sequenceIterator() Value {
	i := int64(0)
	return NewLazyIterator("iterator", func() (Value, bool, error) {
		v, err := x.GetItem(i)
		if err != nil {
			if ToError(err).Kind == IndexError {
				return nil, false, nil
			}
			return nil, false, err
		}
		i++
		return v, true, nil
	})
}

// iterResult is what a loop iterates when its code has called __iter__
// itself (a comprehension's first iterable, as CPython's GET_ITER): r, or
// for an instance, its __next__ calls, as Instance.Iterate iterates what
// __iter__ returned (an iterator class need not define __iter__ too).
func iterResult(r Value) (Value, error) {
	if it, ok := r.(*Instance); ok {
		return nextCalls{it}, nil
	}
	if err := notIterator(r); err != nil {
		return nil, err
	}
	return r, nil
}

// notIterator is CPython's TypeError for r, what an __iter__ returned,
// when r is certainly no iterator: an instance without __next__, a list,
// tuple, dict, set, str or other value of the core that next() cannot
// step, a library container that makes its iterators (IterMaker, a
// deque). A library's own iterator that the engine does not know as one
// (a file, itertools.count) passes, as do the engine's iterators.
func notIterator(r Value) error {
	if isIterator(r) {
		return nil
	}
	switch x := r.(type) {
	case *Instance:
		return x.iterateNext(nil) // its TypeError: no __next__
	case Nexter:
		return nil
	case *List, Tuple, *Dict, *dictView, *Set, *Range, string, Bytes, *ByteArray, *NamedTuple,
		*tensor.Tensor, NoneType, bool, int64, float64, BigInt, Complex, IterMaker:
		e := Errorf(TypeError, "iter() returned non-iterator of type '%s'", TypeName(r))
		e.Err = errNonIterator
		return e
	}
	return nil
}

// errNonIterator marks notIterator's error, which x in y words as
// CPython's _PySequence_IterSearch: argument of type 'R' is not iterable.
var errNonIterator = errors.New("iter() returned non-iterator")

// nextCalls iterates an instance by its __next__ (iterateNext).
type nextCalls struct{ it *Instance }

func (n nextCalls) Iterate(yield func(Value) bool) error { return n.it.iterateNext(yield) }

// iterateNext steps x, an iterator that __iter__ returned, calling its
// __next__ until that raises StopIteration.
func (x *Instance) iterateNext(yield func(Value) bool) error {
	if !x.HasOwn("__next__") {
		e := Errorf(TypeError, "iter() returned non-iterator of type '%s'", x.cls.Name).
			WithHint("define __next__ in class %s, or let __iter__ return an iterable (return iter(self.items))", x.cls.Name)
		e.Err = errNonIterator
		return e
	}
	for i := 0; ; i++ {
		if err := PollInterrupt(i); err != nil {
			return err
		}
		v, _, err := x.hook("__next__")
		if err != nil {
			if isStopIteration(err) {
				return nil
			}
			return err
		}
		if !yield(v) {
			return nil
		}
	}
}

// PyRepr is repr(x): __repr__, else the builtin base's, else
// <__main__.Net object at 0x...>.
func (x *Instance) PyRepr() string {
	if s, ok := x.TextOf("__repr__"); ok {
		return s
	}
	if b := x.cls.base(); b.Repr != nil {
		if s, ok := b.Repr(x); ok {
			return s
		}
	}
	return x.defaultRepr()
}

// String is str(x): __str__, else repr(x).
func (x *Instance) String() string {
	if s, ok := x.TextOf("__str__"); ok {
		return s
	}
	if b := x.cls.base(); b.Str != nil {
		if s, ok := b.Str(x); ok {
			return s
		}
	}
	return x.PyRepr()
}

// text calls a special method that returns a string (__repr__, __str__,
// _repr_html_); a failure is recorded for the caller to raise.
func (x *Instance) TextOf(name string) (string, bool) {
	r, ok, err := x.hook(name)
	if !ok {
		return "", false
	}
	if err == nil {
		if s, isStr := r.(string); isStr {
			return s, true
		}
		err = Errorf(TypeError, "%s returned non-string (type %s)", name, TypeName(r))
	}
	x.cls.sess.hookFailed(err)
	return x.defaultRepr(), true
}

// MIME gives a notebook the rich forms of x its class defines
// (_repr_html_, _repr_markdown_, _repr_latex_); nil without any.
func (x *Instance) MIME() map[string]string {
	var out map[string]string
	for name, mime := range map[string]string{"_repr_html_": "text/html", "_repr_markdown_": "text/markdown", "_repr_latex_": "text/latex"} {
		if !x.HasOwn(name) {
			continue
		}
		if s, ok := x.TextOf(name); ok {
			if out == nil {
				out = map[string]string{}
			}
			out[mime] = s
		}
	}
	return out
}

// SetSubscript is x[subs] = v, from __setitem__.
func (x *Instance) SetSubscript(subs []Subscript, v Value) error {
	if c, ok := x.nativeContainer("__setitem__"); ok {
		return setIndex(c, subs, v)
	}
	key, err := x.itemKey(subs)
	if err != nil {
		return err
	}
	return x.setItem(key, v)
}

// GetSubscript is x[subs], from __getitem__, which receives a slice
// object for a:b:c.
func (x *Instance) GetSubscript(subs []Subscript) (Value, error) {
	if c, ok := x.nativeContainer("__getitem__"); ok {
		if _, isList := c.(*List); isList || len(subs) != 1 || subs[0].IsSlice {
			return Index(c, subs) // slices reach the list itself
		}
	}
	key, err := x.itemKey(subs)
	if err != nil {
		return nil, err
	}
	return x.GetItem(key)
}

// itemKey is the key __getitem__ and __setitem__ receive: the subscript,
// or a tuple of several.
// A slice a:b:c is the slice object slice(a, b, c).
func (x *Instance) itemKey(subs []Subscript) (Value, error) { return itemKey(subs) }

// itemKey is the key a special method receives for subscripts subs.
func itemKey(subs []Subscript) (Value, error) {
	if len(subs) == 1 && !subs[0].IsSlice {
		return subs[0].Value, nil
	}
	key := make(Tuple, len(subs))
	for i, s := range subs {
		key[i] = s.Value
		if s.IsSlice {
			key[i] = &Slice{Start: s.Lo, Stop: s.Hi, Step: s.Step}
		}
	}
	if len(key) == 1 {
		return key[0], nil
	}
	return key, nil
}
