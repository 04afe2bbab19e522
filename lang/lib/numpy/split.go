package numpy

import (
	"math"

	"github.com/kael-dev/kael/lang"
)

// np.split, np.array_split, np.hsplit and np.vsplit: the pieces of an
// array along an axis, each a view of it, as NumPy's shape_base gives
// them.

func defSplit(m map[string]lang.Value) {
	m["split"] = lang.NewBuiltin(lang.AsValue, "split(ary, indices_or_sections, axis=0)", "The array cut along axis into equal sections (an int, which must divide the axis), or at the indices of a list.", func(a *lang.Args) (lang.Value, error) {
		return splitArgs(a, a.Int("axis"), true)
	})
	m["array_split"] = lang.NewBuiltin(lang.AsValue, "array_split(ary, indices_or_sections, axis=0)", "As split, but n sections of an axis of length l need not divide it: the first l % n are one element longer.", func(a *lang.Args) (lang.Value, error) {
		return splitArgs(a, a.Int("axis"), false)
	})
	m["hsplit"] = lang.NewBuiltin(lang.AsValue, "hsplit(ary, indices_or_sections)", "split along the second axis (the first of a 1-d array).", func(a *lang.Args) (lang.Value, error) {
		t, err := arrayFrom(a.Value("ary"), 0, false)
		if err != nil {
			return nil, err
		}
		if t.Dim() == 0 {
			return nil, lang.Errorf(lang.ValueError, "hsplit only works on arrays of 1 or more dimensions")
		}
		return splitArgs(a, min(1, t.Dim()-1), true)
	})
	m["vsplit"] = lang.NewBuiltin(lang.AsValue, "vsplit(ary, indices_or_sections)", "split along the first axis of an array of 2 or more dimensions.", func(a *lang.Args) (lang.Value, error) {
		t, err := arrayFrom(a.Value("ary"), 0, false)
		if err != nil {
			return nil, err
		}
		if t.Dim() < 2 {
			return nil, lang.Errorf(lang.ValueError, "vsplit only works on arrays of 2 or more dimensions")
		}
		return splitArgs(a, 0, true)
	})
}

// splitArgs splits a's ary along axis at a's indices_or_sections; equal
// asks split's equal sections of an int.
func splitArgs(a *lang.Args, axis int, equal bool) (lang.Value, error) {
	if err := a.Err(); err != nil {
		return nil, err
	}
	t, err := arrayFrom(a.Value("ary"), 0, false)
	if err != nil {
		return nil, err
	}
	self, _ := a.Value("ary").(*Array)
	if axis >= t.Dim() || axis < -t.Dim() { // NumPy reads ary.shape[axis] first
		return nil, lang.Errorf(lang.IndexError, "tuple index out of range")
	}
	axes, err := axesArg(int64(axis), t.Dim())
	if err != nil {
		return nil, err
	}
	n := t.Shape()[axes[0]]
	var bounds []int // the pieces are [bounds[i], bounds[i+1])
	if sections, ok, err := sectionCount(a.Value("indices_or_sections"), n, equal); err != nil {
		return nil, err
	} else if ok {
		if sections <= 0 {
			return nil, lang.Errorf(lang.ValueError, "number sections must be larger than 0.")
		}
		k := int(sections)
		bounds = append(bounds, 0)
		for i := range k {
			size := n / k
			if i < n%k {
				size++
			}
			bounds = append(bounds, bounds[i]+size)
		}
	} else {
		idx, err := lang.Collect(a.Value("indices_or_sections"))
		if err != nil {
			return nil, err
		}
		bounds = append(bounds, 0)
		for _, v := range idx {
			i, ok := lang.AsInt(v)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "slice indices must be integers or None or have an __index__ method")
			}
			bounds = append(bounds, int(i))
		}
		bounds = append(bounds, n)
	}
	out := make([]lang.Value, 0, len(bounds)-1)
	for i := range len(bounds) - 1 {
		start, end := clipSliceBound(bounds[i], n), clipSliceBound(bounds[i+1], n)
		piece, err := t.Narrow(axes[0], start, max(0, end-start))
		if err != nil {
			return nil, err
		}
		v, _ := viewBase(self, wrapArray(piece), nil)
		out = append(out, v)
	}
	return &lang.List{Elems: out}, nil
}

// sectionCount reads a number of sections (ok false for a sequence of
// indices) as NumPy's split and array_split do: split first asks that
// n % sections be 0 (Python's %, so a float that divides n is taken, 0 a
// ZeroDivisionError), then the count is int(sections).
func sectionCount(v lang.Value, n int, equal bool) (sections int64, ok bool, err error) {
	notEqual := lang.Errorf(lang.ValueError, "array split does not result in an equal division")
	if k, isInt := lang.AsInt(v); isInt {
		if equal && k == 0 {
			return 0, false, lang.Errorf(lang.ZeroDivisionError, "integer modulo by zero")
		}
		if equal && int64(n)%k != 0 {
			return 0, false, notEqual
		}
		return k, true, nil
	}
	if lang.IsIterable(v) {
		return 0, false, nil
	}
	f, isFloat := lang.AsFloat(v)
	if !isFloat {
		if _, isComplex := v.(lang.Complex); !isComplex {
			return 0, false, nil // len()'s TypeError: read as indices
		}
		if equal {
			return 0, false, lang.Errorf(lang.TypeError, "unsupported operand type(s) for %%: 'int' and '%s'", lang.TypeName(v))
		}
		return 0, false, lang.Errorf(lang.TypeError, "int() argument must be a string, a bytes-like object or a real number, not '%s'", lang.TypeName(v))
	}
	if equal {
		if f == 0 {
			return 0, false, lang.Errorf(lang.ZeroDivisionError, "float modulo")
		}
		if math.Mod(float64(n), f) != 0 { // NaN too
			return 0, false, notEqual
		}
	}
	switch {
	case math.IsNaN(f):
		return 0, false, lang.Errorf(lang.ValueError, "cannot convert float NaN to integer")
	case math.IsInf(f, 0):
		return 0, false, lang.Errorf(lang.OverflowError, "cannot convert float infinity to integer")
	}
	return int64(f), true, nil
}

// clipSliceBound is i as a slice bound of a sequence of n: counted from
// the end when negative, then clipped to [0, n], as Python's slicing.
func clipSliceBound(i, n int) int {
	if i < 0 {
		i += n
	}
	return min(max(i, 0), n)
}
