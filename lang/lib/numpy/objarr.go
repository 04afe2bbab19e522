package numpy

import (
	"slices"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// ObjArray is an array of dtype object, np.array([1, 'a', None]): its
// elements are the Python values themselves, in a slice that views
// share, and idx, an int64 tensor of the array's shape, holds each
// element's position in it, as a StrArray's does (indexing, reshapes and
// transposes run on idx; views write through). sess is the session the
// array was made in: the elements' own operators run in it.
type ObjArray struct {
	data *[]lang.Value
	idx  *tensor.Tensor
	sess *lang.Session
}

var (
	_ lang.HasAttrs        = (*ObjArray)(nil)
	_ lang.Reprer          = (*ObjArray)(nil)
	_ lang.SubscriptGetter = (*ObjArray)(nil)
	_ lang.SubscriptSetter = (*ObjArray)(nil)
	_ lang.Sized           = (*ObjArray)(nil)
	_ lang.Iterable        = (*ObjArray)(nil)
	_ lang.Truther         = (*ObjArray)(nil)
)

// TypeName returns "numpy.ndarray".
func (*ObjArray) TypeName() string { return "numpy.ndarray" }

// ClassName returns "numpy.ndarray".
func (*ObjArray) ClassName() string { return "numpy.ndarray" }

// HashKey refuses: arrays are mutable.
func (*ObjArray) HashKey() (string, error) {
	return "", lang.Errorf(lang.TypeError, "unhashable type: 'numpy.ndarray'")
}

// newObjArray is the array of vals (row-major) of shape.
func newObjArray(vals []lang.Value, shape []int, sess *lang.Session) (*ObjArray, error) {
	idx, err := tensor.Arange(0, float64(len(vals)), 1, tensor.Int64)
	if err != nil {
		return nil, err
	}
	if idx, err = idx.Reshape(shape...); err != nil {
		return nil, err
	}
	return &ObjArray{data: &vals, idx: idx, sess: sess}, nil
}

func (o *ObjArray) shape() []int { return o.idx.Shape() }

// values are the elements, in row-major order.
func (o *ObjArray) values() ([]lang.Value, error) {
	pos, err := positions(o.idx)
	if err != nil {
		return nil, err
	}
	out := make([]lang.Value, len(pos))
	for i, p := range pos {
		out[i] = (*o.data)[p]
	}
	return out, nil
}

// view is the array over the same elements at the positions idx.
func (o *ObjArray) view(idx *tensor.Tensor) *ObjArray {
	return &ObjArray{data: o.data, idx: idx, sess: o.sess}
}

// copyOf is a new array of the same elements (the objects are shared, as
// NumPy's copy shares them).
func (o *ObjArray) copyOf() (*ObjArray, error) {
	vals, err := o.values()
	if err != nil {
		return nil, err
	}
	return newObjArray(vals, o.shape(), o.sess)
}

// Length is len(a): the first dimension.
func (o *ObjArray) Length() (int64, error) {
	if o.idx.Dim() == 0 {
		return 0, lang.Errorf(lang.TypeError, "len() of unsized object")
	}
	return int64(o.idx.Shape()[0]), nil
}

// Iterate loops over the first dimension.
func (o *ObjArray) Iterate(yield func(lang.Value) bool) error {
	if o.idx.Dim() == 0 {
		return lang.Errorf(lang.TypeError, "iteration over a 0-d array")
	}
	for i := 0; i < o.idx.Shape()[0]; i++ {
		v, err := o.GetSubscript([]lang.Subscript{{Value: int64(i)}})
		if err != nil {
			return err
		}
		if !yield(v) {
			return nil
		}
	}
	return nil
}

// Truth is bool(a): the truth of a one-element array's element.
func (o *ObjArray) Truth() (bool, error) {
	vals, err := o.values()
	if err != nil {
		return false, err
	}
	switch len(vals) {
	case 0:
		return false, nil
	case 1:
		return lang.Truth(vals[0])
	}
	return false, lang.Errorf(lang.ValueError, "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()")
}

// GetSubscript is a[i] (the element itself), a[1:] (a view), a[mask] and
// a[[0, 2]] (copies).
func (o *ObjArray) GetSubscript(subs []lang.Subscript) (lang.Value, error) {
	r, err := (&Array{store: o.idx}).GetSubscript(subs)
	if err != nil {
		return nil, err
	}
	switch x := r.(type) {
	case *Scalar:
		p, ok := x.Index()
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "kael's object arrays: an index gave no position")
		}
		return (*o.data)[p], nil
	case *Array:
		v := o.view(x.val())
		if x.store.Storage() != o.idx.Storage() {
			return v.copyOf()
		}
		return v, nil
	}
	return nil, lang.Errorf(lang.TypeError, "kael's object arrays: unexpected index result %s", lang.TypeName(r))
}

// SetSubscript is a[...] = v: an element set to v itself, or a selection
// set from v's elements, broadcast.
func (o *ObjArray) SetSubscript(subs []lang.Subscript, value lang.Value) error {
	r, err := (&Array{store: o.idx}).GetSubscript(subs)
	if err != nil {
		return err
	}
	switch x := r.(type) {
	case *Scalar:
		p, _ := x.Index()
		(*o.data)[p] = value
		return nil
	case *Array:
		target := x.val()
		src, err := objOperand(value, o.sess)
		if err != nil {
			return err
		}
		if err := broadcastToShape(src.shape(), target.Shape()); err != nil {
			return lang.Errorf(lang.ValueError, "could not broadcast input array from shape %s into shape %s", tupleText(src.shape()), tupleText(target.Shape()))
		}
		vals, err := src.broadcastValues(target.Shape())
		if err != nil {
			return err
		}
		toPos, err := positions(target)
		if err != nil {
			return err
		}
		for i, p := range toPos {
			(*o.data)[p] = vals[i]
		}
		return nil
	}
	return lang.Errorf(lang.TypeError, "kael's object arrays: unexpected index result %s", lang.TypeName(r))
}

// broadcastValues are the elements broadcast to shape, row-major.
func (o *ObjArray) broadcastValues(shape []int) ([]lang.Value, error) {
	e, err := o.idx.Expand(shape...)
	if err != nil {
		return nil, err
	}
	return o.view(e).values()
}

// elemRepr is NumPy's text of one element: its repr, a list as
// list([...]) (NumPy's _object_format).
func elemRepr(v lang.Value) string {
	if l, ok := v.(*lang.List); ok {
		return "list(" + lang.Repr(l) + ")"
	}
	return lang.Repr(v)
}

func (o *ObjArray) text(separator, prefix string, linewidth int) string {
	return array2stringWith(o.idx, separator, prefix, linewidth, currentPrintOptions(), func(p *printer, shown elements) func(int) string {
		return func(i int) string { return elemRepr((*o.data)[p.ints[i]]) }
	})
}

// String is str(a): [1 'a' None]; a 0-d array is str of its element.
func (o *ObjArray) String() string {
	if o.idx.Dim() == 0 {
		v, _ := o.values()
		return lang.Str(v[0])
	}
	return o.text(" ", "", currentPrintOptions().linewidth)
}

// PyRepr is repr(a): array([1, 'a', None], dtype=object).
func (o *ObjArray) PyRepr() string {
	opts := currentPrintOptions()
	prefix := "array("
	shape := o.shape()
	var lst string
	if o.idx.Numel() > 0 || (len(shape) == 1 && shape[0] == 0) {
		lst = o.text(", ", prefix, opts.linewidth-1)
	} else {
		lst = "[], shape=" + tupleText(shape)
	}
	str := prefix + lst + ","
	spacer := " "
	if len(str[strings.LastIndex(str, "\n")+1:])+len("dtype=object)")+1 > opts.linewidth {
		spacer = "\n" + strings.Repeat(" ", len(prefix))
	}
	return str + spacer + "dtype=object)"
}

// objShape is the shape np.array finds in nested lists and tuples: the
// dimensions all branches share; ragged is whether some branch went
// deeper than the others.
func objShape(v lang.Value) (shape []int, ragged bool) {
	var elems []lang.Value
	switch x := v.(type) {
	case *lang.List:
		elems = x.Elems
	case lang.Tuple:
		elems = x
	case *Array:
		return x.val().Shape(), false
	case *StrArray:
		return x.shape(), false
	case *ObjArray:
		return x.shape(), false
	default:
		return nil, false
	}
	shape = []int{len(elems)}
	var common []int
	for i, e := range elems {
		s, r := objShape(e)
		ragged = ragged || r
		if i == 0 {
			common = s
			continue
		}
		n := 0
		for n < len(common) && n < len(s) && common[n] == s[n] {
			n++
		}
		if n != len(common) || n != len(s) {
			ragged = true
		}
		common = common[:n]
	}
	return append(shape, common...), ragged
}

// objArrayFrom is np.array(data, dtype=object): nested lists and tuples
// down to the dimensions they share, their leaves the values themselves
// (arrays give their elements as Python numbers or strs). A ragged nest
// is NumPy's ValueError unless ragged is allowed (dtype=object given).
func objArrayFrom(data lang.Value, allowRagged bool, sess *lang.Session) (*ObjArray, error) {
	if o, ok := data.(*ObjArray); ok {
		return o.copyOf()
	}
	shape, ragged := objShape(data)
	if ragged && !allowRagged {
		return nil, inhomogeneous(shape)
	}
	var vals []lang.Value
	var walk func(v lang.Value, depth int) error
	walk = func(v lang.Value, depth int) error {
		if depth == len(shape) {
			vals = append(vals, v) // the value itself: an array stays one
			return nil
		}
		var elems []lang.Value
		switch x := v.(type) {
		case *lang.List:
			elems = x.Elems
		case lang.Tuple:
			elems = x
		default: // an array within the shape: its elements
			p, err := objPlain(v)
			if err != nil {
				return err
			}
			if p == v {
				return lang.Errorf(lang.TypeError, "kael's object arrays: cannot take the elements of %s", lang.TypeName(v))
			}
			return walk(p, depth)
		}
		for _, e := range elems {
			if err := walk(e, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(data, 0); err != nil {
		return nil, err
	}
	return newObjArray(vals, shape, sess)
}

// objPlain is data with its arrays as nested lists of their Python
// elements, as NumPy reads them into an object array; data without
// arrays is itself (its lists keep their identity as elements).
func objPlain(data lang.Value) (lang.Value, error) {
	if !holdsArray(data) {
		return data, nil
	}
	switch x := data.(type) {
	case *Array:
		return toPython(x.val())
	case *StrArray:
		return x.tolist()
	case *ObjArray:
		return x.tolist(), nil
	case *lang.List:
		out := make([]lang.Value, len(x.Elems))
		for i, e := range x.Elems {
			p, err := objPlain(e)
			if err != nil {
				return nil, err
			}
			out[i] = p
		}
		return &lang.List{Elems: out}, nil
	case lang.Tuple:
		out := make(lang.Tuple, len(x))
		for i, e := range x {
			p, err := objPlain(e)
			if err != nil {
				return nil, err
			}
			out[i] = p
		}
		return out, nil
	}
	return data, nil
}

// holdsArray reports whether v is an array or nested lists and tuples
// holding one.
func holdsArray(v lang.Value) bool {
	switch x := v.(type) {
	case *Array, *StrArray, *ObjArray:
		return true
	case *lang.List:
		return slices.ContainsFunc(x.Elems, holdsArray)
	case lang.Tuple:
		return slices.ContainsFunc(x, holdsArray)
	}
	return false
}

// tolist is nested lists of the elements themselves.
func (o *ObjArray) tolist() lang.Value {
	vals, _ := o.values()
	shape := o.shape()
	pos := 0
	var nest func(d int) lang.Value
	nest = func(d int) lang.Value {
		if d == len(shape) {
			v := vals[pos]
			pos++
			return v
		}
		out := make([]lang.Value, shape[d])
		for i := range out {
			out[i] = nest(d + 1)
		}
		return &lang.List{Elems: out}
	}
	return nest(0)
}

// needsObject reports whether np.array(data) without a dtype makes an
// object array: a leaf that is no number, bool, text or array (None, a
// Fraction, an int beyond 64 bits, an instance), or an object array.
func needsObject(data lang.Value) bool {
	switch x := data.(type) {
	case *lang.List:
		for _, e := range x.Elems {
			if needsObject(e) {
				return true
			}
		}
		return false
	case lang.Tuple:
		for _, e := range x {
			if needsObject(e) {
				return true
			}
		}
		return false
	case *ObjArray:
		return true
	case *Array, *StrArray, *Scalar, *tensor.Tensor, *lang.Range, int64, float64, bool, complex128, lang.Complex, string, lang.Bytes:
		return false
	case lang.BigInt:
		_, ok := uint64Array(x) // 2**63 to 2**64 - 1 make a uint64 array
		return !ok
	case lang.Number, lang.ArrayProvider:
		return false
	}
	if _, _, ok := textOf(data); ok {
		return false
	}
	if _, ok := subArray(data); ok {
		return false
	}
	return true
}

// fullObj is an array of shape whose elements are all v.
func fullObj(shape []int, v lang.Value, sess *lang.Session) (*ObjArray, error) {
	n := 1
	for _, d := range shape {
		n *= d
	}
	vals := make([]lang.Value, n)
	for i := range vals {
		vals[i] = v
	}
	return newObjArray(vals, shape, sess)
}
