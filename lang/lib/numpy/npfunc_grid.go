package numpy

import (
	"math"
	"math/cmplx"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// np.mgrid and np.ogrid: indexed with slices, they give the dense (mgrid)
// or open (ogrid) mesh of the ranges the slices describe, as NumPy's
// nd_grid does (numpy/lib/index_tricks.py). A slice start:stop:step is
// arange's range; a complex step (0:1:5j) is a number of points, stop
// included, as linspace's. The values are ints when every bound is an
// int, else float64.

type gridIndexer struct{ open bool }

var (
	_ lang.SubscriptGetter = (*gridIndexer)(nil)
	_ lang.TypeNamer       = (*gridIndexer)(nil)
)

// TypeName is the class of NumPy's instances.
func (g *gridIndexer) TypeName() string {
	if g.open {
		return "OGridClass"
	}
	return "MGridClass"
}

// PyRepr is NumPy's default object repr, without the address.
func (g *gridIndexer) PyRepr() string {
	return "<numpy.lib.index_tricks." + g.TypeName() + " object>"
}

// gridRange is one slice of a grid: n points start + i*step.
type gridRange struct {
	start, step float64
	n           int
	float       bool
}

// gridRangeOf reads a slice of mgrid's, ogrid's or r_'s subscript; alone
// (as r_'s pieces are), it is arange's range, with arange's error for a
// zero step.
func gridRangeOf(s lang.Subscript, alone bool) (gridRange, error) {
	if !s.IsSlice {
		return gridRange{}, lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'step'", lang.TypeName(s.Value))
	}
	var r gridRange
	num := func(v lang.Value, def float64) (float64, error) {
		if _, none := v.(lang.NoneType); none {
			return def, nil
		}
		if _, ok := lang.AsInt(v); !ok {
			r.float = true
		}
		f, ok := lang.AsFloat(v)
		if !ok {
			return 0, lang.Errorf(lang.TypeError, "unsupported operand type(s) for -: '%s' and 'int'", lang.TypeName(v))
		}
		return f, nil
	}
	start, err := num(s.Lo, 0)
	if err != nil {
		return r, err
	}
	stop, err := num(s.Hi, 0)
	if err != nil {
		return r, err
	}
	if c, ok := lang.AsComplex(s.Step); ok && lang.TypeName(s.Step) == "complex" {
		r.float = true
		r.n = int(cmplx.Abs(c))
		r.start, r.step = start, stop-start
		if r.n != 1 {
			r.step = (stop - start) / float64(r.n-1)
		}
		return r, nil
	}
	step, err := num(s.Step, 1)
	if err != nil {
		return r, err
	}
	if step == 0 {
		if alone {
			return r, lang.Errorf(lang.ZeroDivisionError, "division by zero")
		}
		return r, lang.Errorf(lang.ZeroDivisionError, "float division by zero")
	}
	r.start, r.step = start, step
	r.n = max(0, int(math.Ceil((stop-start)/step)))
	return r, nil
}

// values are the range's points, shaped shape.
func (r gridRange) values(dt tensor.DType, count int, at func(i int) int, shape []int) (lang.Value, error) {
	vals := make([]float64, count)
	for i := range vals {
		vals[i] = float64(at(i))*r.step + r.start
	}
	t, err := tensor.FromSlice(vals, shape...)
	if err != nil {
		return nil, err
	}
	t, err = castTensor(t, dt)
	return wrapArray(t), err
}

// GetSubscript builds the grid.
func (g *gridIndexer) GetSubscript(subs []lang.Subscript) (lang.Value, error) {
	ranges := make([]gridRange, len(subs))
	dt := tensor.Int64
	for i, s := range subs {
		r, err := gridRangeOf(s, len(subs) == 1)
		if err != nil {
			return nil, err
		}
		ranges[i] = r
		if r.float {
			dt = tensor.Float64
		}
	}
	if len(ranges) == 1 {
		r := ranges[0]
		return r.values(dt, r.n, func(i int) int { return i }, []int{r.n})
	}
	shape := make([]int, len(ranges))
	size := 1
	for i, r := range ranges {
		shape[i] = r.n
		size *= r.n
	}
	if g.open {
		out := make([]lang.Value, len(ranges))
		for k, r := range ranges {
			sh := make([]int, len(ranges))
			for i := range sh {
				sh[i] = 1
			}
			sh[k] = r.n
			v, err := r.values(dt, r.n, func(i int) int { return i }, sh)
			if err != nil {
				return nil, err
			}
			out[k] = v
		}
		return &lang.List{Elems: out}, nil
	}
	// mgrid: out[k, i0, ..., in] = ranges[k] at ik
	vals := make([]float64, 0, len(ranges)*size)
	for k, r := range ranges {
		inner := 1
		for _, n := range shape[k+1:] {
			inner *= n
		}
		for i := 0; i < size; i++ {
			vals = append(vals, float64((i/inner)%r.n)*r.step+r.start)
		}
	}
	t, err := tensor.FromSlice(vals, append([]int{len(ranges)}, shape...)...)
	if err != nil {
		return nil, err
	}
	t, err = castTensor(t, dt)
	return wrapArray(t), err
}
