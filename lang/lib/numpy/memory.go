package numpy

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// np.shares_memory and np.may_share_memory: whether two arrays reach the
// same elements of one storage. Arrays of other data (numbers, lists) have
// memory of their own and share none.

func defMemory(m map[string]lang.Value) {
	m["shares_memory"] = lang.NewBuiltin(lang.AsValue, "shares_memory(a, b, max_work=None)", "Whether a and b reach a common element of memory (exactly, by their offsets).", func(a *lang.Args) (lang.Value, error) {
		x, y := memoryOf(a.Value("a")), memoryOf(a.Value("b"))
		return x != nil && y != nil && sharesElements(x, y), nil
	})
	m["may_share_memory"] = lang.NewBuiltin(lang.AsValue, "may_share_memory(a, b, max_work=None)", "Whether the memory extents of a and b overlap (elements in between count).", func(a *lang.Args) (lang.Value, error) {
		x, y := memoryOf(a.Value("a")), memoryOf(a.Value("b"))
		if x == nil || y == nil || x.Storage() != y.Storage() {
			return false, nil
		}
		xlo, xhi := extent(x)
		ylo, yhi := extent(y)
		return xlo <= xhi && ylo <= yhi && xlo <= yhi && ylo <= xhi, nil
	})
}

// memoryOf is the tensor over an array's memory (store: flips do not
// change which elements it reaches), nil for values that are no array.
func memoryOf(v lang.Value) *tensor.Tensor {
	switch x := v.(type) {
	case *Array:
		return x.store
	case *tensor.Tensor:
		return x
	}
	return nil
}

// extent is the first and last storage element t reaches (lo > hi when
// it reaches none).
func extent(t *tensor.Tensor) (lo, hi int) {
	lo, hi = t.Offset(), t.Offset()
	for d, n := range t.Shape() {
		if n == 0 {
			return 0, -1
		}
		hi += (n - 1) * t.Strides()[d] // strides are non-negative
	}
	return lo, hi
}

// sharesElements reports whether x and y reach a common storage element:
// it marks x's elements within the overlap of their extents and looks
// for one of y's.
func sharesElements(x, y *tensor.Tensor) bool {
	if x.Storage() != y.Storage() {
		return false
	}
	xlo, xhi := extent(x)
	ylo, yhi := extent(y)
	lo, hi := max(xlo, ylo), min(xhi, yhi)
	if lo > hi {
		return false
	}
	marked := make([]bool, hi-lo+1)
	found := false
	eachOffset(x, func(o int) {
		if o >= lo && o <= hi {
			marked[o-lo] = true
		}
	})
	eachOffset(y, func(o int) {
		if o >= lo && o <= hi && marked[o-lo] {
			found = true
		}
	})
	return found
}

// eachOffset calls fn with the storage offset of each element of t.
func eachOffset(t *tensor.Tensor, fn func(int)) {
	shape, strides := t.Shape(), t.Strides()
	if t.Numel() == 0 {
		return
	}
	idx := make([]int, len(shape))
	for {
		o := t.Offset()
		for d, i := range idx {
			o += i * strides[d]
		}
		fn(o)
		d := len(idx) - 1
		for ; d >= 0; d-- {
			if idx[d]++; idx[d] < shape[d] {
				break
			}
			idx[d] = 0
		}
		if d < 0 {
			return
		}
	}
}
