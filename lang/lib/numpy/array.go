package numpy

import (
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// Array is NumPy's ndarray: a kael tensor seen through NumPy's rules. It
// shares the tensor's storage, so a view of an array (a[1:], a.T,
// a.reshape(...)) writes through to it, and t.numpy() and
// torch.from_numpy(a) share memory with the tensor, as in PyTorch.
//
// An array with a negative stride (a[::-1], np.flip) reads store backwards
// along the dimensions in flip (flipview.go); base is the array whose
// memory a view made by indexing reads, NumPy's a.base. readonly is
// a.flags.writeable cleared; borrowed marks an array over a tensor's
// memory (t.numpy()), which does not own it.
type Array struct {
	store    *tensor.Tensor
	flip     flipMask
	base     *Array
	readonly bool
	borrowed bool
	// unaligned is a.flags.aligned cleared (kael's memory stays aligned)
	unaligned bool
	mm        *memmapFile // the file of an np.memmap (memmap.go)
	bound     fpBound     // bounds of its elements' magnitudes (fperr_array.go): clear it when store changes
}

var (
	_ lang.Operand         = (*Array)(nil)
	_ lang.UnaryOperand    = (*Array)(nil)
	_ lang.InPlaceOperand  = (*Array)(nil)
	_ lang.Truther         = (*Array)(nil)
	_ lang.Number          = (*Array)(nil)
	_ lang.ArrayProvider   = (*Array)(nil)
	_ lang.Reprer          = (*Array)(nil)
	_ lang.HasAttrs        = (*Array)(nil)
	_ lang.AttrSetter      = (*Array)(nil)
	_ lang.SubscriptGetter = (*Array)(nil)
	_ lang.SubscriptSetter = (*Array)(nil)
	_ lang.Sized           = (*Array)(nil)
	_ lang.Iterable        = (*Array)(nil)
	_ lang.Hashable        = (*Array)(nil)
)

// NewArray returns the array over t's storage.
func NewArray(t *tensor.Tensor) *Array { return &Array{store: t.Detach(), borrowed: true} }

// TypeName returns "numpy.ndarray".
func (*Array) TypeName() string { return "numpy.ndarray" }

// ClassName returns "numpy.ndarray".
func (*Array) ClassName() string { return "numpy.ndarray" }

// ArrayTensor returns the array's tensor: its own storage, or a copy in
// its order when it has a negative stride (see NegativeStrides).
func (a *Array) ArrayTensor() *tensor.Tensor { return a.val() }

// String is str(a): [1. 2. 3.].
func (a *Array) String() string { return arrayStr(a.val()) }

// PyRepr is repr(a): array([1., 2., 3.]).
func (a *Array) PyRepr() string { return arrayRepr(a.val()) }

// HashKey refuses: arrays are mutable.
func (a *Array) HashKey() (string, error) {
	return "", lang.Errorf(lang.TypeError, "unhashable type: 'numpy.ndarray'")
}

// Truth is bool(a), an error for several elements.
func (a *Array) Truth() (bool, error) {
	switch a.store.Numel() {
	case 1:
		v, err := a.store.Item()
		if err != nil {
			return false, err
		}
		return lang.Truth(v)
	case 0:
		return false, nil
	}
	return false, lang.Errorf(lang.ValueError, "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()")
}

// Float is float(a) for a one-element array.
func (a *Array) Float() (float64, bool) {
	if a.store.Numel() != 1 {
		return 0, false
	}
	return (&Scalar{t: a.store}).Float()
}

// ScalarError is NumPy's error for an array of several elements (or, as an
// index, any array but a 0-d integer one) where Python needs a number.
func (a *Array) ScalarError(kind lang.ScalarKind) error {
	what := "only size-1 arrays can be converted to Python scalars"
	switch kind {
	case lang.ScalarIndex:
		what = "only integer scalar arrays can be converted to a scalar index"
	case lang.ScalarComplex:
		what = "only length-1 arrays can be converted to Python scalars"
	case lang.ScalarReal:
	}
	return lang.Errorf(lang.TypeError, "%s", what)
}

// Index is operator.index(a), for 0-d integer arrays only.
func (a *Array) Index() (int64, bool) {
	if a.store.Dim() != 0 {
		return 0, false
	}
	return (&Scalar{t: a.store}).Index()
}

// Length is len(a): the first dimension.
func (a *Array) Length() (int64, error) {
	if a.store.Dim() == 0 {
		return 0, lang.Errorf(lang.TypeError, "len() of unsized object")
	}
	return int64(a.store.Shape()[0]), nil
}

// Iterate loops over the first dimension: rows as arrays, elements of a
// 1-d array as scalars.
func (a *Array) Iterate(yield func(lang.Value) bool) error {
	if a.store.Dim() == 0 {
		return lang.Errorf(lang.TypeError, "iteration over a 0-d array")
	}
	n := a.store.Shape()[0]
	for i := 0; i < n; i++ {
		var row lang.Value
		if a.flip == 0 {
			r, err := a.store.Select(0, i)
			if err != nil {
				return err
			}
			row = a.viewOf(r)
		} else {
			var err error
			if row, err = a.GetSubscript([]lang.Subscript{{Value: int64(i)}}); err != nil {
				return err
			}
		}
		if !yield(row) {
			return nil
		}
	}
	return nil
}

// BinaryOp is NumPy's arithmetic and comparison.
func (a *Array) BinaryOp(op syntax.Token, other lang.Value, reflected bool) (lang.Value, bool, error) {
	if _, isTensor := other.(*tensor.Tensor); isTensor {
		return nil, false, nil // PyTorch's __array_priority__: the tensor's rules
	}
	if err, ok := textOperandError(op, a, other, reflected); ok {
		return nil, true, err
	}
	r, ok, err := binaryOp(op, a, other, reflected)
	if !ok || err != nil {
		return r, ok, numpyError(err)
	}
	x, y := lang.Value(a), other
	if reflected {
		x, y = y, x
	}
	return r, true, arrayOpErrors(op, x, y, r, true)
}

// FormatSpec is format(a, spec), NumPy's ndarray.__format__: a 0-d
// array formats its element as NumPy's scalar does; another array takes
// only the empty spec (its str).
func (a *Array) FormatSpec(spec string) (string, error) {
	t := a.val()
	if t.Dim() == 0 {
		return (&Scalar{t: t}).FormatSpec(spec)
	}
	if spec != "" {
		return "", lang.Errorf(lang.TypeError, "unsupported format string passed to numpy.ndarray.__format__")
	}
	return lang.StrText(a)
}

// Abs is abs(a), np.abs: magnitudes (float for complex arrays).
func (a *Array) Abs() (lang.Value, error) { return absolute(a.val()) }

// UnaryOp is -a, +a, ~a.
func (a *Array) UnaryOp(op syntax.Token) (lang.Value, error) { return unaryOp(op, a.val()) }

// InPlaceOp is a op= b, written into a with a's dtype (NumPy's
// same_kind casting: a float into an int array is refused); a @= b is
// NumPy 1.24's TypeError.
func (a *Array) InPlaceOp(op syntax.Token, other lang.Value) (lang.Value, bool, error) {
	if op == syntax.AT { // NumPy 1.24's ndarray.__imatmul__
		return nil, true, lang.Errorf(lang.TypeError, "In-place matrix multiplication is not (yet) supported. Use 'a = a @ b' instead of 'a @= b'.")
	}
	b, ok, err := asOperand(other)
	if !ok || err != nil {
		return nil, ok, err
	}
	r, err := applyBinary(op, operand{t: a.val()}, b)
	if err != nil {
		return nil, true, numpyError(err)
	}
	report := arrayOpErrors(op, a, other, r, true) // NumPy's loop writes a before it reports
	rt := r.(lang.ArrayProvider).ArrayTensor()
	if err := a.writable(outputReadOnly); err != nil {
		return nil, true, err
	}
	if ok, _ := canCast(rt.DType(), a.store.DType(), "same_kind"); !ok {
		return nil, true, lang.Errorf(UFuncTypeError, "Cannot cast ufunc '%s' output from dtype('%s') to dtype('%s') with casting rule 'same_kind'", ufuncNames[op], numpyName(rt.DType()), numpyName(a.store.DType()))
	}
	if err := a.assign(rt); err != nil {
		return nil, true, numpyError(err)
	}
	return a, true, withValue(report, a)
}

// copyInto writes src (broadcast, cast) into dst.
func copyInto(dst, src *tensor.Tensor) error {
	c, err := castTensor(src, dst.DType())
	if err != nil {
		return err
	}
	if err := dst.CopyFrom(c); err != nil {
		return err
	}
	dst.MarkModified()
	return nil
}

// GetSubscript is a[...]: NumPy's basic and advanced indexing, which
// kael's tensors share; one element gives a scalar, unless the index
// holds an Ellipsis (a[..., 1] is a 0-d view, as NumPy gives it).
func (a *Array) GetSubscript(subs []lang.Subscript) (lang.Value, error) {
	subs = tupleSubscripts(subs)
	if err := tooManyIndices(subs, a.store.Dim()); err != nil {
		return nil, err
	}
	idx, err := lang.TensorIndices(subs)
	if err != nil {
		return nil, err
	}
	view0d := func(r *tensor.Tensor) lang.Value {
		return &Array{store: r, base: a.owner(), readonly: a.readonly}
	}
	if a.flip == 0 && !hasNonPositiveStep(idx) {
		r, err := a.store.Index(idx...)
		if err != nil {
			return nil, indexError(err)
		}
		if isBasic(idx) {
			if r.Dim() == 0 && hasEllipsis(subs) {
				return view0d(r), nil
			}
			return a.viewOf(r), nil
		}
		return wrap(r), nil
	}
	if isBasic(idx) {
		r, m, err := a.basicView(idx)
		if err != nil {
			return nil, indexError(err)
		}
		if r.Dim() == 0 {
			if hasEllipsis(subs) {
				return view0d(r), nil
			}
			return wrap(r), nil
		}
		return a.flipTo(r, m), nil
	}
	basic, adv := splitAdvanced(idx)
	r, m, err := a.basicView(basic)
	if err != nil {
		return nil, indexError(err)
	}
	if r, err = (&Array{store: r, flip: m}).val().Index(adv...); err != nil {
		return nil, indexError(err)
	}
	return wrap(r), nil
}

// viewOf is the array over r, a view of a's memory (a scalar when 0-d).
func (a *Array) viewOf(r *tensor.Tensor) lang.Value {
	if r.Dim() == 0 {
		return wrap(r)
	}
	return &Array{store: r, base: a.owner(), readonly: a.readonly}
}

// SetSubscript is a[...] = v, with v cast to a's dtype.
func (a *Array) SetSubscript(subs []lang.Subscript, value lang.Value) error {
	subs = tupleSubscripts(subs)
	if err := tooManyIndices(subs, a.store.Dim()); err != nil {
		return err
	}
	idx, err := lang.TensorIndices(subs)
	if err != nil {
		return err
	}
	if err := a.writable(assignReadOnly); err != nil {
		return err
	}
	if _, isComplex := value.(lang.Complex); isComplex && !a.store.DType().IsComplex() {
		// NumPy converts the number with float() or int(), whose errors these are
		if a.store.DType().IsFloating() {
			return lang.Errorf(lang.TypeError, "float() argument must be a string or a real number, not 'complex'")
		}
		return lang.Errorf(lang.TypeError, "int() argument must be a string, a bytes-like object or a real number, not 'complex'")
	}
	v, err := arrayFrom(value, a.store.DType(), true)
	if err != nil {
		return err
	}
	if a.flip == 0 && !hasNonPositiveStep(idx) {
		if err := a.store.IndexPut(idx, v); err != nil {
			return indexError(err)
		}
		a.store.MarkModified()
		return nil
	}
	basic, adv := idx, []tensor.Index(nil)
	if !isBasic(idx) {
		basic, adv = splitAdvanced(idx)
	}
	r, m, err := a.basicView(basic)
	if err != nil {
		return indexError(err)
	}
	dst := &Array{store: r, flip: m}
	if adv == nil {
		if _, err := tensor.BroadcastShapes(v.Shape(), r.Shape()); err != nil || v.Dim() > r.Dim() {
			return lang.Errorf(lang.ValueError, "could not broadcast input array from shape %s into shape %s", compactTuple(v.Shape()), compactTuple(r.Shape()))
		}
		return dst.assign(v)
	}
	if m == 0 { // the view reads forwards: write into it
		if err := r.IndexPut(adv, v); err != nil {
			return indexError(err)
		}
		r.MarkModified()
		return nil
	}
	w := dst.val() // a copy in the view's order: change it and write it back
	if err := w.IndexPut(adv, v); err != nil {
		return indexError(err)
	}
	return dst.assign(w)
}

// indexError words an index out of range as NumPy does ("for axis 0",
// where PyTorch says "for dimension 0").
func indexError(err error) error {
	switch e := err.(type) {
	case *lang.Error:
		if e.Kind == lang.IndexError {
			e.Msg = strings.Replace(e.Msg, "for dimension", "for axis", 1)
		}
	case *tensor.Error:
		if e.Kind == lang.IndexError {
			return lang.Errorf(lang.IndexError, "%s", strings.Replace(e.Msg, "for dimension", "for axis", 1))
		}
	}
	return err
}

// Attr gives the attributes and methods.
func (a *Array) Attr(name string) (lang.Value, bool) {
	if get, ok := arrayAttrs[name]; ok {
		return get(a), true
	}
	if m, ok := arrayMethods[name]; ok {
		return &lang.BoundMethod{Recv: a, Method: m}, true
	}
	if a.mm != nil {
		return a.mm.attr(name)
	}
	return nil, false
}

// AttrNames lists them.
func (a *Array) AttrNames() []string {
	return append(sortedKeys(arrayAttrs), sortedKeys(arrayMethods)...)
}

// SetAttr assigns a.shape (a reshape in place, as NumPy allows for
// contiguous arrays).
func (a *Array) SetAttr(name string, v lang.Value) error {
	if name != "shape" {
		if _, ok := arrayAttrs[name]; ok {
			return lang.Errorf(lang.AttributeError, "attribute '%s' of 'numpy.ndarray' objects is not writable", name)
		}
		return lang.Errorf(lang.AttributeError, "'numpy.ndarray' object has no attribute '%s'", name)
	}
	shape, err := shapeArg(v)
	if err != nil {
		return err
	}
	// An array read backwards along every dimension is its store read
	// backwards: any shape store takes, read backwards along all of it.
	reversed := a.flip != 0
	for d, n := range a.store.Shape() {
		reversed = reversed && (n <= 1 || a.flip.has(d))
	}
	if a.flip != 0 && !reversed {
		return lang.Errorf(lang.AttributeError, "Incompatible shape for in-place modification. Use `.reshape()` to make a copy with the desired shape.")
	}
	r, err := a.store.View(shape...)
	if err != nil {
		return err
	}
	a.store, a.flip, a.bound = r, 0, fpBound{}
	if reversed {
		a.flip = flipMask(1)<<uint(r.Dim()) - 1
	}
	return nil
}

func shapeTuple(shape []int) lang.Tuple {
	out := make(lang.Tuple, len(shape))
	for i, n := range shape {
		out[i] = int64(n)
	}
	return out
}

var arrayAttrs = map[string]func(a *Array) lang.Value{
	"shape":    func(a *Array) lang.Value { return shapeTuple(a.store.Shape()) },
	"dtype":    func(a *Array) lang.Value { return dtypeOf(a.store.DType()) },
	"ndim":     func(a *Array) lang.Value { return int64(a.store.Dim()) },
	"size":     func(a *Array) lang.Value { return int64(a.store.Numel()) },
	"itemsize": func(a *Array) lang.Value { return int64(a.store.DType().Size()) },
	"nbytes":   func(a *Array) lang.Value { return int64(a.store.Nbytes()) },
	"strides": func(a *Array) lang.Value {
		st := a.store.Strides()
		for i := range st {
			st[i] *= a.store.DType().Size()
			if a.flip.has(i) {
				st[i] = -st[i]
			}
		}
		return shapeTuple(st)
	},
	"T": func(a *Array) lang.Value {
		r, _ := transposeAll(a.store)
		var m flipMask
		for d := range r.Dim() {
			if a.flip.has(r.Dim() - 1 - d) {
				m |= 1 << uint(d)
			}
		}
		return a.flipTo(r, m)
	},
	"real": func(a *Array) lang.Value {
		r, _ := realPart(a.val())
		return wrapArray(r)
	},
	"imag": func(a *Array) lang.Value {
		r, _ := imagPart(a.val())
		return wrapArray(r)
	},
	"flat": func(a *Array) lang.Value {
		r, _ := a.val().Reshape(-1)
		return wrapArray(r)
	},
	"flags": func(a *Array) lang.Value { return &Flags{a: a} },
	"base": func(a *Array) lang.Value {
		if a.base == nil {
			return lang.None
		}
		return a.base
	},
}

// transposeAll reverses the dimensions, as a.T does.
func transposeAll(t *tensor.Tensor) (*tensor.Tensor, error) {
	n := t.Dim()
	dims := make([]int, n)
	for i := range dims {
		dims[i] = n - 1 - i
	}
	return t.Permute(dims...)
}

// hasEllipsis reports whether an index holds ... .
func hasEllipsis(subs []lang.Subscript) bool {
	for _, s := range subs {
		if _, ok := s.Value.(lang.EllipsisType); ok && !s.IsSlice {
			return true
		}
	}
	return false
}
