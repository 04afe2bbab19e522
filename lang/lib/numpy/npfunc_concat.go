package numpy

import (
	"strconv"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// np.r_ and np.c_: indexed with slices, numbers, lists and arrays, they
// concatenate them, as NumPy's AxisConcatenator does
// (numpy/lib/index_tricks.py). A slice is arange's range (a complex step
// a number of points, stop included); a number or a list is a 1-d array.
// r_ joins along the first axis; c_ along the last, its 1-d pieces made
// columns. A leading string 'r', 'c' or "axis[,ndmin]" sets the axis and
// the least number of dimensions of the pieces.

type concatIndexer struct{ columns bool }

var (
	_ lang.SubscriptGetter = (*concatIndexer)(nil)
	_ lang.TypeNamer       = (*concatIndexer)(nil)
)

// TypeName is the class of NumPy's instances.
func (c *concatIndexer) TypeName() string {
	if c.columns {
		return "CClass"
	}
	return "RClass"
}

// PyRepr is NumPy's default object repr, without the address.
func (c *concatIndexer) PyRepr() string {
	return "<numpy.lib.index_tricks." + c.TypeName() + " object>"
}

// Length is len(np.r_), 0 as NumPy's.
func (c *concatIndexer) Length() (int64, error) { return 0, nil }

// GetSubscript concatenates the pieces.
func (c *concatIndexer) GetSubscript(subs []lang.Subscript) (lang.Value, error) {
	if len(subs) == 1 && !subs[0].IsSlice {
		// x[(a, b)] is x[a, b]
		if tup, ok := subs[0].Value.(lang.Tuple); ok {
			subs = make([]lang.Subscript, len(tup))
			for i, v := range tup {
				subs[i] = lang.Subscript{Value: v}
			}
		}
	}
	axis, ndmin, trans := 0, 1, false
	if c.columns {
		axis, ndmin, trans = -1, 2, true
	}
	if len(subs) > 0 && !subs[0].IsSlice {
		if s, ok := subs[0].Value.(string); ok {
			subs = subs[1:]
			switch s {
			case "r":
				return nil, lang.Errorf(lang.ErrorKind("NotImplementedError"), "np.r_['r', ...] (a matrix) is not in kael")
			case "c":
				return nil, lang.Errorf(lang.ErrorKind("NotImplementedError"), "np.r_['c', ...] (a matrix) is not in kael")
			}
			parts := strings.Split(s, ",")
			if len(parts) > 2 {
				return nil, lang.Errorf(lang.ErrorKind("NotImplementedError"), "np.r_ directives with a third number (where 1-d pieces go) are not in kael")
			}
			n, err := strconv.Atoi(strings.TrimSpace(parts[0]))
			if err != nil {
				return nil, lang.Errorf(lang.ValueError, "unknown special directive")
			}
			axis, trans = n, false
			if len(parts) == 2 {
				if ndmin, err = strconv.Atoi(strings.TrimSpace(parts[1])); err != nil {
					return nil, lang.Errorf(lang.ValueError, "unknown special directive")
				}
			}
		}
	}
	var pieces []*tensor.Tensor
	var scalar []bool
	for _, s := range subs {
		var t *tensor.Tensor
		isScalar := false
		if s.IsSlice {
			r, err := gridRangeOf(s, true)
			if err != nil {
				return nil, err
			}
			dt := tensor.Int64
			if r.float {
				dt = tensor.Float64
			}
			v, err := r.values(dt, r.n, func(i int) int { return i }, []int{r.n})
			if err != nil {
				return nil, err
			}
			t = v.(*Array).store
		} else {
			if _, ok := s.Value.(string); ok {
				return nil, lang.Errorf(lang.ValueError, "special directives must be the first entry.")
			}
			var err error
			if t, err = arrayFrom(s.Value, 0, false); err != nil {
				return nil, err
			}
			isScalar = t.Dim() == 0
		}
		oneD := t.Dim() <= 1
		for t.Dim() < ndmin {
			var err error
			if trans && oneD && t.Dim() == 1 {
				t, err = t.Unsqueeze(1)
			} else {
				t, err = t.Unsqueeze(0)
			}
			if err != nil {
				return nil, err
			}
		}
		pieces = append(pieces, t)
		scalar = append(scalar, isScalar)
	}
	if len(pieces) == 0 {
		return nil, lang.Errorf(lang.ValueError, "need at least one array to concatenate")
	}
	// numbers change the dtype only when their kind is above the arrays'
	var arrDT, numDT tensor.DType
	arrays, numbers := false, false
	for i, t := range pieces {
		switch {
		case scalar[i] && !numbers:
			numDT, numbers = t.DType(), true
		case scalar[i]:
			numDT = promote(numDT, t.DType())
		case !arrays:
			arrDT, arrays = t.DType(), true
		default:
			arrDT = promote(arrDT, t.DType())
		}
	}
	dt := arrDT
	if !arrays || (numbers && numDT.Category() > arrDT.Category()) {
		if arrays {
			dt = promote(arrDT, numDT)
		} else {
			dt = numDT
		}
	}
	for i, t := range pieces {
		var err error
		if pieces[i], err = castTensor(t, dt); err != nil {
			return nil, err
		}
	}
	nd := pieces[0].Dim()
	if axis < -nd || axis >= nd {
		return nil, lang.Errorf(AxisError, "axis %d is out of bounds for array of dimension %d", axis, nd)
	}
	if axis < 0 {
		axis += nd
	}
	if err := concatError(pieces, axis); err != nil {
		return nil, err
	}
	r, err := tensor.Cat(pieces, axis)
	return wrapArray(r), err
}
