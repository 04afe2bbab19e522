package numpy

import (
	"slices"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// ObjArray is an array of dtype object, np.array([1, 'a', None]): its
// elements are the Python values themselves, in a slice that views
// share, and idx, an int64 tensor of the array's shape, holds each
// element's position in it: the goArray a StrArray has too (goarray.go;
// indexing, reshapes and transposes run on idx; views write through). sess is the session the
// array was made in: the elements' own operators run in it.
type ObjArray struct {
	goArray[lang.Value]
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

	_ positionedArray[*ObjArray] = (*ObjArray)(nil)
)

// newObjArray is the array of vals (row-major) of shape.
func newObjArray(vals []lang.Value, shape []int, sess *lang.Session) (*ObjArray, error) {
	g, err := newGoArray(vals, shape)
	if err != nil {
		return nil, err
	}
	return &ObjArray{goArray: g, sess: sess}, nil
}

// kindName is "object".
func (*ObjArray) kindName() string { return "object" }

// elem is the element at position p: the object itself.
func (o *ObjArray) elem(p int64) lang.Value { return (*o.data)[p] }

// item is the element at position p: the object itself.
func (o *ObjArray) item(p int64) lang.Value { return (*o.data)[p] }

// view is the array over the same elements at the positions idx.
func (o *ObjArray) view(idx *tensor.Tensor) *ObjArray {
	return &ObjArray{goArray: o.at(idx), sess: o.sess}
}

// copied is a new array of the same elements (the objects are shared, as
// NumPy's copy shares them).
func (o *ObjArray) copied() (*ObjArray, error) {
	vals, err := o.values()
	if err != nil {
		return nil, err
	}
	return newObjArray(vals, o.shape(), o.sess)
}

// Iterate loops over the first dimension.
func (o *ObjArray) Iterate(yield func(lang.Value) bool) error { return iterateRows(o, yield) }

// Truth is bool(a): the truth of a one-element array's element.
func (o *ObjArray) Truth() (bool, error) { return o.truth(lang.Truth) }

// GetSubscript is a[i] (the element itself), a[1:] (a view), a[mask] and
// a[[0, 2]] (copies).
func (o *ObjArray) GetSubscript(subs []lang.Subscript) (lang.Value, error) {
	return getSubscript(o, subs)
}

// SetSubscript is a[...] = v: an element set to v itself, or a selection
// set from v's elements, broadcast.
func (o *ObjArray) SetSubscript(subs []lang.Subscript, value lang.Value) error {
	target, element, err := o.selection(subs, o.kindName())
	if err != nil {
		return err
	}
	if element {
		p, _ := (&Scalar{t: target}).Index()
		(*o.data)[p] = value
		return nil
	}
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
	return o.write(target, vals)
}

// elemRepr is NumPy's text of one element: its repr, a list as
// list([...]) (NumPy's _object_format).
func elemRepr(v lang.Value) string {
	if l, ok := v.(*lang.List); ok {
		return "list(" + lang.Repr(l) + ")"
	}
	return lang.Repr(v)
}

// text is NumPy's array2string of the elements' reprs.
func (o *ObjArray) text(separator, prefix string, linewidth int) string {
	return o.reprText(separator, prefix, linewidth, currentPrintOptions(), elemRepr)
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
	return valuesRepr(o.shape(), o.idx.Numel(), o.text, "object")
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
		return o.copied()
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
	l, _ := o.nested(func(v lang.Value) lang.Value { return v })
	return l
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
	return newObjArray(filled(shape, v), shape, sess)
}
