package numpy

import (
	"slices"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// Generator.permuted (issue 29): a copy of x (or x written into out)
// shuffled as a whole, or each of its slices along axis on its own, as
// NumPy 1.24's _generator.pyx shuffles them: Fisher-Yates over the
// flattened array (random_interval from the last index down to 1), or
// over each lane in C order of the other axes (down to 0, whose interval
// draws nothing).

// genPermuted is Generator.permuted(x, *, axis=None, out=None).
func genPermuted(p *bitGen, a *lang.Args) (lang.Value, error) {
	x, err := arrayFrom(a.Value("x"), 0, false)
	if err != nil {
		return nil, err
	}
	var out *Array
	if !a.IsNone("out") {
		o, ok := a.Value("out").(*Array)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "out must be a numpy array")
		}
		if err := o.writable("output array is read-only"); err != nil {
			return nil, err
		}
		if !slices.Equal(o.store.Shape(), x.Shape()) {
			return nil, lang.Errorf(lang.ValueError, "out must have the same shape as x")
		}
		if ok, _ := canCast(x.DType(), o.store.DType(), "safe"); !ok {
			return nil, lang.Errorf(lang.TypeError, "Cannot cast array data from dtype('%s') to dtype('%s') according to the rule 'safe'", numpyName(x.DType()), numpyName(o.store.DType()))
		}
		out = o
	}
	shape := x.Shape()
	n := x.Numel()
	perm := make([]int64, n)
	for i := range perm {
		perm[i] = int64(i)
	}
	if a.IsNone("axis") {
		if x.Dim() == 0 {
			return nil, lang.Errorf(lang.TypeError, "len() of unsized object")
		}
		for i := n - 1; i >= 1; i-- {
			j := p.interval(uint64(i))
			perm[i], perm[j] = perm[j], perm[i]
		}
	} else {
		av := a.Value("axis")
		axis, ok := lang.AsInt(av)
		if _, isFloat := av.(float64); isFloat {
			return nil, lang.Errorf(lang.TypeError, "integer argument expected, got float")
		} else if !ok {
			return nil, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(av))
		}
		ax := int(axis)
		if ax < 0 {
			ax += x.Dim()
		}
		if ax < 0 || ax >= x.Dim() {
			return nil, lang.Errorf(AxisError, "axis %d is out of bounds for array of dimension %d", axis, x.Dim())
		}
		length, inner := shape[ax], 1
		for _, d := range shape[ax+1:] {
			inner *= d
		}
		outer := 1
		for _, d := range shape[:ax] {
			outer *= d
		}
		for o := range outer {
			for in := range inner {
				base := o*length*inner + in
				for i := length - 1; i >= 0; i-- {
					j := int(p.interval(uint64(i)))
					perm[base+i*inner], perm[base+j*inner] = perm[base+j*inner], perm[base+i*inner]
				}
			}
		}
	}
	flat, err := x.Contiguous()
	if err == nil {
		flat, err = flat.Reshape(n)
	}
	if err != nil {
		return nil, err
	}
	it, err := tensor.FromSlice(perm, n)
	if err != nil {
		return nil, err
	}
	res, err := flat.Index(tensor.IndexTensor(it))
	if err == nil {
		res, err = res.Reshape(shape...)
	}
	if err != nil {
		return nil, err
	}
	if out == nil {
		return wrapArray(res), nil
	}
	if res, err = castTensor(res, out.store.DType()); err != nil {
		return nil, err
	}
	return out, out.update(func(t *tensor.Tensor) error {
		if err := t.CopyFrom(res); err != nil {
			return err
		}
		t.MarkModified()
		return nil
	})
}

func init() {
	defineLater(func() {
		generatorMethods["permuted"] = lang.NewBuiltin(lang.AsValue, "permuted(self, x, *, axis=None, out=None)", "A copy of x (or out, x written into it) shuffled: all its elements (axis=None), or each slice along axis on its own.", func(a *lang.Args) (lang.Value, error) {
			g := a.Value("self").(*Generator)
			g.p.mu.Lock()
			defer g.p.mu.Unlock()
			return genPermuted(g.p, a)
		})
	})
}
