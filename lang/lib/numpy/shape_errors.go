package numpy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// NumPy 1.24's shape errors, checked before the core is asked, so that
// a NumPy user reads NumPy's wording rather than the core's (PyTorch's):
// one function for each rule, shared by every function that applies it.

// broadcastError is the ufuncs' ValueError for operands whose shapes do
// not broadcast together, or nil when they do.
func broadcastError(shapes ...[]int) error {
	out := []int{}
	for _, s := range shapes {
		var err error
		if out, err = tensor.BroadcastShapes(out, s); err != nil {
			var b strings.Builder
			for _, s := range shapes {
				b.WriteString(compactTuple(s) + " ")
			}
			return lang.Errorf(lang.ValueError, "operands could not be broadcast together with shapes %s", b.String())
		}
	}
	return nil
}

// concatError is concatenate's ValueError for arrays that cannot be
// joined along axis (the first array's dimensions already checked), or
// nil: each array's rank, then its sizes off the axis, against the
// first's, in order.
func concatError(ts []*tensor.Tensor, axis int) error {
	first := ts[0].Shape()
	for i, t := range ts[1:] {
		s := t.Shape()
		if len(s) != len(first) {
			return lang.Errorf(lang.ValueError, "all the input arrays must have same number of dimensions, but the array at index 0 has %d dimension(s) and the array at index %d has %d dimension(s)", len(first), i+1, len(s))
		}
		for d := range s {
			if d != axis && s[d] != first[d] {
				return lang.Errorf(lang.ValueError, "all the input array dimensions except for the concatenation axis must match exactly, but along dimension %d, the array at index 0 has size %d and the array at index %d has size %d", d, first[d], i+1, s[d])
			}
		}
	}
	return nil
}

// stackError is stack's ValueError for arrays of different shapes.
func stackError(ts []*tensor.Tensor) error {
	for _, t := range ts[1:] {
		if !slices.Equal(t.Shape(), ts[0].Shape()) {
			return lang.Errorf(lang.ValueError, "all input arrays must have the same shape")
		}
	}
	return nil
}

// dotError is np.dot's ValueError when a's last dimension is not b's
// second to last (its only one for a vector), or nil.
func dotError(a, b []int) error {
	da, db := len(a)-1, max(len(b)-2, 0)
	if a[da] == b[db] {
		return nil
	}
	return lang.Errorf(lang.ValueError, "shapes %s and %s not aligned: %d (dim %d) != %d (dim %d)", compactTuple(a), compactTuple(b), a[da], da, b[db], db)
}

// matmulError is matmul's ValueError for operands of at least one
// dimension whose core dimensions differ, or whose stacks of matrices do
// not broadcast (NumPy's "remapped shapes", the core dimensions shown as
// newaxis), or nil.
func matmulError(a, b []int) error {
	ka, kb := a[len(a)-1], b[max(len(b)-2, 0)]
	if ka != kb {
		return lang.Errorf(lang.ValueError, "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size %d is different from %d)", kb, ka)
	}
	if len(a) < 3 || len(b) < 3 {
		return nil
	}
	ba, bb := a[:len(a)-2], b[:len(b)-2]
	if _, err := tensor.BroadcastShapes(ba, bb); err == nil {
		return nil
	}
	remapped := func(s, batch []int) string {
		var b strings.Builder
		b.WriteString(compactTuple(s) + "->(")
		for _, n := range batch {
			fmt.Fprintf(&b, "%d,", n)
		}
		b.WriteString("newaxis,newaxis)")
		return b.String()
	}
	return lang.Errorf(lang.ValueError, "operands could not be broadcast together with remapped shapes [original->remapped]: %s %s  and requested shape (%d,%d)", remapped(a, ba), remapped(b, bb), a[len(a)-2], b[len(b)-1])
}

// reshapeError is reshape's ValueError: more than one unknown (-1)
// dimension, or a shape of another size than the array's, written as
// NumPy writes it (a leading unknown dimension left out, the others
// shown as newaxis, a trailing comma for a one-dimensional shape only).
func reshapeError(t *tensor.Tensor, shape []int) error {
	unknown := 0
	var parts []string
	for _, n := range shape {
		switch {
		case n < 0:
			unknown++
			if len(parts) > 0 {
				parts = append(parts, "newaxis")
			}
		default:
			parts = append(parts, fmt.Sprint(n))
		}
	}
	if unknown > 1 {
		return lang.Errorf(lang.ValueError, "can only specify one unknown dimension")
	}
	text := "(" + strings.Join(parts, ",")
	if len(shape) == 1 && len(parts) == 1 {
		text += ","
	}
	return lang.Errorf(lang.ValueError, "cannot reshape array of size %d into shape %s)", t.Numel(), text)
}

// tooManyIndices is indexing's IndexError when subs index more
// dimensions than an array of ndim has (None and ... index none, a
// boolean array as many as it has), or nil.
func tooManyIndices(subs []lang.Subscript, ndim int) error {
	n := 0
	for _, s := range subs {
		switch v := s.Value.(type) {
		case lang.NoneType, lang.EllipsisType, bool:
			if !s.IsSlice {
				continue
			}
		case lang.Tuple: // a[()] indexes nothing
			if len(v) == 0 && !s.IsSlice {
				continue
			}
		case *Array:
			if v.store.DType() == tensor.Bool && !s.IsSlice {
				n += max(v.store.Dim(), 1)
				continue
			}
		}
		n++
	}
	if n <= ndim {
		return nil
	}
	return lang.Errorf(lang.IndexError, "too many indices for array: array is %d-dimensional, but %d were indexed", ndim, n)
}
