package numpy

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// Negative strides. NumPy's a[::-1], a[5:1:-2] and np.flip are views whose
// strides are negative; kael's tensors keep every stride non-negative (the
// kernels walk memory forwards), so an Array carries them itself: store is
// a view with non-negative strides of the same elements, and flip names
// the dimensions along which the array reads store backwards. Reading
// such an array (val) gives a copy flipped into the array's order; writing
// (assign, SetSubscript, in-place operators, out=) flips the values back
// and writes them into store, so writes show through to the base and back.
// A view of a view (a[::-1][1:], b[::2, 0]) is translated into store's
// coordinates and stays a view. Only arrays with a flipped dimension pay
// for the copies; the others are store itself.

// flipMask has bit d set when dimension d reads its store backwards.
type flipMask uint64

// maxDims bounds the dimensions a flipMask describes, NumPy's own limit.
const maxDims = 64

func (m flipMask) has(d int) bool { return m&(1<<uint(d)) != 0 }

// dims lists the flipped dimensions of an ndim-dimensional array.
func (m flipMask) dims(ndim int) []int {
	var ds []int
	for d := 0; d < ndim; d++ {
		if m.has(d) {
			ds = append(ds, d)
		}
	}
	return ds
}

// NegativeStrides reports whether a reads its memory backwards along a
// dimension: torch refuses such an array, as PyTorch does.
func (a *Array) NegativeStrides() bool { return a.flip != 0 }

// val is the array's tensor for reading: store itself, or a copy of it in
// the array's order when a dimension is flipped.
func (a *Array) val() *tensor.Tensor {
	if a.flip == 0 {
		return a.store
	}
	r, err := tensor.Flip(a.store, a.flip.dims(a.store.Dim())...)
	if err != nil { // only a failed allocation: read store's order
		return a.store
	}
	return r
}

// flipped is src (broadcast to dst's shape) in the order of a view with
// mask m over dst: flipping is its own inverse.
func flipped(dst, src *tensor.Tensor, m flipMask) (*tensor.Tensor, error) {
	if m == 0 {
		return src, nil
	}
	e, err := src.Expand(dst.Shape()...)
	if err != nil {
		return nil, err
	}
	return tensor.Flip(e, m.dims(dst.Dim())...)
}

// assign writes src (broadcast, cast to a's dtype) into the array.
func (a *Array) assign(src *tensor.Tensor) error {
	c, err := castTensor(src, a.store.DType())
	if err != nil {
		return err
	}
	if c, err = flipped(a.store, c, a.flip); err != nil {
		return err
	}
	return copyInto(a.store, c)
}

// update runs fn, which changes a tensor in place, on the array's
// elements in its order, and writes them back when that was a copy.
func (a *Array) update(fn func(t *tensor.Tensor) error) error {
	if err := a.writable("array is read-only"); err != nil {
		return err
	}
	t := a.val()
	if err := fn(t); err != nil || a.flip == 0 {
		return err
	}
	return a.assign(t)
}

// owner is the array whose memory a view of a reads: NumPy's base.
func (a *Array) owner() *Array {
	if a.base != nil {
		return a.base
	}
	return a
}

// hasNonPositiveStep reports whether a slice among idx steps backwards
// (or has step 0, which sliceIndices refuses with NumPy's message).
func hasNonPositiveStep(idx []tensor.Index) bool {
	for _, ix := range idx {
		if _, _, step := ix.SliceBounds(); step != nil && *step <= 0 {
			return true
		}
	}
	return false
}

// isBasic reports whether idx has no advanced (array) index, so that
// indexing gives a view.
func isBasic(idx []tensor.Index) bool {
	for _, ix := range idx {
		if ix.Tensor() != nil {
			return false
		}
	}
	return true
}

// sliceIndices is Python's slice.indices(n): the first position, the step
// and the number of positions a slice picks from a dimension of size n.
func sliceIndices(start, stop, step *int, n int) (first, by, count int, err error) {
	by = 1
	if step != nil {
		by = *step
	}
	if by == 0 {
		return 0, 0, 0, lang.Errorf(lang.ValueError, "slice step cannot be zero")
	}
	lo, hi := 0, n // the clamps: [0, n] forwards, [-1, n-1] backwards
	if by < 0 {
		lo, hi = -1, n-1
	}
	bound := func(p *int, def int) int {
		if p == nil {
			return def
		}
		v := *p
		if v < 0 {
			v += n
		}
		return min(max(v, lo), hi)
	}
	if by > 0 {
		first = bound(start, lo)
		last := bound(stop, hi)
		if last > first {
			count = (last-first-1)/by + 1
		}
	} else {
		first = bound(start, hi)
		last := bound(stop, lo)
		if first > last {
			count = (first-last-1)/(-by) + 1
		}
	}
	return first, by, count, nil
}

// basicView translates the basic indices idx of a (ints, slices of any
// step, None, Ellipsis) into indices of a.store with non-negative steps,
// and returns the view of store they pick with its flip mask.
func (a *Array) basicView(idx []tensor.Index) (*tensor.Tensor, flipMask, error) {
	ndim := a.store.Dim()
	shape := a.store.Shape()
	consumed := 0
	for _, ix := range idx {
		if ix.IsInt() || ix.IsSlice() {
			consumed++
		}
	}
	out := make([]tensor.Index, 0, len(idx))
	var mask flipMask
	d, o := 0, 0 // dimension of a, dimension of the result
	ellipsis := false
	keep := func() {
		if a.flip.has(d) {
			mask |= 1 << uint(o)
		}
		d++
		o++
	}
	for _, ix := range idx {
		switch {
		case ix.IsEllipsis() && ellipsis:
			out = append(out, ix) // Index refuses a second one
		case ix.IsEllipsis():
			ellipsis = true
			for range ndim - consumed {
				out = append(out, tensor.IndexSlice(nil, nil, nil))
				keep()
			}
		case ix.IsNone():
			out = append(out, ix)
			o++
		case ix.IsInt():
			i := ix.Int()
			if d < ndim && a.flip.has(d) && i >= -shape[d] && i < shape[d] {
				if i < 0 {
					i += shape[d]
				}
				i = shape[d] - 1 - i
			}
			out = append(out, tensor.IndexInt(i))
			d++
		case ix.IsSlice():
			if d >= ndim {
				out = append(out, ix) // too many indices: Index says so
				break
			}
			n := shape[d]
			start, stop, step := ix.SliceBounds()
			first, by, count, err := sliceIndices(start, stop, step, n)
			if err != nil {
				return nil, 0, err
			}
			if a.flip.has(d) { // position p of a is n-1-p of store
				first, by = n-1-first, -by
			}
			switch {
			case count == 0:
				zero := 0
				out = append(out, tensor.IndexSlice(&zero, &zero, nil))
			case by > 0:
				stop := first + (count-1)*by + 1
				out = append(out, tensor.IndexSlice(&first, &stop, &by))
			default:
				lo, stop, up := first+(count-1)*by, first+1, -by
				out = append(out, tensor.IndexSlice(&lo, &stop, &up))
				mask |= 1 << uint(o)
			}
			d++
			o++
		}
	}
	for ; d < ndim; d++ {
		if a.flip.has(d) {
			mask |= 1 << uint(o)
		}
		o++
	}
	if o > maxDims {
		return nil, 0, lang.Errorf(lang.IndexError, "too many indices: an array has at most %d dimensions", maxDims)
	}
	r, err := a.store.Index(out...)
	if err != nil {
		return nil, 0, err
	}
	return r, mask, nil
}

// splitAdvanced splits indices that mix advanced indices with flips (a
// flipped array, or a slice with a negative step) into a basic part, which
// picks a view and flips it into order, and an advanced part applied to
// that: NumPy's result for any mix, since advanced indexing copies.
func splitAdvanced(idx []tensor.Index) (basic, adv []tensor.Index) {
	all := tensor.IndexSlice(nil, nil, nil)
	for _, ix := range idx {
		switch {
		case ix.Tensor() != nil:
			k := 1
			if ix.Tensor().DType() == tensor.Bool {
				k = max(ix.Tensor().Dim(), 1)
				if ix.Tensor().Dim() == 0 {
					k = 0
				}
			}
			for range k {
				basic = append(basic, all)
			}
			adv = append(adv, ix)
		case ix.IsInt():
			basic = append(basic, all)
			adv = append(adv, ix)
		case ix.IsSlice():
			basic = append(basic, ix)
			adv = append(adv, all)
		case ix.IsNone():
			basic = append(basic, ix)
			adv = append(adv, all)
		default: // Ellipsis
			basic = append(basic, ix)
			adv = append(adv, ix)
		}
	}
	return basic, adv
}

// flipTo returns an array over view whose dimensions in m read it
// backwards, a view of a.
func (a *Array) flipTo(view *tensor.Tensor, m flipMask) *Array {
	return &Array{store: view, flip: m, base: a.owner(), readonly: a.readonly}
}

func defFlip(m map[string]lang.Value) {
	m["flip"] = lang.NewBuiltin(lang.AsValue, "flip(m, axis=None)", "A view of m with the order of elements reversed along axis (an int or a tuple; every axis when None).", func(a *lang.Args) (lang.Value, error) {
		arr, err := arrayArg(a.Value("m"))
		if err != nil {
			return nil, err
		}
		axes, err := axesArg(a.Value("axis"), arr.store.Dim())
		if err != nil {
			return nil, err
		}
		if axes == nil {
			axes = allAxes(arr.store.Dim())
		}
		return arr.flipAxes(axes)
	})
	for _, f := range []struct {
		name, doc string
		axis      int
	}{{"flipud", "A view of m with its rows in reverse order (axis 0).", 0}, {"fliplr", "A view of m with its columns in reverse order (axis 1).", 1}} {
		f := f
		m[f.name] = lang.NewBuiltin(lang.AsValue, f.name+"(m)", f.doc, func(a *lang.Args) (lang.Value, error) {
			arr, err := arrayArg(a.Value("m"))
			if err != nil {
				return nil, err
			}
			if arr.store.Dim() <= f.axis {
				return nil, lang.Errorf(lang.ValueError, "Input must be >= %d-d.", f.axis+1)
			}
			return arr.flipAxes([]int{f.axis})
		})
	}
}

// arrayArg is an array argument itself, or a new array of other data.
func arrayArg(v lang.Value) (*Array, error) {
	if arr, ok := v.(*Array); ok {
		return arr, nil
	}
	if arr, ok := subArray(v); ok {
		return arr, nil
	}
	t, err := arrayFrom(v, 0, false)
	if err != nil {
		return nil, err
	}
	return wrapArray(t), nil
}

// flipAxes is the view of a reversed along axes (normalised), a[..., ::-1, ...].
func (a *Array) flipAxes(axes []int) (lang.Value, error) {
	idx := make([]tensor.Index, a.store.Dim())
	back := -1
	for d := range idx {
		idx[d] = tensor.IndexSlice(nil, nil, nil)
	}
	for _, d := range axes {
		idx[d] = tensor.IndexSlice(nil, nil, &back)
	}
	r, m, err := a.basicView(idx)
	if err != nil {
		return nil, err
	}
	if r.Dim() == 0 {
		return wrap(r), nil
	}
	return a.flipTo(r, m), nil
}
