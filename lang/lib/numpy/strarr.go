package numpy

import (
	"strings"
	"unicode/utf8"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// StrArray is an array of a string dtype, np.array(['a', 'bb']): its
// elements are Go strings in a slice that views share, and idx, an int64
// tensor of the array's shape, holds each element's position in it (the
// goArray it shares with object arrays, goarray.go). An index, a slice,
// a reshape or a transpose of the array is the same on idx (kael's
// numeric indexing does it), so views write through to the array they
// come from; a fancy index gives new positions, copied into a new slice.
// Bytes arrays keep their bytes in the Go strings.
type StrArray struct {
	goArray[string]
	dt *StrDType
}

var (
	_ lang.HasAttrs        = (*StrArray)(nil)
	_ lang.Reprer          = (*StrArray)(nil)
	_ lang.SubscriptGetter = (*StrArray)(nil)
	_ lang.SubscriptSetter = (*StrArray)(nil)
	_ lang.Sized           = (*StrArray)(nil)
	_ lang.Iterable        = (*StrArray)(nil)
	_ lang.Truther         = (*StrArray)(nil)

	_ positionedArray[*StrArray] = (*StrArray)(nil)
)

// newStrArray is the array of vals (row-major) of shape; vals are cut
// to the dtype's width.
func newStrArray(vals []string, shape []int, dt *StrDType) (*StrArray, error) {
	for i, s := range vals {
		vals[i] = fitWidth(s, dt)
	}
	g, err := newGoArray(vals, shape)
	if err != nil {
		return nil, err
	}
	return &StrArray{goArray: g, dt: dt}, nil
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

// kindName is "string".
func (*StrArray) kindName() string { return "string" }

// elem is the element at position p: np.str_ or np.bytes_.
func (s *StrArray) elem(p int64) lang.Value { return strScalar((*s.data)[p], s.dt.bytes) }

// item is the element at position p as a Python str (or bytes).
func (s *StrArray) item(p int64) lang.Value { return s.pyText((*s.data)[p]) }

// pyText is an element as a Python str (or bytes).
func (s *StrArray) pyText(v string) lang.Value {
	if s.dt.bytes {
		return lang.NewBytes([]byte(v))
	}
	return v
}

// view is the array over the same data at the positions idx.
func (s *StrArray) view(idx *tensor.Tensor) *StrArray {
	return &StrArray{goArray: s.at(idx), dt: s.dt}
}

// copied is a new array of the elements, of the same dtype.
func (s *StrArray) copied() (*StrArray, error) { return s.copyOf(s.dt) }

// copyOf is a new array of the elements, of dtype dt.
func (s *StrArray) copyOf(dt *StrDType) (*StrArray, error) {
	vals, err := s.values()
	if err != nil {
		return nil, err
	}
	return newStrArray(vals, s.shape(), dt)
}

// Iterate loops over the first dimension: rows, or elements of a 1-d
// array.
func (s *StrArray) Iterate(yield func(lang.Value) bool) error { return iterateRows(s, yield) }

// Truth is bool(a): a one-element array's element is true when not
// empty; several elements are NumPy's error.
func (s *StrArray) Truth() (bool, error) {
	return s.truth(func(v string) (bool, error) { return v != "", nil })
}

// GetSubscript is a[i] (an element), a[1:], a[mask], a[[0, 2]] (arrays:
// views for ints and slices, copies for index arrays), as kael indexes
// the positions.
func (s *StrArray) GetSubscript(subs []lang.Subscript) (lang.Value, error) {
	return getSubscript(s, subs)
}

// SetSubscript is a[...] = v: v's text (a str, a list, an array; numbers
// as NumPy's str of them), broadcast, cut to the dtype's width.
func (s *StrArray) SetSubscript(subs []lang.Subscript, value lang.Value) error {
	target, _, err := s.selection(subs, s.kindName())
	if err != nil {
		return err
	}
	src, err := strArrayOf(value, s.dt.bytes)
	if err != nil {
		return err
	}
	if err := broadcastToShape(src.shape(), target.Shape()); err != nil {
		return lang.Errorf(lang.ValueError, "could not broadcast input array from shape %s into shape %s", tupleText(src.shape()), tupleText(target.Shape()))
	}
	vals, err := src.broadcastValues(target.Shape()) // read all before writing: a may be v
	if err != nil {
		return err
	}
	for i, v := range vals {
		vals[i] = fitWidth(v, s.dt)
	}
	return s.write(target, vals)
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
