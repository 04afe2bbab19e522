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
	srcShape := src.Shape()
	n := srcShape[dim]
	idx, ok := int64Elements(ind)
	if !ok || (n == 0 && len(idx) > 0) { // NumPy's errors for an empty axis
		return nil, false, nil
	}
	if m == 'r' {
		for _, i := range idx {
			if i < -int64(n) || i >= int64(n) {
				return nil, false, nil // NumPy's IndexError
			}
		}
	}
	shape := append(append(append([]int(nil), srcShape[:dim]...), ind.Shape()...), srcShape[dim+1:]...)
	var o *Array
	if out != lang.None {
		o, isArray = out.(*Array)
		if !isArray || o.mm != nil || o.readonly || o.flip != 0 || o.store.DType() != src.DType() || !sameShape(o.store.Shape(), shape) {
			return nil, false, nil
		}
	}
	if !src.IsContiguous() {
		c, err := src.Contiguous()
		if err != nil {
			return nil, true, err
		}
		src = c
	}
	// the gather writes straight into out unless out is strided or shares
	// memory with what it reads
	var dst *tensor.Tensor
	if o != nil && o.store.IsContiguous() && !o.store.SharesStorage(src) && !o.store.SharesStorage(ind) {
		dst = o.store
	} else {
		t, err := tensor.Empty(src.DType(), shape...)
		if err != nil {
			return nil, true, err
		}
		dst = t
	}
	pre := 1
	for _, d := range srcShape[:dim] {
		pre *= d
	}
	g := takeGather{pre: pre, n: n, post: src.Numel() / max(pre*n, 1), idx: idx, mode: m}
	if n == 0 {
		g.post = 0 // nothing to read: the result is empty
	}
	if !g.into(src, dst) {
		return nil, false, nil // a dtype without a loop: nothing written yet
	}
	switch {
	case o == nil:
		return wrap(dst), true, nil
	case dst == o.store:
		o.store.MarkModified()
	default:
		if err := o.store.CopyFrom(dst); err != nil {
			return nil, true, err
		}
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
// 32-bit-or-smaller unsigned dtype, a Python int (a 0-d index), or a flat
// non-empty list or tuple of Python ints; !ok for the rest (nested or
// empty lists, floats, bools, uint64), which npidx.py converts.
func takeIndices(indices lang.Value) (*tensor.Tensor, bool) {
	switch v := indices.(type) {
	case int64:
		t, err := tensor.Scalar(v)
		return t, err == nil
	case *lang.List:
		return intVector(v.Elems)
	case lang.Tuple:
		return intVector(v)
	case *Array:
		if d := v.store.DType(); d.Category() == tensor.IntegerCategory && d != tensor.Uint64 { // uint64 does not cast safely to intp
			return v.val(), true
		}
	}
	return nil, false
}

// intVector is elems, Python ints all, as an int64 vector; !ok when one
// is anything else or there are none.
func intVector(elems []lang.Value) (*tensor.Tensor, bool) {
	if len(elems) == 0 {
		return nil, false
	}
	vals := make([]int64, len(elems))
	for k, e := range elems {
		i, isInt := e.(int64)
		if !isInt {
			return nil, false
		}
		vals[k] = i
	}
	t, err := tensor.FromSlice(vals)
	return t, err == nil
}

// int64Elements is the elements of the integer tensor ind in row-major
// order, as int64: ind's own memory when it is contiguous int64 (not to
// be changed), else a new slice.
func int64Elements(ind *tensor.Tensor) ([]int64, bool) {
	if ind.DType() == tensor.Int64 && ind.IsContiguous() {
		d, err := tensor.Data[int64](ind)
		if err != nil {
			return nil, false
		}
		return d[ind.Offset() : ind.Offset()+ind.Numel()], true
	}
	c, err := ind.To(tensor.Int64)
	if err != nil {
		return nil, false
	}
	vals, err := tensor.Values[int64](c)
	return vals, err == nil
}

// takeGather copies, for each of pre blocks of an axis of n positions of
// post elements, the positions idx (read by mode) in their order.
type takeGather struct {
	pre, n, post int
	idx          []int64
	mode         byte
}

// position is index i as a position in [0, n) by the gather's mode: 'w'
// wraps modulo n, 'c' clips, 'r' adds n to a negative i (checked before).
func (g *takeGather) position(i int64) int {
	n := int64(g.n)
	switch {
	case i >= 0 && i < n:
	case g.mode == 'w':
		if i %= n; i < 0 {
			i += n
		}
	case g.mode == 'c':
		i = min(max(i, 0), n-1)
	default:
		i += n
	}
	return int(i)
}

// into gathers contiguous src into contiguous dst of the same dtype;
// false, having written nothing, for a dtype it has no loop for.
func (g *takeGather) into(src, dst *tensor.Tensor) bool {
	loops, err := takeLoopsByDType.Select("take", src.DType())
	return err == nil && loops.gather(g, src, dst)
}

// takeLoops are take's and put's loops over one storage type.
type takeLoops struct {
	gather  func(g *takeGather, src, dst *tensor.Tensor) bool  // gatherAs
	scatter func(g *takeGather, dst, vals *tensor.Tensor) bool // scatterAs
}

func takeLoopsOf[T tensor.Element]() takeLoops {
	return takeLoops{gather: gatherAs[T], scatter: scatterAs[T]}
}

// takeLoopsByDType holds each dtype's loops, the one place where take
// and put turn a runtime dtype into typed code.
var takeLoopsByDType = tensor.AllDTypes(tensor.ByDType[takeLoops]{
	tensor.Float64: takeLoopsOf[float64](), tensor.Float32: takeLoopsOf[float32](), tensor.Float16: takeLoopsOf[tensor.F16](),
	tensor.BFloat16: takeLoopsOf[tensor.BF16](), tensor.Int64: takeLoopsOf[int64](), tensor.Int32: takeLoopsOf[int32](),
	tensor.Int16: takeLoopsOf[int16](), tensor.Int8: takeLoopsOf[int8](), tensor.Uint8: takeLoopsOf[tensor.U8](),
	tensor.Bool: takeLoopsOf[uint8](), tensor.Uint16: takeLoopsOf[uint16](), tensor.Uint32: takeLoopsOf[uint32](),
	tensor.Uint64: takeLoopsOf[uint64](), tensor.Complex64: takeLoopsOf[complex64](), tensor.Complex128: takeLoopsOf[complex128](),
})

// gatherAs is takeGather.into over the storage type T.
func gatherAs[T tensor.Element](g *takeGather, src, dst *tensor.Tensor) bool {
	s, err := tensor.Data[T](src)
	if err != nil {
		return false
	}
	d, err := tensor.Data[T](dst)
	if err != nil {
		return false
	}
	s = s[src.Offset() : src.Offset()+src.Numel()]
	d = d[dst.Offset() : dst.Offset()+dst.Numel()]
	if g.post == 1 {
		k := len(g.idx)
		for p := 0; p < g.pre; p++ {
			row, out := s[p*g.n:(p+1)*g.n], d[p*k:(p+1)*k]
			for j, i := range g.idx {
				out[j] = row[g.position(i)]
			}
		}
		return true
	}
	w := 0
	for p := 0; p < g.pre; p++ {
		base := p * g.n * g.post
		for _, i := range g.idx {
			at := base + g.position(i)*g.post
			w += copy(d[w:w+g.post], s[at:at+g.post])
		}
	}
	return true
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
