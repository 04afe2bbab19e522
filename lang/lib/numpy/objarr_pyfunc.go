package numpy

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// np.frompyfunc and np.char.split, whose results are object arrays.

// frompyfunc is np.frompyfunc(func, nin, nout): a ufunc of nin inputs
// that calls func on each set of broadcast elements and gives object
// arrays (a tuple of nout of them when nout > 1; a 0-d result is the
// element itself).
func frompyfunc(a *lang.Args) (lang.Value, error) {
	fn := a.Value("func")
	if !lang.Callable(fn) {
		return nil, lang.Errorf(lang.TypeError, "function must be callable")
	}
	nin, nout := a.Int("nin"), a.Int("nout")
	if nin < 0 || nout < 0 {
		return nil, lang.Errorf(lang.ValueError, "nin and nout must be non-negative")
	}
	name := "?"
	if n, err := lang.GetAttr(fn, "__name__"); err == nil {
		if s, ok := n.(string); ok {
			name = s
		}
	}
	name += " (vectorized)"
	var identity lang.Value
	if !a.IsNone("identity") {
		identity = a.Value("identity")
	}
	info := &ufuncInfo{name: name, pyName: name, nin: nin, nout: nout, identity: identity, ntypes: 1}
	call := lang.NewBuiltin(lang.AsValue, "vectorized(*args)", "Calls the Python function on each set of broadcast elements: object arrays.", func(c *lang.Args) (lang.Value, error) {
		args := c.Value("args").(lang.Tuple)
		if len(args) != nin && len(args) != nin+nout {
			return nil, lang.Errorf(lang.TypeError, "%s() takes from %d to %d positional arguments but %d were given", name, nin, nin+nout, len(args))
		}
		if len(args) > nin {
			return nil, lang.Errorf(notImplementedError, "kael's frompyfunc ufuncs take no output arrays")
		}
		ins := make([]*ObjArray, nin)
		var shape []int
		for i, v := range args {
			o, err := objOperand(v, c.Session())
			if err != nil {
				return nil, err
			}
			ins[i] = o
			if shape, err = tensor.BroadcastShapes(shape, o.shape()); err != nil {
				return nil, lang.Errorf(lang.ValueError, "operands could not be broadcast together with shapes %s", shapesText(ins[:i+1]))
			}
		}
		cols := make([][]lang.Value, nin)
		n := 1
		for _, d := range shape {
			n *= d
		}
		for i, o := range ins {
			var err error
			if cols[i], err = o.broadcastValues(shape); err != nil {
				return nil, err
			}
		}
		outs := make([][]lang.Value, nout)
		for j := range outs {
			outs[j] = make([]lang.Value, n)
		}
		for k := 0; k < n; k++ {
			row := make([]lang.Value, nin)
			for i := range row {
				row[i] = cols[i][k]
			}
			r, err := c.Call(fn, row...)
			if err != nil {
				return nil, err
			}
			if nout == 1 {
				outs[0][k] = r
				continue
			}
			t, ok := r.(lang.Tuple)
			if !ok || len(t) != nout {
				return nil, lang.Errorf(lang.TypeError, "invalid function result: a tuple of %d values expected", nout)
			}
			for j := range outs {
				outs[j][k] = t[j]
			}
		}
		results := make(lang.Tuple, nout)
		for j, vals := range outs {
			if len(shape) == 0 {
				results[j] = vals[0]
				continue
			}
			o, err := newObjArray(vals, shape, c.Session())
			if err != nil {
				return nil, err
			}
			results[j] = o
		}
		if nout == 1 {
			return results[0], nil
		}
		return results, nil
	})
	return newUfunc(info, call), nil
}

// shapesText is the operands' shapes as NumPy lists them in its
// broadcast error: (2,) (3,).
func shapesText(os []*ObjArray) string {
	out := ""
	for i, o := range os {
		if i > 0 {
			out += " "
		}
		out += tupleText(o.shape())
	}
	return out
}

// charSplit is np.char.split or rsplit: an object array of the lists
// str.split (rsplit) gives for each element.
func charSplit(a *lang.Args, method string) (lang.Value, error) {
	s, err := strArrayOf(a.Value("a"), false)
	if err != nil {
		return nil, err
	}
	vals, err := s.values()
	if err != nil {
		return nil, err
	}
	maxsplit := a.Value("maxsplit")
	if _, isNone := maxsplit.(lang.NoneType); isNone {
		maxsplit = int64(-1)
	}
	out := make([]lang.Value, len(vals))
	for i, v := range vals {
		var elem lang.Value = v
		if s.dt.bytes {
			elem = lang.NewBytes([]byte(v))
		}
		m, err := lang.GetAttr(elem, method)
		if err != nil {
			return nil, err
		}
		if out[i], err = a.Call(m, a.Value("sep"), maxsplit); err != nil {
			return nil, err
		}
	}
	return newObjArray(out, s.shape(), a.Session())
}
