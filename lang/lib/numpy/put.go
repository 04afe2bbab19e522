package numpy

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// np.put and ndarray.put in Go for the calls programs make: a writeable
// contiguous array, integer indices as take.go reads them, values an
// array of a's dtype (or a Python float into float64, a Python int into
// int64 or float64), and mode 'raise', 'wrap' or 'clip'. Every other
// call, and every call NumPy refuses, goes to npidx.py's put, as for take.

// putWithGoPath returns put (of sig) answering in Go where putInGo can,
// else calling python, the builtin of npidx.py's put.
func putWithGoPath(sig, doc string, python *lang.Builtin) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
		args := a.Values()
		if ok := putInGo(args[0], args[1], args[2], args[3]); ok {
			return lang.None, nil
		}
		return a.Call(python, args...)
	})
}

// putInGo is np.put(arr, indices, values, mode) when it reports true;
// false, having written nothing, leaves the call to npidx.py.
func putInGo(arr, indices, values, mode lang.Value) bool {
	x, isArray := arr.(*Array)
	if !isArray || x.mm != nil || x.readonly || x.flip != 0 || !x.store.IsContiguous() {
		return false
	}
	m, ok := takeMode(mode)
	if !ok {
		return false
	}
	ind, ok := takeIndices(indices)
	if !ok {
		return false
	}
	vals, ok := putValues(values, x.store.DType())
	if !ok || vals.Numel() == 0 {
		return false
	}
	idx, ok := int64Elements(ind)
	n := x.store.Numel()
	if !ok || len(idx) == 0 || n == 0 {
		return false // npidx.py's no-op and errors
	}
	if m == 'r' {
		for _, i := range idx {
			if i < -int64(n) || i >= int64(n) {
				return false // NumPy's IndexError
			}
		}
	}
	g := takeGather{n: n, idx: idx, mode: m}
	if !g.scatter(x.store, vals) {
		return false
	}
	x.store.MarkModified()
	return true
}

// putValues is values as a tensor of dtype dt when it already has it (an
// array of dt) or converts exactly as NumPy does (a Python float into
// float64, a Python int into int64 or float64); !ok for the rest.
func putValues(values lang.Value, dt tensor.DType) (*tensor.Tensor, bool) {
	var t *tensor.Tensor
	var err error
	switch v := values.(type) {
	case *Array:
		if v.store.DType() != dt {
			return nil, false
		}
		t = v.val()
	case float64:
		if dt != tensor.Float64 {
			return nil, false
		}
		t, err = tensor.Scalar(v)
	case int64:
		if dt == tensor.Int64 {
			t, err = tensor.Scalar(v)
		} else if dt == tensor.Float64 {
			t, err = tensor.Scalar(float64(v))
		} else {
			return nil, false
		}
	default:
		return nil, false
	}
	return t, err == nil
}

// scatter writes vals (repeated as needed) at the flat positions idx
// (read by mode) of contiguous dst, in order, so the last value for a
// position wins; false, having written nothing, for a dtype it has no
// loop for.
func (g *takeGather) scatter(dst, vals *tensor.Tensor) bool {
	loops, err := takeLoopsByDType.Select("put", dst.DType())
	return err == nil && loops.scatter(g, dst, vals)
}

// scatterAs is takeGather.scatter over the storage type T.
func scatterAs[T tensor.Element](g *takeGather, dst, vals *tensor.Tensor) bool {
	v, err := tensor.Values[T](vals) // a copy: vals may share dst's memory
	if err != nil {
		return false
	}
	d, err := tensor.Data[T](dst)
	if err != nil {
		return false
	}
	d = d[dst.Offset() : dst.Offset()+dst.Numel()]
	for k, i := range g.idx {
		d[g.position(i)] = v[k%len(v)]
	}
	return true
}
