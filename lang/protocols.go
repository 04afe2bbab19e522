package lang

import (
	"image"

	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// The extension protocols: the interfaces through which the engine
// reaches a value implemented in Go outside its core types (tensors,
// numbers, str, list, tuple, dict, None). A library's type implements the
// ones it needs; the engine asks for them by interface, never by naming
// the library's type. All of them are declared here, each with the
// engine's own types that implement it checked below; a library checks
// its types the same way beside them:
//
//	var _ lang.Iterable = (*Tool)(nil)
//
// The core types need none of these: the engine handles them directly,
// on its fast paths (ADR 0003).
type (
	// HasAttrs is implemented by values with named attributes and methods
	// of their own, such as optimizers: x.name asks Attr, dir(x) and
	// completion ask AttrNames.
	HasAttrs interface {
		Attr(name string) (Value, bool)
		AttrNames() []string
	}

	// AttrSetter is implemented by values whose attributes can be
	// assigned, x.name = v.
	AttrSetter interface {
		SetAttr(name string, value Value) error
	}

	// AttrDeleter is implemented by library values whose attributes can
	// be deleted, del x.name: it checks that the deletion can run and
	// returns what runs it, as SubscriptDeleter does for items.
	AttrDeleter interface {
		DelAttr(name string) (run func() error, err error)
	}

	// ItemGetter is implemented by values that can be indexed, v[key], as
	// Python objects with __getitem__.
	ItemGetter interface {
		GetItem(key Value) (Value, error)
	}

	// SubscriptGetter is implemented by values indexed with slices as
	// well as keys, seq[1:3]: it gets the evaluated subscripts.
	SubscriptGetter interface {
		GetSubscript(subs []Subscript) (Value, error)
	}

	// SubscriptSetter is implemented by values with item assignment,
	// seq[i] = v and d['key'] = v.
	SubscriptSetter interface {
		SetSubscript(subs []Subscript, value Value) error
	}

	// SubscriptDeleter is implemented by library values with item
	// deletion, del d['key']: it checks that the deletion can run and
	// returns what runs it, so that a del of several targets checks them
	// all first; one without deletion returns Python's TypeError.
	SubscriptDeleter interface {
		DelSubscript(subs []Subscript) (run func() error, err error)
	}

	// Mapping is implemented by library values that are mappings
	// (os.environ): dict(m), d.update(m) and {**m} take their items.
	Mapping interface {
		MappingItems() (keys, vals []Value, err error)
	}

	// Sized is implemented by values with len().
	Sized interface {
		Length() (int64, error)
	}

	// Iterable is implemented by values that can be looped over: sets,
	// iterators, datasets. Iterate calls yield for each element until
	// yield returns false.
	Iterable interface {
		Iterate(yield func(Value) bool) error
	}

	// HasIter is implemented by an Iterable whose Python counterpart may
	// lack __iter__ (a Dataset loops through __getitem__; only a container
	// module has __iter__): isinstance(x, typing.Iterable) asks it. An
	// Iterable without HasIter has __iter__.
	HasIter interface {
		HasIter() bool
	}

	// Equaler is implemented by values with an == of their own (devices,
	// ranges, sets): a == b asks a, then b.
	Equaler interface {
		Equal(other Value) bool
	}

	// Hashable is implemented by values that can be dict keys and set
	// elements: HashKey returns a text that identifies the value among
	// those of its type (equal values, equal texts), or a TypeError.
	Hashable interface {
		HashKey() (string, error)
	}

	// HashesAs is implemented by library numbers that hash as the Python
	// number they equal, as NumPy's scalars do (hash(np.int16(5)) ==
	// hash(5)): hash(x), dict keys and set elements use HashesAs's value.
	HashesAs interface {
		HashesAs() Value
	}

	// PythonHasher is implemented by library values whose hash() is a
	// number CPython defines (a decimal's that no int or float equals),
	// which they key dicts with their HashKey.
	PythonHasher interface {
		PythonHash() (int64, error)
	}

	// TypeNamer is implemented by values that name their Python type,
	// type(x).__name__ and the messages of errors: "itertools.product",
	// "torch.nn.Linear".
	TypeNamer interface {
		TypeName() string
	}

	// ClassNamer is implemented by values whose class, as type() and
	// isinstance see it, has a qualified name beside their TypeName:
	// "torch.nn.modules.linear.Linear" for a Linear, "torch.optim.SGD".
	ClassNamer interface {
		ClassName() string
	}

	// Typer is implemented by values whose type(), when PyType returns
	// it (not nil), is a class value of their library's (a namedtuple's
	// class).
	Typer interface {
		PyType() Value
	}

	// Descriptor is implemented by class attributes that decide what
	// reading them through an instance gives, as Python's __get__: a
	// cached function binds as a method, a cached_property computes its
	// value once. Reading them through the class gives them.
	Descriptor interface {
		Get(obj Value) (Value, error)
	}

	// Reprer is implemented by values with a repr() of their own, which
	// the REPL shows.
	Reprer interface {
		PyRepr() string
	}

	// RichRepr is implemented by values that have representations beyond
	// text/plain, by MIME type (text/markdown, text/latex, text/html); a
	// notebook shows the richest, a terminal the text.
	RichRepr interface {
		MIME() map[string]string
	}

	// Drawing is a value that front ends show as a picture rather than as
	// text: a figure. The kernel sends PNG (and SVG) in display_data; the
	// REPL draws Image in the terminal.
	Drawing interface {
		PNG() ([]byte, error)
		SVG() ([]byte, error)
		Image() (image.Image, error)
	}

	// Operand is implemented by library values with Python's binary
	// operators and rich comparisons, as NumPy's arrays and scalars and
	// datetime's dates and durations: a op b asks a (reflected false),
	// then b (reflected true), before the engine's own rules. ok false is
	// Python's NotImplemented: the engine goes on as if the value had no
	// operators. op is the operator's token (syntax.PLUS, syntax.LT,
	// syntax.EQL, ...). An arithmetic result that comes with warnings
	// is returned as a *Warned error (the engine issues them); so may
	// UnaryOp's and Abs's.
	Operand interface {
		BinaryOp(op syntax.Token, other Value, reflected bool) (result Value, ok bool, err error)
	}

	// SpecialMethodNamer is implemented by a library value whose Python
	// type has only some of the special methods its protocols imply
	// (protocol_dunders.go): a date's + and -, a path's /, none for a
	// torch.nn.Linear, whose Go type also serves Sequential.
	// SpecialMethodNames lists those it has, without underscores ("add
	// radd sub rsub"); a value without it has all its protocols imply.
	// The comparisons, which object gives every value, are not listed.
	SpecialMethodNamer interface {
		SpecialMethodNames() string
	}

	// UnaryOperand is implemented by library values with -x, +x and ~x.
	UnaryOperand interface {
		UnaryOp(op syntax.Token) (Value, error)
	}

	// InPlaceOperand is implemented by mutable library values whose
	// augmented assignment writes into them, as NumPy's a += 1 does:
	// ok false falls back to a = a op b.
	InPlaceOperand interface {
		InPlaceOp(op syntax.Token, other Value) (result Value, ok bool, err error)
	}

	// Truther is implemented by library values with a truth value of their
	// own (bool(x), if x:), which may be an error, as an array's is when it
	// has several elements.
	Truther interface {
		Truth() (bool, error)
	}

	// Number is implemented by library scalars that Python code uses as
	// numbers: float(x), int(x) and x as an index (Python's __float__,
	// __int__ and __index__). Index is ok only for integers.
	Number interface {
		Float() (float64, bool)
		Index() (int64, bool)
	}

	// ArrayProvider is implemented by library values that hold a tensor of
	// kael's core, as a NumPy array does: torch.from_numpy and
	// torch.as_tensor share it, torch.tensor copies it. The tensor is the
	// array's own storage, not a copy.
	ArrayProvider interface {
		ArrayTensor() *tensor.Tensor
	}

	// ScalarRefuser is implemented by library values that stand for a
	// number only when they hold one element (NumPy's arrays): the error
	// they give where Python needs a number of that kind and they hold
	// several (NotAScalar).
	ScalarRefuser interface {
		ScalarError(kind ScalarKind) error
	}

	// NegativeStrider is implemented by arrays that may read their memory
	// backwards (NumPy's a[::-1]); ArrayTensor gives such an array's
	// elements as a copy, and torch refuses to share or copy it, as
	// PyTorch does.
	NegativeStrider interface {
		NegativeStrides() bool
	}

	// Nexter is implemented by iterators of Go types that make their
	// elements one at a time (os.walk): next(it) asks Next, which reports
	// false at the end.
	Nexter interface {
		Next() (v Value, ok bool, err error)
	}

	// PathLike is implemented by values that stand for a file system path,
	// as Python's os.PathLike (pathlib's paths): open() and the os
	// functions take them where they take a str.
	PathLike interface {
		FSPath() string
	}

	// HasAbs is implemented by values with an abs() of their own.
	HasAbs interface {
		Abs() (Value, error)
	}

	// Orderer is implemented by values with an order of their own: x < y
	// asks x, then y; ok false means the two do not compare, with err the
	// TypeError to raise when it is not the generic one.
	Orderer interface {
		Order(other Value) (cmp int, ok bool, err error)
	}

	// SpecFormatter is implemented by values with a __format__ of their
	// own: format(x, spec) and f'{x:spec}' (a date's strftime).
	SpecFormatter interface {
		FormatSpec(spec string) (string, error)
	}

	// DictHolder is implemented by values whose attributes live in a dict
	// of their own (argparse.Namespace): vars(x) returns it, and writes
	// through it.
	DictHolder interface {
		VarsDict() *Dict
	}

	// InstanceChecker is implemented by values that isinstance and
	// issubclass take in place of a class, as Python's __instancecheck__
	// and __subclasscheck__: typing's List and Union[int, str].
	InstanceChecker interface {
		// InstanceCheck is isinstance(obj, c).
		InstanceCheck(obj Value) (bool, error)
		// SubclassCheck is issubclass(cls, c); cls is a class.
		SubclassCheck(cls Value) (bool, error)
	}

	// ClassStandIn is implemented by library values that stand for a
	// class without being one (numpy's np.matrix, a class of each
	// session's run of a source module): issubclass(x, c) asks them
	// first, and takes their answer where known is true.
	ClassStandIn interface {
		SubclassOf(c Value) (result, known bool)
	}

	// Helper is implemented by library values whose help() is a text of
	// their own, as pydoc shows an object's docstring: a NumPy ufunc's.
	Helper interface {
		HelpText() string
	}

	// SequenceOrderer is implemented by library sequences that order as
	// lists do among values of their kind (collections.deque): a < b (<=,
	// >, >=, and sorted's order) compares the element lists that
	// SequenceOrder gives, as CPython compares two lists: the first pair
	// that is not equal decides by the operator, else the lengths. ok
	// false when other is not of the kind: the other operand's turn, then
	// the comparison's TypeError.
	SequenceOrderer interface {
		SequenceOrder(other Value) (mine, others []Value, ok bool)
	}

	// ReverseIterMaker is implemented by library sequences with a
	// reversed() of their own, Python's __reversed__ (a deque's reverse
	// iterator, which sees the deque change under it).
	ReverseIterMaker interface {
		ReverseIter() (Value, error)
	}
)

// The engine's types and the protocols they implement.
var (
	_ HasAttrs        = (*Class)(nil)
	_ HasAttrs        = (*UserClass)(nil)
	_ HasAttrs        = (*Instance)(nil)
	_ HasAttrs        = (*NamedTuple)(nil)
	_ HasAttrs        = (*ContextManager)(nil)
	_ HasAttrs        = (*DisplayHandle)(nil)
	_ AttrSetter      = (*Instance)(nil)
	_ AttrSetter      = (*UserClass)(nil)
	_ AttrSetter      = (*NamedTuple)(nil)
	_ ItemGetter      = (*Instance)(nil)
	_ SubscriptGetter = (*Instance)(nil)
	_ SubscriptGetter = Bytes{}
	_ SubscriptSetter = (*Instance)(nil)
	_ Sized           = (*Instance)(nil)
	_ Sized           = Bytes{}
	_ Iterable        = (*Instance)(nil)
	_ Iterable        = (*Iterator)(nil)
	_ Iterable        = (*NamedTuple)(nil)
	_ Iterable        = (*Set)(nil)
	_ Iterable        = Bytes{}
	_ Equaler         = (*Class)(nil)
	_ Equaler         = (*Instance)(nil)
	_ Equaler         = (*NamedTuple)(nil)
	_ Equaler         = (*Range)(nil)
	_ Equaler         = (*Set)(nil)
	_ Equaler         = Bytes{}
	_ Hashable        = (*Class)(nil)
	_ Hashable        = (*UserClass)(nil)
	_ Hashable        = (*Instance)(nil)
	_ Hashable        = (*NamedTuple)(nil)
	_ Hashable        = (*Set)(nil)
	_ Hashable        = Bytes{}
	_ Hashable        = (*GenericAlias)(nil)
	_ Hashable        = (*UnionType)(nil)
	_ TypeNamer       = (*Instance)(nil)
	_ TypeNamer       = (*Iterator)(nil)
	_ TypeNamer       = (*NamedTuple)(nil)
	_ TypeNamer       = (*Set)(nil)
	_ TypeNamer       = (*RichText)(nil)
	_ TypeNamer       = (*DisplayHandle)(nil)
	_ Typer           = (*NamedTuple)(nil)
	_ Reprer          = (*Instance)(nil)
	_ Reprer          = (*NamedTuple)(nil)
	_ Reprer          = (*Set)(nil)
	_ Reprer          = Bytes{}
	_ RichRepr        = (*Instance)(nil)
	_ RichRepr        = (*RichText)(nil)
	_ RichRepr        = (*Diagram)(nil)
	_ Reprer          = (*Diagram)(nil)
)

// arrayMaker makes the library array that shares a tensor's storage, for
// Tensor.numpy(): the NumPy library registers it.
var arrayMaker func(t *tensor.Tensor) (Value, error)

// RegisterArrayMaker sets what Tensor.numpy() returns for a tensor: the
// NumPy library's array over the same storage, or its error for a dtype
// it has no arrays of.
func RegisterArrayMaker(f func(t *tensor.Tensor) (Value, error)) { arrayMaker = f }

// MakeArray returns the library array over t's storage, and false when no
// library registered one.
func MakeArray(t *tensor.Tensor) (Value, bool, error) {
	if arrayMaker == nil {
		return nil, false, nil
	}
	v, err := arrayMaker(t)
	return v, true, err
}

// operandBinary is a op b through the Operand protocol: ok false when
// neither side implements it or both answer NotImplemented.
func operandBinary(op syntax.Token, a, b Value) (Value, bool, error) {
	if x, isOperand := a.(Operand); isOperand {
		if r, ok, err := x.BinaryOp(op, b, false); ok || err != nil {
			return r, true, err
		}
	}
	if y, isOperand := b.(Operand); isOperand {
		if r, ok, err := y.BinaryOp(op, a, true); ok || err != nil {
			return r, true, err
		}
	}
	return nil, false, nil
}

// ScalarKind is the kind of Python number a conversion needs.
type ScalarKind int

const (
	ScalarReal    ScalarKind = iota // float(), int(), math's functions, '%f'
	ScalarComplex                   // complex()
	ScalarIndex                     // an index or a count (operator.index)
)

// NotAScalar returns the error a tensor or a library array that is no
// single number gives where Python needs a number of kind k, as PyTorch's
// and NumPy's conversions word it (float(t) of a two-element tensor is
// PyTorch's ValueError, math.sqrt(a) of a NumPy array NumPy's TypeError),
// or nil for any other value: the caller's own error stands.
func NotAScalar(v Value, k ScalarKind) error {
	if t, ok := v.(*tensor.Tensor); ok {
		switch {
		case k == ScalarIndex:
			return notAnInteger(v)
		case t.Numel() != 1:
			return Errorf(ValueError, "only one element tensors can be converted to Python scalars")
		}
		return nil
	}
	if r, ok := v.(ScalarRefuser); ok {
		return r.ScalarError(k)
	}
	return nil
}
