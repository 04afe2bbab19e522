package tensor

// ClonePreservingLayout returns a copy of t in new storage whose
// dimensions are laid out in the order of t's strides (PyTorch's clone
// with preserve_format): a dense tensor's copy has its strides, a
// transposed matrix's copy is transposed too, and the layout of any other
// is ATen's infer_dense_strides of its sizes and strides.
func (t *Tensor) ClonePreservingLayout() (*Tensor, error) {
	if t.IsContiguous() {
		return t.Clone()
	}
	// perm lists the dimensions from the innermost out: an insertion sort
	// by stride, dimensions of stride 0 staying in place and equal
	// strides putting the smaller size inside (ATen's should_swap).
	nd := len(t.shape)
	perm := make([]int, nd)
	for i := range perm {
		perm[i] = nd - 1 - i
	}
	swap := func(d0, d1 int) int {
		s0, s1 := t.strides[d0], t.strides[d1]
		switch {
		case s0 == 0 || s1 == 0:
			return 0
		case s0 < s1:
			return -1
		case s0 > s1:
			return 1
		case t.shape[d0] > t.shape[d1]:
			return 1
		}
		return 0
	}
	for i := 1; i < nd; i++ {
		d1 := i
		for d0 := i - 1; d0 >= 0; d0-- {
			c := swap(perm[d0], perm[d1])
			if c > 0 {
				perm[d0], perm[d1] = perm[d1], perm[d0]
				d1 = d0
			} else if c < 0 {
				break
			}
		}
	}
	order := make([]int, nd) // outermost first
	for i, d := range perm {
		order[nd-1-i] = d
	}
	c, err := t.view(permuteInts(t.shape, order), permuteInts(t.strides, order), t.offset).Clone()
	if err != nil {
		return nil, err
	}
	inverse := make([]int, nd)
	for i, d := range order {
		inverse[d] = i
	}
	return c.view(permuteInts(c.shape, inverse), permuteInts(c.strides, inverse), 0), nil
}

// permuteInts returns xs in the order order.
func permuteInts(xs, order []int) []int {
	out := make([]int, len(order))
	for i, d := range order {
		out[i] = xs[d]
	}
	return out
}
