package numpy

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"sync"

	"github.com/kael-dev/kael/internal/pyrepr"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// Scalar is a NumPy scalar, np.float32(1.5) or what indexing an array
// down to one element and reducing it whole give: one value with a dtype.
// It holds a 0-d tensor of its own. It computes as a 0-d array does and
// is a number to Python (float(x), int(x), range(n), list indices).
type Scalar struct{ t *tensor.Tensor }

var (
	_ lang.Operand       = (*Scalar)(nil)
	_ lang.UnaryOperand  = (*Scalar)(nil)
	_ lang.Number        = (*Scalar)(nil)
	_ lang.Truther       = (*Scalar)(nil)
	_ lang.ArrayProvider = (*Scalar)(nil)
	_ lang.Reprer        = (*Scalar)(nil)
	_ lang.HasAttrs      = (*Scalar)(nil)
	_ lang.HashesAs      = (*Scalar)(nil)
	_ lang.Equaler       = (*Scalar)(nil)
)

// scalarTypeName is the class of NumPy's scalars of a dtype: float64,
// bool_.
func scalarTypeName(dt tensor.DType) string {
	if info, ok := npDTypes[dt]; ok {
		return info.class
	}
	return dt.String()
}

// TypeName returns numpy.float64 and the like.
func (s *Scalar) TypeName() string { return "numpy." + scalarTypeName(s.t.DType()) }

// ClassName returns the scalar's class for isinstance.
func (s *Scalar) ClassName() string { return s.TypeName() }

// ArrayTensor returns the scalar's 0-d tensor.
func (s *Scalar) ArrayTensor() *tensor.Tensor { return s.t }

func (s *Scalar) item() lang.Value {
	if s.t.DType() == tensor.Uint64 {
		return uint64Item(s.t)
	}
	v, _ := s.t.Item()
	if c, ok := v.(complex128); ok {
		return lang.Complex(c)
	}
	return v
}

// FormatSpec is format(x, spec) as NumPy's scalars do it: the Python
// bool, int or float the scalar holds, formatted (so f"{np.float32(0.1)}"
// shows the float32's exact value, 0.10000000149011612, as NumPy's does).
func (s *Scalar) FormatSpec(spec string) (string, error) { return lang.Format(s.item(), spec) }

// Float is float(x).
func (s *Scalar) Float() (float64, bool) {
	switch x := s.item().(type) {
	case float64:
		return x, true
	case int64:
		return float64(x), true
	case bool:
		if x {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// Index is operator.index(x): integers and bools only.
func (s *Scalar) Index() (int64, bool) {
	switch x := s.item().(type) {
	case int64:
		return x, true
	case bool:
		if x {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// Truth is bool(x).
func (s *Scalar) Truth() (bool, error) { return lang.Truth(s.item()) }

// PyRepr is NumPy 1.24's repr of a scalar: 1.5, 0.1 for a float32 0.1,
// 3, True.
func (s *Scalar) PyRepr() string { return scalarText(s.t.DType(), s.item()) }

// String is str(x), the same text.
func (s *Scalar) String() string { return s.PyRepr() }

// scalarText formats one value as NumPy prints a scalar of its dtype.
func scalarText(dt tensor.DType, v lang.Value) string {
	switch x := v.(type) {
	case bool:
		if x {
			return "True"
		}
		return "False"
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return floatScalarText(dt, x)
	case complex128:
		return complexScalarText(dt.ToReal(), x)
	case lang.Complex:
		return complexScalarText(dt.ToReal(), complex128(x))
	}
	return lang.Repr(v)
}

// floatScalarText is a float's repr at its dtype's precision: the
// shortest digits that give the value back.
func floatScalarText(dt tensor.DType, x float64) string {
	if dt == tensor.Float32 {
		return pyrepr.Float32(float32(x))
	}
	if dt == tensor.Float16 {
		return pyrepr.Float(shortestHalf(x))
	}
	return pyrepr.Float(x)
}

// complexScalarText is NumPy's repr of a complex scalar, Python's form
// with each part at the precision of real (float32 or float64): (1+2j),
// 1j, (-0-1j).
func complexScalarText(real_ tensor.DType, c complex128) string {
	part := func(x float64) string { return strings.TrimSuffix(floatScalarText(real_, x), ".0") }
	re, im := real(c), imag(c)
	imText := part(im)
	if !math.Signbit(im) || math.IsNaN(im) {
		imText = "+" + imText
	}
	if re == 0 && !math.Signbit(re) {
		return strings.TrimPrefix(imText, "+") + "j"
	}
	return "(" + part(re) + imText + "j)"
}

// Equal is == giving a Python bool, for dict lookups and list.index.
func (s *Scalar) Equal(other lang.Value) bool {
	r, ok, err := s.BinaryOp(syntax.EQL, other, false)
	if !ok || err != nil {
		return false
	}
	b, err := lang.Truth(r)
	return err == nil && b
}

// HashesAs is the Python number the scalar equals, whose hash is the
// scalar's (hash(np.int16(5)) == hash(5), hash(np.float32(0.1)) ==
// hash(float(np.float32(0.1)))), so that np.int64(1) and 1 are one dict
// key.
func (s *Scalar) HashesAs() lang.Value { return s.item() }

// SpecialMethodNames are the special methods a NumPy scalar has from
// its protocols: the operators but @, and __index__ for an integer
// (lang.SpecialMethodNamer).
func (s *Scalar) SpecialMethodNames() string {
	names := "add radd sub rsub mul rmul truediv rtruediv floordiv rfloordiv mod rmod pow rpow and rand or ror xor rxor lshift rlshift rshift rrshift neg pos invert abs bool float int"
	if _, isInt := s.Index(); isInt {
		names += " index"
	}
	return names
}

// BinaryOp is NumPy's arithmetic and comparison on scalars.
// A result that overflowed, or divided by zero, comes with NumPy's
// RuntimeWarning (or FloatingPointError) as np.seterr says.
func (s *Scalar) BinaryOp(op syntax.Token, other lang.Value, reflected bool) (lang.Value, bool, error) {
	if op == syntax.STAR && lang.IsBuiltinSequence(other) {
		// NumPy's scalars defer to the sequence: [1, 2] * np.int64(2)
		// repeats the list by the scalar's __index__ (a float scalar is
		// CPython's "can't multiply sequence by non-int" TypeError).
		return nil, false, nil
	}
	// a scalar has no @, and leaves 'x' + s to str's concatenation error
	if op != syntax.AT && !(reflected && op == syntax.PLUS) {
		if err, ok := textOperandError(op, s, other, reflected); ok {
			return nil, true, err
		}
	}
	r, ok, err := binaryOp(op, s, other, reflected)
	if !ok || err != nil {
		return r, ok, err
	}
	a, b := lang.Value(s), other
	if reflected {
		a, b = b, a
	}
	if _, isScalar := r.(*Scalar); isScalar && isPlainScalarOperand(a) && isPlainScalarOperand(b) {
		return r, true, scalarBinaryErrors(op, a, b, r)
	}
	return r, true, arrayOpErrors(op, a, b, r, true)
}

// Abs is abs(x): the magnitude, a float for a complex scalar.
func (s *Scalar) Abs() (lang.Value, error) {
	r, err := absolute(s.t)
	if err != nil {
		return nil, err
	}
	return r, scalarUnaryErrors("absolute", s.t, r)
}

// UnaryOp is -x, +x, ~x.
func (s *Scalar) UnaryOp(op syntax.Token) (lang.Value, error) {
	r, err := unaryOp(op, s.t)
	if err != nil || op != syntax.MINUS {
		return r, err
	}
	return r, scalarUnaryErrors("negative", s.t, r)
}

// Attr gives dtype, shape, ndim, size, itemsize, real, imag and the
// methods item, tolist, astype, is_integer.
func (s *Scalar) Attr(name string) (lang.Value, bool) {
	switch name {
	case "dtype":
		return dtypeOf(s.t.DType()), true
	case "shape":
		return lang.Tuple{}, true
	case "ndim":
		return int64(0), true
	case "size":
		return int64(1), true
	case "itemsize", "nbytes":
		return int64(s.t.DType().Size()), true
	case "T":
		return s, true
	case "real":
		r, _ := realPart(s.t)
		return &Scalar{t: r}, true
	case "imag":
		r, _ := imagPart(s.t)
		return &Scalar{t: r}, true
	}
	if m, ok := scalarMethods[name]; ok {
		return &lang.BoundMethod{Recv: s, Method: m}, true
	}
	if m, ok := scalarArrayMethods()[name]; ok {
		return &lang.BoundMethod{Recv: s, Method: m}, true
	}
	return nil, false
}

// AttrNames lists the attributes.
func (s *Scalar) AttrNames() []string {
	names := append([]string{"T", "dtype", "imag", "itemsize", "nbytes", "ndim", "real", "shape", "size"}, sortedKeys(scalarMethods)...)
	return append(names, sortedKeys(scalarArrayMethods())...)
}

// inPlaceArrayMethods are the ndarray methods that write into the array,
// which a NumPy scalar, immutable, does not offer.
var inPlaceArrayMethods = map[string]bool{"sort": true, "fill": true, "setflags": true, "resize": true, "itemset": true, "put": true, "partition": true}

// scalarArrayMethods are the ndarray methods a NumPy scalar has too
// (np.float32(2.5).round(), x.sum(), x.clip(0, 1), x.reshape(1)): each
// runs the array's method on the scalar as a 0-d array, and a 0-d
// result is a scalar again, as NumPy's numpy.generic gives.
var scalarArrayMethods = sync.OnceValue(func() map[string]*lang.Builtin {
	out := map[string]*lang.Builtin{}
	for name, m := range arrayMethods {
		if _, own := scalarMethods[name]; own || inPlaceArrayMethods[name] {
			continue
		}
		out[name] = lang.NewBuiltin(lang.AsValue, name+"(self, *args, **kwargs)", m.Doc, func(a *lang.Args) (lang.Value, error) {
			self := a.Value("self").(*Scalar)
			names, vals := a.Keywords()
			r, err := a.CallKw(&lang.BoundMethod{Recv: wrapArray(self.t), Method: m}, a.Value("args").(lang.Tuple), names, vals)
			if arr, ok := r.(*Array); ok && err == nil && arr.store.Dim() == 0 {
				return &Scalar{t: arr.store}, nil
			}
			return r, err
		}).CollectKeywords()
	}
	return out
})

var scalarMethods = map[string]*lang.Builtin{
	"item": lang.NewBuiltin(lang.AsValue, "item(self)", "The scalar as a Python number.", func(a *lang.Args) (lang.Value, error) {
		return a.Value("self").(*Scalar).item(), nil
	}),
	"tolist": lang.NewBuiltin(lang.AsValue, "tolist(self)", "The scalar as a Python number.", func(a *lang.Args) (lang.Value, error) {
		return a.Value("self").(*Scalar).item(), nil
	}),
	"astype": lang.NewBuiltin(lang.AsValue, "astype(self, dtype)", "The scalar converted to dtype.", func(a *lang.Args) (lang.Value, error) {
		dt, err := toDType(a.Value("dtype"))
		if err != nil {
			return nil, err
		}
		t, err := castTensor(a.Value("self").(*Scalar).t, dt)
		if err != nil {
			return nil, err
		}
		return &Scalar{t: t}, nil
	}),
	"is_integer": lang.NewBuiltin(lang.AsValue, "is_integer(self)", "Whether a float scalar has an integral value.", func(a *lang.Args) (lang.Value, error) {
		f, _ := a.Value("self").(*Scalar).Float()
		return f == math.Trunc(f) && !math.IsInf(f, 0), nil
	}),
}

// ScalarType is the class of a NumPy scalar type, np.float32: calling it
// converts (np.float32(1.5), np.int64('7')), and it stands for its dtype
// wherever a dtype is taken.
type ScalarType struct {
	dt   tensor.DType
	call *lang.Builtin
}

var scalarTypes = map[tensor.DType]*ScalarType{}

func init() {
	defineLater(func() {
		for _, e := range npInfos {
			st := &ScalarType{dt: e.dt}
			st.call = st.constructor()
			scalarTypes[e.dt] = st
		}
		lang.RegisterSubclass("numpy.float64", "float")
	})
}

// TypeName returns "type".
func (*ScalarType) TypeName() string { return "type" }

// PyRepr returns <class 'numpy.float32'>.
func (c *ScalarType) PyRepr() string { return "<class 'numpy." + scalarTypeName(c.dt) + "'>" }

// Equal compares with dtypes and names: np.float32 == np.dtype('float32').
func (c *ScalarType) Equal(other lang.Value) bool {
	if o, ok := other.(*ScalarType); ok {
		return o == c
	}
	if d, ok := other.(*DType); ok {
		return d.dt == c.dt
	}
	return false
}

// HashKey makes scalar types dict keys.
func (c *ScalarType) HashKey() (string, error) { return "scalartype:" + scalarTypeName(c.dt), nil }

// InstanceCheck is isinstance(x, np.float32).
func (c *ScalarType) InstanceCheck(obj lang.Value) (bool, error) {
	s, ok := obj.(*Scalar)
	return ok && s.t.DType() == c.dt, nil
}

// SubclassCheck is issubclass(cls, np.float32).
func (c *ScalarType) SubclassCheck(cls lang.Value) (bool, error) {
	o, ok := cls.(*ScalarType)
	return ok && o == c, nil
}

// Attr gives __name__ and the dtype's facts.
func (c *ScalarType) Attr(name string) (lang.Value, bool) {
	switch name {
	case "__name__":
		return scalarTypeName(c.dt), true
	case "__call__":
		return c.call, true
	}
	return nil, false
}

// AttrNames lists the attributes.
func (c *ScalarType) AttrNames() []string { return []string{"__name__"} }

func (c *ScalarType) constructor() *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, scalarTypeName(c.dt)+"(x=0)", "A NumPy scalar of this type.", func(a *lang.Args) (lang.Value, error) {
		return c.make(a.Value("x"))
	})
}

// make converts x to a scalar of the type, or an array of it when x is a
// sequence, as np.float32([1, 2]) gives an array.
func (c *ScalarType) make(x lang.Value) (lang.Value, error) {
	if s, ok := x.(string); ok {
		switch c.dt {
		case tensor.Int64, tensor.Uint8, tensor.Int8, tensor.Int16, tensor.Int32, tensor.Uint16, tensor.Uint32, tensor.Uint64:
			i, err := strconv.ParseInt(s, 10, 64)
			if u, uerr := strconv.ParseUint(s, 10, 64); err != nil && uerr == nil && c.dt == tensor.Uint64 {
				x = lang.IntFromBig(new(big.Int).SetUint64(u)) // above int64's range
				break
			}
			if err != nil {
				return nil, lang.Errorf(lang.ValueError, "invalid literal for int() with base 10: %s", lang.Repr(s))
			}
			x = i
		case tensor.Float16, tensor.BFloat16, tensor.Float32, tensor.Float64:
			f, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return nil, lang.Errorf(lang.ValueError, "could not convert string to float: %s", lang.Repr(s))
			}
			x = f
		case tensor.Bool:
			x = s != ""
		case tensor.Complex64, tensor.Complex128:
			z, err := lang.ParseComplex(s)
			if err != nil {
				return nil, err
			}
			x = lang.Complex(z)
		}
	}
	t, err := arrayFrom(x, c.dt, true)
	if err != nil {
		return nil, err
	}
	return wrap(t), nil
}

// GetSubscript is s[...]: a scalar indexes as a 0-d array would (s[()] is
// s, s[...] a 0-d array, s[None] a 1-d one); an index that would select
// inside it is NumPy's "invalid index to scalar variable.".
func (s *Scalar) GetSubscript(subs []lang.Subscript) (lang.Value, error) {
	t, err := s.t.Clone() // a view of the scalar's own tensor would let writes change it
	if err != nil {
		return nil, err
	}
	r, err := (&Array{store: t}).GetSubscript(subs)
	if e, ok := err.(*lang.Error); ok && e.Kind == lang.IndexError {
		return nil, lang.Errorf(lang.IndexError, "invalid index to scalar variable.")
	}
	return r, err
}
