package numpy

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// Making string arrays: from nested lists of str or bytes (np.array), of
// a width (np.zeros(3, dtype='U4'), np.full), and from numeric arrays
// (a.astype(str)), whose elements become NumPy's str of them.

// textOf is v's text when v is a str or bytes (np.str_ and np.bytes_
// too), with whether it is bytes.
func textOf(v lang.Value) (text string, isBytes, ok bool) {
	switch x := lang.ValueOf(v).(type) {
	case string:
		return x, false, true
	case lang.Bytes:
		return string(x.Data()), true, true
	}
	return "", false, false
}

// hasText reports whether nested lists and tuples v hold a str or bytes.
func hasText(v lang.Value) bool {
	if _, _, ok := textOf(v); ok {
		return true
	}
	switch x := v.(type) {
	case *lang.List:
		for _, e := range x.Elems {
			if hasText(e) {
				return true
			}
		}
	case lang.Tuple:
		for _, e := range x {
			if hasText(e) {
				return true
			}
		}
	case *StrArray:
		return true
	}
	return false
}

// numberWidth is the width NumPy gives the str of a number of dtype dt
// (np.arange(3).astype(str) is <U21).
func numberWidth(dt tensor.DType) int {
	switch {
	case dt == tensor.Bool:
		return 5
	case dt.IsComplex():
		return 64
	case dt.IsFloating():
		return 32
	}
	widths := map[int]int{1: 3, 2: 5, 4: 10, 8: 20}
	w := widths[dt.Size()]
	if dt.IsSigned() {
		w++
	}
	return w
}

// strArrayFrom makes a string array of data: nested lists of str, bytes
// and numbers, a string array or a numeric one. dt nil or of width 0:
// the width of the longest element (numbers count as NumPy's widths of
// their dtypes); the kind is bytes when dt says so, or, without dt,
// when every text element is bytes (or isBytes with no text).
func strArrayFrom(data lang.Value, dt *StrDType, isBytes bool) (*StrArray, error) {
	var shape []int
	var vals []string
	width, texts, allBytes := 0, 0, true
	var walk func(v lang.Value, depth int) error
	leaf := func(s string, w int) {
		vals = append(vals, s)
		width = max(width, w)
	}
	walk = func(v lang.Value, depth int) error {
		if s, b, ok := textOf(v); ok {
			if depth != len(shape) {
				return inhomogeneous(shape[:depth])
			}
			texts++
			allBytes = allBytes && b
			leaf(s, textLen(s, b))
			return nil
		}
		var elems []lang.Value
		switch x := v.(type) {
		case *lang.List:
			elems = x.Elems
		case lang.Tuple:
			elems = x
		case *StrArray:
			xs, err := x.values()
			if err != nil {
				return err
			}
			return nestShape(x.shape(), depth, &shape, func() {
				texts++
				allBytes = allBytes && x.dt.bytes
				for _, s := range xs {
					vals = append(vals, s)
				}
				width = max(width, x.dt.width)
			})
		default:
			t, err := arrayFrom(v, 0, false)
			if err != nil {
				return err
			}
			_, isArray := v.(*Array)
			return nestShape(t.Shape(), depth, &shape, func() {
				flat, _ := t.Reshape(-1)
				for i := 0; i < t.Numel(); i++ {
					e, _ := flat.Select(0, i)
					text := lang.Str(wrap(e))
					vals = append(vals, text)
					if dt != nil && !isArray { // np.array([1, 22], dtype=str): the texts' width
						width = max(width, textLen(text, false))
					}
				}
				if dt == nil || isArray {
					width = max(width, numberWidth(t.DType()))
				}
			})
		}
		if depth == len(shape) {
			if len(vals) > 0 {
				return inhomogeneous(shape)
			}
			shape = append(shape, len(elems))
		} else if depth > len(shape) || shape[depth] != len(elems) {
			return inhomogeneous(shape[:min(depth, len(shape))])
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
	n := 1
	for _, d := range shape {
		n *= d
	}
	if len(vals) != n {
		return nil, inhomogeneous(shape)
	}
	out := &StrDType{bytes: texts > 0 && allBytes || texts == 0 && isBytes}
	if dt != nil {
		out.bytes = dt.bytes
		out.width = dt.width
	}
	if out.width == 0 {
		out.width = max(width, 1)
	}
	return newStrArray(vals, shape, out)
}

// nestShape adds an array's shape below depth, as np.array nests it.
func nestShape(sub []int, depth int, shape *[]int, add func()) error {
	if depth == len(*shape) {
		*shape = append(*shape, sub...)
	} else if len(*shape) != depth+len(sub) {
		return inhomogeneous((*shape)[:min(depth, len(*shape))])
	} else {
		for i, d := range sub {
			if (*shape)[depth+i] != d {
				return inhomogeneous((*shape)[:depth+i])
			}
		}
	}
	add()
	return nil
}

// inhomogeneous is NumPy 1.24's error for ragged nested data.
func inhomogeneous(shape []int) error {
	return lang.Errorf(lang.ValueError, "setting an array element with a sequence. The requested array has an inhomogeneous shape after %d dimensions. The detected shape was %s + inhomogeneous part.", len(shape), tupleText(shape))
}

// fullStr is an array of shape whose elements are all s.
func fullStr(shape []int, s string, dt *StrDType) (*StrArray, error) {
	return newStrArray(filled(shape, s), shape, dt)
}

// zerosStr is np.zeros/np.empty (empty strings) or np.ones ('1') of a
// string dtype; a flexible dtype is one character wide.
func zerosStr(shape []int, dt *StrDType, fill float64) (*StrArray, error) {
	d := *dt
	if d.width == 0 {
		d.width = 1
	}
	s := ""
	if fill == 1 {
		s = "1"
	}
	return fullStr(shape, s, &d)
}

// quoteText is repr of an element: 'a' or b'a'.
func quoteText(s string, isBytes bool) string {
	if isBytes {
		return lang.Repr(lang.NewBytes([]byte(s)))
	}
	return lang.Repr(s)
}

// text is NumPy's array2string of the elements' reprs.
func (s *StrArray) text(separator, prefix string, linewidth int) string {
	return s.textWith(separator, prefix, linewidth, currentPrintOptions())
}

// textWith is text under the print options opts.
func (s *StrArray) textWith(separator, prefix string, linewidth int, opts printOptions) string {
	return s.reprText(separator, prefix, linewidth, opts, func(v string) string { return quoteText(v, s.dt.bytes) })
}

// String is str(a): ['a' 'bb'].
func (s *StrArray) String() string {
	if s.idx.Dim() == 0 {
		v, _ := s.values()
		if s.dt.bytes {
			return quoteText(v[0], true)
		}
		return v[0]
	}
	return s.text(" ", "", currentPrintOptions().linewidth)
}

// PyRepr is repr(a): array(['a', 'bb'], dtype='<U2').
func (s *StrArray) PyRepr() string {
	return valuesRepr(s.shape(), s.idx.Numel(), s.text, "'"+s.dt.String()+"'")
}
