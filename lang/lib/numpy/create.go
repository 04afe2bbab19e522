package numpy

import (
	"math"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The functions that make arrays.

func defCreation(m map[string]lang.Value) {
	m["array"] = lang.NewBuiltin(lang.AsValue, "array(object, dtype=None, *, copy=True, ndmin=0)", "An array of the data: nested lists of numbers, an array, a tensor (copied); with a structured dtype, nested lists of tuples.", func(a *lang.Args) (lang.Value, error) {
		if sd, err := structDTypeArg(a.Value("dtype")); sd != nil || err != nil {
			if err != nil {
				return nil, err
			}
			return recordArrayFrom(a.Value("object"), sd)
		}
		t, err := newArray(a, true)
		if err != nil {
			return nil, err
		}
		for t.Dim() < a.Int("ndmin") {
			if t, err = t.Unsqueeze(0); err != nil {
				return nil, err
			}
		}
		return wrapArray(t), nil
	})
	m["asarray"] = lang.NewBuiltin(lang.AsValue, "asarray(a, dtype=None, order=None)", "The data as an array, without a copy when it is one already (or a CPU tensor, whose memory it shares) and is laid out as order asks: 'C' row-major, 'F' column-major, 'A' either, 'K' or None as it is (new data is row-major unless 'F').", func(a *lang.Args) (lang.Value, error) {
		same := sameArray(a)
		var t *tensor.Tensor
		var err error
		if same != nil {
			t = same.store
		} else if t, err = newArray(a, false); err != nil {
			return nil, err
		}
		order := byte('K')
		if !a.IsNone("order") {
			if order, err = orderArg(t, a, true); err != nil {
				return nil, err
			}
			if s, _ := a.Value("order").(string); strings.EqualFold(s, "A") {
				order = 'K' // NumPy asks no layout of 'A' (nor of 'K')
			}
		}
		laidOut := order == 'K' || order == 'C' && t.IsContiguous() || order == 'F' && isFContiguous(t)
		if same != nil {
			if order == 'K' || laidOut && same.flip == 0 {
				return same, nil
			}
			t = same.val()
		}
		if !laidOut || same != nil {
			if t, err = copyOrder(t, order); err != nil {
				return nil, err
			}
		}
		arr := wrapArray(t)
		if x, ok := a.Value("a").(*tensor.Tensor); ok && x.Storage() == t.Storage() {
			arr.borrowed = true // the tensor's memory, as t.numpy()
		}
		return arr, nil
	})
	m["ascontiguousarray"] = lang.NewBuiltin(lang.AsValue, "ascontiguousarray(a, dtype=None)", "The data as an array laid out in row-major (C) order, at least 1-d: a itself when it is one already, else a copy.", func(a *lang.Args) (lang.Value, error) {
		if arr := sameArray(a); arr != nil && arr.flip == 0 && arr.store.IsContiguous() {
			return arr, nil
		}
		t, err := newArray(a, false)
		if err != nil {
			return nil, err
		}
		if t, err = t.Clone(); err != nil {
			return nil, err
		}
		if t.Dim() == 0 {
			if t, err = t.Unsqueeze(0); err != nil {
				return nil, err
			}
		}
		return wrapArray(t), nil
	})
	for _, f := range []struct {
		name string
		fill float64
		doc  string
	}{{"zeros", 0, "An array of zeros."}, {"ones", 1, "An array of ones."}, {"empty", 0, "A new array; kael fills it with zeros."}} {
		f := f
		m[f.name] = lang.NewBuiltin(lang.AsValue, f.name+"(shape, dtype=float)", f.doc+" dtype is float64 unless given.", func(a *lang.Args) (lang.Value, error) {
			shape, err := shapeArg(a.Value("shape"))
			if err != nil {
				return nil, err
			}
			if sd, err := structDTypeArg(a.Value("dtype")); sd != nil || err != nil {
				if err != nil {
					return nil, err
				}
				return newRecordArray(shape, sd, f.fill)
			}
			dt, err := toDType(a.Value("dtype"))
			if err != nil {
				return nil, err
			}
			return full(shape, f.fill, dt)
		})
		m[f.name+"_like"] = lang.NewBuiltin(lang.AsValue, f.name+"_like(a, dtype=None)", f.doc+" Of a's shape and dtype.", func(a *lang.Args) (lang.Value, error) {
			t, err := arrayFrom(a.Value("a"), 0, false)
			if err != nil {
				return nil, err
			}
			dt := t.DType()
			if d, ok, err := optDType(a, "dtype"); err != nil {
				return nil, err
			} else if ok {
				dt = d
			}
			return full(t.Shape(), f.fill, dt)
		})
	}
	m["full"] = lang.NewBuiltin(lang.AsValue, "full(shape, fill_value, dtype=None)", "An array of fill_value; its dtype is fill_value's unless given.", func(a *lang.Args) (lang.Value, error) {
		shape, err := shapeArg(a.Value("shape"))
		if err != nil {
			return nil, err
		}
		return fullOf(shape, a)
	})
	m["full_like"] = lang.NewBuiltin(lang.AsValue, "full_like(a, fill_value, dtype=None)", "An array of fill_value of a's shape and dtype.", func(a *lang.Args) (lang.Value, error) {
		t, err := arrayFrom(a.Value("a"), 0, false)
		if err != nil {
			return nil, err
		}
		dt := t.DType()
		if d, ok, err := optDType(a, "dtype"); err != nil {
			return nil, err
		} else if ok {
			dt = d
		}
		v, err := arrayFrom(a.Value("fill_value"), dt, true)
		if err != nil {
			return nil, err
		}
		r, err := v.Expand(t.Shape()...)
		if err != nil {
			return nil, err
		}
		c, err := r.Clone()
		return wrapArray(c), err
	})
	m["arange"] = lang.NewBuiltin(lang.AsValue, "arange(start, stop=None, step=1, dtype=None)", "Evenly spaced values in [start, stop): int64 when the arguments are ints, else float64.", func(a *lang.Args) (lang.Value, error) {
		start, stop, step := a.Value("start"), a.Value("stop"), a.Value("step")
		if _, none := stop.(lang.NoneType); none {
			start, stop = int64(0), start
		}
		dt := tensor.Int64
		for _, v := range []lang.Value{start, stop, step} {
			if _, isInt := lang.AsInt(v); !isInt {
				dt = tensor.Float64
			}
		}
		if d, ok, err := optDType(a, "dtype"); err != nil {
			return nil, err
		} else if ok {
			dt = d
		}
		lo, ok1 := lang.AsFloat(start)
		hi, ok2 := lang.AsFloat(stop)
		st, ok3 := lang.AsFloat(step)
		if !ok1 || !ok2 || !ok3 {
			return nil, lang.Errorf(lang.TypeError, "arange() arguments must be numbers")
		}
		if st == 0 {
			return nil, lang.Errorf(lang.ZeroDivisionError, "division by zero")
		}
		n := int(math.Ceil((hi - lo) / st))
		if n < 0 {
			n = 0
		}
		vals := make([]float64, n)
		for i := range vals {
			vals[i] = lo + float64(i)*st
		}
		r, err := tensor.FromSlice(vals, n)
		if err != nil {
			return nil, err
		}
		r, err = castTensor(r, dt)
		return wrapArray(r), err
	})
	m["linspace"] = lang.NewBuiltin(lang.AsValue, "linspace(start, stop, num=50, endpoint=True, dtype=None)", "num evenly spaced values from start to stop (included unless endpoint=False), in float64.", func(a *lang.Args) (lang.Value, error) {
		lo, hi, n := a.Float("start"), a.Float("stop"), a.Int("num")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if n < 0 {
			return nil, lang.Errorf(lang.ValueError, "Number of samples, %d, must be non-negative.", n)
		}
		div := n - 1
		if !a.Bool("endpoint") {
			div = n
		}
		vals := make([]float64, n)
		step := 0.0
		if div > 0 {
			step = (hi - lo) / float64(div)
		}
		for i := range vals {
			vals[i] = lo + float64(i)*step
		}
		if a.Bool("endpoint") && n > 1 {
			vals[n-1] = hi
		}
		r, err := tensor.FromSlice(vals, n)
		if err != nil {
			return nil, err
		}
		if d, ok, err := optDType(a, "dtype"); err != nil {
			return nil, err
		} else if ok {
			r, err = castTensor(r, d)
			if err != nil {
				return nil, err
			}
		}
		return wrapArray(r), nil
	})
	m["eye"] = lang.NewBuiltin(lang.AsValue, "eye(N, M=None, k=0, dtype=float)", "An N x M array with ones on the k-th diagonal.", func(a *lang.Args) (lang.Value, error) {
		n := a.Int("N")
		mm := n
		if !a.IsNone("M") {
			mm = a.Int("M")
		}
		k := a.Int("k")
		dt, err := toDType(a.Value("dtype"))
		if err != nil {
			return nil, err
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		vals := make([]float64, n*mm)
		for i := 0; i < n; i++ {
			if j := i + k; j >= 0 && j < mm {
				vals[i*mm+j] = 1
			}
		}
		r, err := tensor.FromSlice(vals, n, mm)
		if err != nil {
			return nil, err
		}
		r, err = castTensor(r, dt)
		return wrapArray(r), err
	})
	m["identity"] = lang.NewBuiltin(lang.AsValue, "identity(n, dtype=float)", "The n x n identity matrix.", func(a *lang.Args) (lang.Value, error) {
		dt, err := toDType(a.Value("dtype"))
		if err != nil {
			return nil, err
		}
		r, err := tensor.Eye(a.Int("n"), a.Int("n"), dt)
		return wrapArray(r), err
	})
}

// newArray is np.array and np.asarray: dtype= converts, copy makes the
// result independent of what was given.
func newArray(a *lang.Args, copyData bool) (*tensor.Tensor, error) {
	var obj lang.Value
	if copyData {
		obj = a.Value("object")
	} else {
		obj = a.Value("a")
	}
	dt, force, err := optDType(a, "dtype")
	if err != nil {
		return nil, err
	}
	if force && !dt.IsComplex() && dt != tensor.Bool {
		if src, ok := arrayDType(obj); ok && src.IsComplex() {
			if err := warnComplexCast(a); err != nil { // as astype: NumPy's cast warns
				return nil, err
			}
		}
	}
	t, err := arrayFrom(obj, dt, force)
	if err != nil {
		return nil, err
	}
	if copyData {
		if _, isArray := obj.(*Array); isArray || isTensorLike(obj) {
			if t, err = t.Clone(); err != nil {
				return nil, err
			}
		}
	}
	return t, nil
}

// arrayDType is the dtype of v when it is an array, a NumPy scalar or a
// tensor: what np.array and np.asarray cast from.
func arrayDType(v lang.Value) (tensor.DType, bool) {
	switch x := v.(type) {
	case *Array:
		return x.store.DType(), true
	case *Scalar:
		return x.t.DType(), true
	case *tensor.Tensor:
		return x.DType(), true
	}
	return 0, false
}

func isTensorLike(v lang.Value) bool {
	switch v.(type) {
	case *tensor.Tensor, *Scalar, lang.ArrayProvider:
		return true
	}
	return false
}

func full(shape []int, fill float64, dt tensor.DType) (lang.Value, error) {
	for _, n := range shape {
		if n < 0 {
			return nil, lang.Errorf(lang.ValueError, "negative dimensions are not allowed")
		}
	}
	r, err := tensor.Full(fill, dt, shape...)
	if err != nil {
		return nil, err
	}
	return wrapArray(r), nil
}

func fullOf(shape []int, a *lang.Args) (lang.Value, error) {
	dt, force, err := optDType(a, "dtype")
	if err != nil {
		return nil, err
	}
	v, err := arrayFrom(a.Value("fill_value"), dt, force)
	if err != nil {
		return nil, err
	}
	r, err := v.Expand(shape...)
	if err != nil {
		return nil, err
	}
	c, err := r.Contiguous()
	if err != nil {
		return nil, err
	}
	if c == v || c.SharesStorage(v) {
		if c, err = c.Clone(); err != nil {
			return nil, err
		}
	}
	return wrapArray(c), nil
}

// sameArray is the array argument a of asarray and its kin when it needs
// no conversion (no dtype asked, or its own): NumPy returns it itself.
func sameArray(a *lang.Args) *Array {
	arr, ok := a.Value("a").(*Array)
	if !ok {
		return nil
	}
	if !a.IsNone("dtype") {
		d, err := toDType(a.Value("dtype"))
		if err != nil || d != arr.store.DType() {
			return nil
		}
	}
	return arr
}
