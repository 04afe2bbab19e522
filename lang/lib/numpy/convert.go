package numpy

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// arrayFrom converts a value to a tensor as np.array does: arrays and
// tensors keep their dtype, Python data gets NumPy's (bool, int64 for
// ints, float64 for floats, complex128 for complex numbers). With force, the result has dtype dt. The
// result may share memory with an array or tensor given (copy it when
// that matters).
func arrayFrom(v lang.Value, dt tensor.DType, force bool) (*tensor.Tensor, error) {
	var t *tensor.Tensor
	if arr, ok := subArray(v); ok {
		v = arr // an instance of an ndarray subclass (subclass.go)
	}
	switch x := v.(type) {
	case *Array:
		t = x.val()
	case *Scalar:
		t = x.t
	case *tensor.Tensor:
		if x.RequiresGrad() {
			return nil, lang.Errorf(lang.RuntimeError, "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.")
		}
		if err := numpyDType(x.DType()); err != nil {
			return nil, err
		}
		t = x.Detach()
	case lang.ArrayProvider:
		t = x.ArrayTensor()
	case *lang.Range:
		elems, err := lang.Collect(x)
		if err != nil {
			return nil, err
		}
		return arrayFrom(&lang.List{Elems: elems}, dt, force)
	default:
		data, err := lang.ToGo(v)
		if err != nil {
			u, ok := uint64Array(v) // ints from 2^63 to 2^64-1 make a uint64 array
			if !ok {
				return nil, err
			}
			if force {
				return castTensor(u, dt)
			}
			return u, nil
		}
		inferred, err := inferDType(data, 0)
		if err != nil {
			return nil, err
		}
		if !force {
			dt = inferred
			if typed, ok := npDataDType(v, 0); ok {
				dt = typed
			}
		}
		return tensor.FromValue(data, dt)
	}
	if force {
		return castTensor(t, dt)
	}
	return t, nil
}

// inferDType is the dtype NumPy gives nested Python data: bool when all
// are bools, int64 with ints, float64 with floats, complex128 with
// complex numbers.
func inferDType(data any, depth int) (tensor.DType, error) {
	switch x := data.(type) {
	case bool:
		return tensor.Bool, nil
	case int64:
		return tensor.Int64, nil
	case float64:
		return tensor.Float64, nil
	case lang.Complex, complex128:
		return tensor.Complex128, nil
	case []any:
		dt := tensor.Bool
		if len(x) == 0 {
			return tensor.Float64, nil
		}
		for _, e := range x {
			d, err := inferDType(e, depth+1)
			if err != nil {
				return 0, err
			}
			dt = promote(dt, d)
		}
		return dt, nil
	case string:
		return 0, lang.Errorf(lang.TypeError, "kael's NumPy has no string version of this function: string arrays take indexing, comparisons, sort, argsort, unique, where, concatenate, stack, isin, astype and np.char's functions")
	case lang.NoneType:
		return 0, lang.Errorf(lang.TypeError, "kael's NumPy has no object arrays: None is not a number")
	}
	if _, isStr := data.(*StrArray); isStr {
		return 0, lang.Errorf(lang.TypeError, "kael's NumPy has no string version of this function: string arrays take indexing, comparisons, sort, argsort, unique, where, concatenate, stack, isin, astype and np.char's functions")
	}
	if _, isObj := data.(*ObjArray); isObj {
		return 0, lang.Errorf(notImplementedError, "kael's NumPy has no object version of this function: object arrays take indexing, operators and the ufuncs of Python's operators, sum, prod, max, min, mean, sort, argsort, where, concatenate, stack, reshape, transpose and astype")
	}
	return 0, lang.Errorf(lang.TypeError, "kael's NumPy cannot make an array of %s", lang.TypeName(data))
}

// npDataDType is the dtype NumPy 1.24 gives a list or tuple that holds
// NumPy scalars or arrays (np.array([np.int8(1), np.int8(2)]) is int8):
// each element counts with its own dtype, a Python int as int64, a float
// as float64, a bool as bool, a complex number as complex128, a scalar or
// an array as its dtype, and np.promote_types combines them, with no
// regard to values (np.array([np.int8(1), 2]) is int64, np.array([np.int8(1),
// True]) int8). ok is false where no element is a NumPy value, or one is
// something else (inferDType then decides).
func npDataDType(v lang.Value, depth int) (dt tensor.DType, ok bool) {
	var w dataWalk
	if !w.walk(v, depth) || !w.typed || !w.seen {
		return 0, false
	}
	return w.dt, true
}

// maxDataDepth bounds npDataDType's descent (lang.ToGo refuses deeper
// data first).
const maxDataDepth = 64

// dataWalk gathers the promoted dtype of a list's elements: seen once one
// counted, typed once one was a NumPy scalar or array.
type dataWalk struct {
	dt          tensor.DType
	seen, typed bool
}

// walk adds the elements of the list or tuple v; false where one is
// neither a number, a NumPy value nor a list or tuple of them.
func (w *dataWalk) walk(v lang.Value, depth int) bool {
	var elems []lang.Value
	switch x := v.(type) {
	case *lang.List:
		elems = x.Elems
	case lang.Tuple:
		elems = x
	default:
		return false
	}
	if depth > maxDataDepth {
		return false
	}
	for _, e := range elems {
		if arr, isSub := subArray(e); isSub {
			e = arr
		}
		var d tensor.DType
		switch x := e.(type) {
		case bool:
			d = tensor.Bool
		case int64:
			d = tensor.Int64
		case float64:
			d = tensor.Float64
		case lang.Complex:
			d = tensor.Complex128
		case *Scalar:
			d, w.typed = x.t.DType(), true
		case *Array:
			d, w.typed = x.val().DType(), true
		case *lang.List, lang.Tuple:
			if !w.walk(x, depth+1) {
				return false
			}
			continue
		default:
			return false
		}
		if w.seen {
			w.dt = promote(w.dt, d)
		} else {
			w.dt, w.seen = d, true
		}
	}
	return true
}

// shapeArg reads a shape: an int or a sequence of ints.
func shapeArg(v lang.Value) ([]int, error) {
	if i, ok := lang.AsInt(v); ok {
		if _, isBool := v.(bool); !isBool {
			return []int{int(i)}, nil
		}
	}
	elems, err := lang.Collect(v)
	if err != nil {
		return nil, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(v))
	}
	shape := make([]int, len(elems))
	for i, e := range elems {
		n, ok := lang.AsInt(e)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(e))
		}
		shape[i] = int(n)
	}
	return shape, nil
}

// axesArg reads axis=: None (all), an int or a tuple, normalised against
// ndim; nil means all axes.
func axesArg(v lang.Value, ndim int) ([]int, error) {
	if _, none := v.(lang.NoneType); none || v == nil {
		return nil, nil
	}
	var raw []int
	if i, ok := lang.AsInt(v); ok {
		raw = []int{int(i)}
	} else {
		s, err := shapeArg(v)
		if err != nil {
			return nil, err
		}
		raw = s
	}
	out := make([]int, len(raw))
	seen := map[int]bool{}
	for i, ax := range raw {
		n := ax
		if n < 0 {
			n += ndim
		}
		if n < 0 || n >= ndim && !(ndim == 0 && n == 0) {
			return nil, lang.Errorf(AxisError, "axis %d is out of bounds for array of dimension %d", ax, ndim)
		}
		if seen[n] {
			return nil, lang.Errorf(lang.ValueError, "duplicate value in 'axis'")
		}
		seen[n] = true
		out[i] = n
	}
	return out, nil
}
