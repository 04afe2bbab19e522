package numpy

import (
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// np.take and ndarray.take in Go for the calls programs make: a plain
// array, integer indices (an integer array or a Python int), axis None or
// in range, mode 'raise', 'wrap' or 'clip' (or np.RAISE, np.WRAP,
// np.CLIP), and out= None or a writeable array of a's dtype and the
// result's shape. Every other call, and every call NumPy refuses, goes to
// npidx.py's take, which gives NumPy's results and errors: the Go path
// only answers where it gives the same result, and writes nothing before
// it knows it will.

// takeWithGoPath returns take (of sig, "take(a, ...)" or "take(self,
// ...)") answering in Go where takeInGo can, else calling python, the
// builtin of npidx.py's take.
func takeWithGoPath(sig, doc string, python *lang.Builtin) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
		args := a.Values()
		if r, ok, err := takeInGo(args[0], args[1], args[2], args[3], args[4]); ok {
			return r, err
		}
		return a.Call(python, args...)
	})
}

// takeInGo is np.take(arr, indices, axis, out, mode) when ok; !ok leaves
// the call (and its errors) to npidx.py.
func takeInGo(arr, indices, axis, out, mode lang.Value) (lang.Value, bool, error) {
	x, isArray := arr.(*Array)
	if !isArray || x.mm != nil {
		return nil, false, nil
	}
	m, ok := takeMode(mode)
	if !ok {
		return nil, false, nil
	}
	ind, ok := takeIndices(indices)
	if !ok {
		return nil, false, nil
	}
	src := x.val()
	dim := 0
	if axis == lang.None {
		if src.Dim() != 1 {
			flat, err := src.Reshape(-1)
			if err != nil {
				return nil, false, nil
			}
			src = flat
		}
	} else {
		ax, isInt := axis.(int64)
		nd := int64(src.Dim())
		if !isInt || ax < -nd || ax >= nd {
			return nil, false, nil
		}
		if ax < 0 {
			ax += nd
		}
		dim = int(ax)
	}
	n := int64(src.Shape()[dim])
	if n == 0 && ind.Numel() > 0 {
		return nil, false, nil // NumPy's errors for an empty axis
	}
	pos, ok := takePositions(ind, n, m)
	if !ok {
		return nil, false, nil // an index out of range: NumPy's IndexError
	}
	shape := append(append(append([]int(nil), src.Shape()[:dim]...), ind.Shape()...), src.Shape()[dim+1:]...)
	var o *Array
	if out != lang.None {
		o, isArray = out.(*Array)
		if !isArray || o.mm != nil || o.readonly || o.flip != 0 || o.store.DType() != src.DType() || !sameShape(o.store.Shape(), shape) {
			return nil, false, nil
		}
	}
	r, err := tensor.IndexSelect(src, dim, pos)
	if err != nil {
		return nil, true, err
	}
	if r, err = r.Reshape(shape...); err != nil {
		return nil, true, err
	}
	if o == nil {
		return wrap(r), true, nil
	}
	if err := o.store.CopyFrom(r); err != nil {
		return nil, true, err
	}
	return o, true, nil
}

// takeMode reads NumPy's clip mode as npidx.py's _clipmode does: 'r'aise,
// 'w'rap or 'c'lip by the first letter, np.CLIP, np.WRAP or np.RAISE, or
// None for 'raise'; !ok for anything else, left to _clipmode's errors.
func takeMode(mode lang.Value) (byte, bool) {
	switch v := mode.(type) {
	case lang.NoneType:
		return 'r', true
	case string:
		if v == "" {
			return 0, false
		}
		switch c := strings.ToLower(v[:1]); c {
		case "r", "w", "c":
			return c[0], true
		}
	case int64:
		if v >= 0 && v <= 2 {
			return "cwr"[v], true
		}
	}
	return 0, false
}

// takeIndices is indices as an integer tensor: an array of a signed or
// 32-bit-or-smaller unsigned dtype, or a Python int (a 0-d index); !ok for
// the rest (lists, floats, bools, uint64), which npidx.py converts.
func takeIndices(indices lang.Value) (*tensor.Tensor, bool) {
	switch v := indices.(type) {
	case int64:
		t, err := tensor.Scalar(v)
		return t, err == nil
	case *Array:
		switch v.store.DType() {
		case tensor.Int64, tensor.Int32, tensor.Int16, tensor.Int8, tensor.Uint8, tensor.Uint16, tensor.Uint32:
			return v.val(), true
		}
	}
	return nil, false
}

// takePositions is ind (of any integer dtype and shape) as a new int64
// vector of positions in [0, n) by mode: 'w' wraps modulo n, 'c' clips to
// [0, n-1], 'r' adds n to a negative index; !ok when mode 'r' meets an
// index outside [-n, n).
func takePositions(ind *tensor.Tensor, n int64, mode byte) (*tensor.Tensor, bool) {
	flat, err := ind.Reshape(-1)
	if err != nil {
		return nil, false
	}
	if flat.DType() != tensor.Int64 {
		if flat, err = flat.To(tensor.Int64); err != nil {
			return nil, false
		}
	}
	vals, err := tensor.Values[int64](flat) // a new slice, ours to change
	if err != nil {
		return nil, false
	}
	for i, v := range vals {
		switch {
		case v >= 0 && v < n:
		case mode == 'w':
			if v %= n; v < 0 {
				v += n
			}
			vals[i] = v
		case mode == 'c':
			vals[i] = min(max(v, 0), n-1)
		case v < 0 && v >= -n:
			vals[i] = v + n
		default:
			return nil, false
		}
	}
	pos, err := tensor.FromSlice(vals)
	return pos, err == nil
}

// sameShape reports whether shapes a and b are equal.
func sameShape(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
