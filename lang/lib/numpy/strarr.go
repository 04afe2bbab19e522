package numpy

import (
	"strings"
	"unicode/utf8"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// StrArray is an array of a string dtype, np.array(['a', 'bb']): its
// elements are Go strings in a slice that views share, and idx, an int64
// tensor of the array's shape, holds each element's position in it. An
// index, a slice, a reshape or a transpose of the array is the same on
// idx (kael's numeric indexing does it), so views write through to the
// array they come from; a fancy index gives new positions, copied into
// a new slice. Bytes arrays keep their bytes in the Go strings.
type StrArray struct {
	data *[]string
	idx  *tensor.Tensor
	dt   *StrDType
}

var (
	_ lang.HasAttrs        = (*StrArray)(nil)
	_ lang.Reprer          = (*StrArray)(nil)
	_ lang.SubscriptGetter = (*StrArray)(nil)
	_ lang.SubscriptSetter = (*StrArray)(nil)
	_ lang.Sized           = (*StrArray)(nil)
	_ lang.Iterable        = (*StrArray)(nil)
)

// TypeName returns "numpy.ndarray".
func (*StrArray) TypeName() string { return "numpy.ndarray" }

// ClassName returns "numpy.ndarray".
func (*StrArray) ClassName() string { return "numpy.ndarray" }

// HashKey refuses: arrays are mutable.
func (*StrArray) HashKey() (string, error) {
	return "", lang.Errorf(lang.TypeError, "unhashable type: 'numpy.ndarray'")
}

// newStrArray is the array of vals (row-major) of shape; vals are cut
// to the dtype's width.
func newStrArray(vals []string, shape []int, dt *StrDType) (*StrArray, error) {
	for i, s := range vals {
		vals[i] = fitWidth(s, dt)
	}
	idx, err := tensor.Arange(0, float64(len(vals)), 1, tensor.Int64)
	if err != nil {
		return nil, err
	}
	if idx, err = idx.Reshape(shape...); err != nil {
		return nil, err
	}
	return &StrArray{data: &vals, idx: idx, dt: dt}, nil
}

// fitWidth is s as an element of dt: cut to its width (characters of a
// str, bytes of a bytes), trailing NULs dropped, as NumPy reads them.
func fitWidth(s string, dt *StrDType) string {
	if dt.bytes {
		if len(s) > dt.width {
			s = s[:dt.width]
		}
	} else if utf8.RuneCountInString(s) > dt.width {
		n := 0
		for i := range s {
			if n == dt.width {
				s = s[:i]
				break
			}
			n++
		}
	}
	return strings.TrimRight(s, "\x00")
}

// textLen is the width s needs in dt: its characters, or its bytes.
func textLen(s string, isBytes bool) int {
	if isBytes {
		return len(s)
	}
	return utf8.RuneCountInString(s)
}

// shape is the array's shape.
func (s *StrArray) shape() []int { return s.idx.Shape() }

// positions are the elements' positions in data, in row-major order.
func positions(t *tensor.Tensor) ([]int64, error) {
	c, err := t.Contiguous()
	if err != nil {
		return nil, err
	}
	return tensor.Values[int64](c)
}

// values are the elements, in row-major order.
func (s *StrArray) values() ([]string, error) {
	pos, err := positions(s.idx)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(pos))
	for i, p := range pos {
		out[i] = (*s.data)[p]
	}
	return out, nil
}

// elem is the element at position p: np.str_ or np.bytes_.
func (s *StrArray) elem(p int64) lang.Value { return strScalar((*s.data)[p], s.dt.bytes) }

// view is the array over the same data at the positions idx.
func (s *StrArray) view(idx *tensor.Tensor) *StrArray {
	return &StrArray{data: s.data, idx: idx, dt: s.dt}
}

// copyOf is a new array of the elements, of dtype dt.
func (s *StrArray) copyOf(dt *StrDType) (*StrArray, error) {
	vals, err := s.values()
	if err != nil {
		return nil, err
	}
	return newStrArray(vals, s.shape(), dt)
}

// Length is len(a): the first dimension.
func (s *StrArray) Length() (int64, error) {
	if s.idx.Dim() == 0 {
		return 0, lang.Errorf(lang.TypeError, "len() of unsized object")
	}
	return int64(s.idx.Shape()[0]), nil
}

// Iterate loops over the first dimension: rows, or elements of a 1-d
// array.
func (s *StrArray) Iterate(yield func(lang.Value) bool) error {
	if s.idx.Dim() == 0 {
		return lang.Errorf(lang.TypeError, "iteration over a 0-d array")
	}
	for i := 0; i < s.idx.Shape()[0]; i++ {
		v, err := s.GetSubscript([]lang.Subscript{{Value: int64(i)}})
		if err != nil {
			return err
		}
		if !yield(v) {
			return nil
		}
	}
	return nil
}

// Truth is bool(a): a one-element array's element is true when not
// empty; several elements are NumPy's error.
func (s *StrArray) Truth() (bool, error) {
	vals, err := s.values()
	if err != nil {
		return false, err
	}
	switch len(vals) {
	case 0:
		return false, nil
	case 1:
		return vals[0] != "", nil
	}
	return false, lang.Errorf(lang.ValueError, "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()")
}

// GetSubscript is a[i] (an element), a[1:], a[mask], a[[0, 2]] (arrays:
// views for ints and slices, copies for index arrays), as kael indexes
// the positions.
func (s *StrArray) GetSubscript(subs []lang.Subscript) (lang.Value, error) {
	r, err := (&Array{store: s.idx}).GetSubscript(subs)
	if err != nil {
		return nil, err
	}
	switch x := r.(type) {
	case *Scalar:
		p, ok := x.Index()
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "kael's string arrays: an index gave no position")
		}
		return s.elem(p), nil
	case *Array:
		v := s.view(x.val())
		if x.store.Storage() != s.idx.Storage() {
			return v.copyOf(s.dt) // a fancy index: NumPy's copy
		}
		return v, nil
	}
	return nil, lang.Errorf(lang.TypeError, "kael's string arrays: unexpected index result %s", lang.TypeName(r))
}

// SetSubscript is a[...] = v: v's text (a str, a list, an array; numbers
// as NumPy's str of them), broadcast, cut to the dtype's width.
func (s *StrArray) SetSubscript(subs []lang.Subscript, value lang.Value) error {
	r, err := (&Array{store: s.idx}).GetSubscript(subs)
	if err != nil {
		return err
	}
	var target *tensor.Tensor
	switch x := r.(type) {
	case *Scalar:
		target = x.t
	case *Array:
		target = x.val()
	default:
		return lang.Errorf(lang.TypeError, "kael's string arrays: unexpected index result %s", lang.TypeName(r))
	}
	src, err := strArrayOf(value, s.dt.bytes)
	if err != nil {
		return err
	}
	if err := broadcastToShape(src.shape(), target.Shape()); err != nil {
		return lang.Errorf(lang.ValueError, "could not broadcast input array from shape %s into shape %s", tupleText(src.shape()), tupleText(target.Shape()))
	}
	from, err := src.idx.Expand(target.Shape()...)
	if err != nil {
		return err
	}
	fromPos, err := positions(from)
	if err != nil {
		return err
	}
	toPos, err := positions(target)
	if err != nil {
		return err
	}
	vals := make([]string, len(fromPos)) // read all before writing: a may be v
	for i, p := range fromPos {
		vals[i] = fitWidth((*src.data)[p], s.dt)
	}
	for i, p := range toPos {
		(*s.data)[p] = vals[i]
	}
	return nil
}

// strArrayOf is v as a string array: itself, or made from its data
// (numbers as NumPy's str of them); bytes is the array's kind a value of
// another kind is refused for.
func strArrayOf(v lang.Value, isBytes bool) (*StrArray, error) {
	if s, ok := v.(*StrArray); ok {
		return s, nil
	}
	return strArrayFrom(v, nil, isBytes)
}
