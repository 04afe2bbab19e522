package tensor

import (
	"slices"
	"sync"
)

// The fast path of the element-wise operations for the most common
// operands: contiguous inputs of one shape, or of one shape and 0-d
// tensors (a tensor and a number). For them the iteration is one run over
// every element, with nothing to broadcast, reorder or coalesce; for an
// operation on a few elements, NewIter's general set-up and its
// allocations cost more than the arithmetic (docs/performance.md).

// flatGeometry backs the shape and strides of a flat iterator: one
// dimension of all the elements, stride 1 for each operand of that shape
// and 0 for a 0-d one.
type flatGeometry struct {
	shape   [1]int
	stride  [4]int
	strides [4][]int
}

// flatIters recycles the iterators of newFlatIter.
var flatIters = sync.Pool{New: func() any { return new(Iter) }}

// newFlatIter is NewIter for an element-wise operation into a new output
// of dtype outType, when every input is contiguous and has the shape of
// the first input with dimensions, or is 0-d. Building it allocates only
// the output; the caller gives the iterator back with release once its
// kernel has run. ok is false, and nothing is allocated, when the inputs
// are not of that form or NewIter would refuse them.
func newFlatIter(outType DType, inputs ...*Tensor) (it *Iter, ok bool, err error) {
	if len(inputs) == 0 || len(inputs) >= len(it.flat.stride) {
		return nil, false, nil
	}
	shape := inputs[0].shape
	for _, in := range inputs {
		if len(in.shape) > 0 {
			shape = in.shape
			break
		}
	}
	for _, in := range inputs {
		if in.dtype != inputs[0].dtype || in.storage.device != CPU || !in.IsContiguous() ||
			(len(in.shape) > 0 && !slices.Equal(in.shape, shape)) {
			return nil, false, nil
		}
	}
	out, err := emptyOutput(outType, shape...)
	if err != nil {
		return nil, true, err
	}
	it = flatIters.Get().(*Iter)
	it.numel = out.Numel()
	it.ops = append(append(it.opsBuf[:0], out), inputs...)
	g := &it.flat
	g.shape[0] = it.numel
	it.shape = g.shape[:]
	for k, op := range it.ops {
		g.stride[k] = 1
		if len(op.shape) == 0 && len(shape) > 0 {
			g.stride[k] = 0
		}
		g.strides[k] = g.stride[k : k+1]
	}
	it.strides = g.strides[:len(it.ops)]
	return it, true, nil
}

// runElementwise runs the kernel of a unary (y nil) or binary element-wise
// operation on x and y into out, or into a new tensor of dtype iterType
// when out is nil, and returns the result converted to outType. It takes
// the flat iterator when it can, and NewIter's otherwise.
func runElementwise(kernel func(*Iter) error, out *Tensor, iterType, outType DType, x, y *Tensor) (*Tensor, error) {
	var it *Iter
	var flat bool
	var err error
	if out == nil {
		if y == nil {
			it, flat, err = newFlatIter(iterType, x)
		} else {
			it, flat, err = newFlatIter(iterType, x, y)
		}
	}
	if !flat {
		inputs := []*Tensor{x, y}
		if y == nil {
			inputs = inputs[:1]
		}
		it, err = NewIter(IterConfig{Out: out, OutDType: iterType, Inputs: inputs})
	}
	if err != nil {
		return nil, err
	}
	err = kernel(it)
	res := it.Output()
	if flat {
		it.release()
	}
	if err != nil {
		return nil, err
	}
	return res.To(outType)
}

// release returns an iterator built by newFlatIter for reuse, once its
// kernel has returned and its output has been taken. Nothing may use it
// afterwards.
func (it *Iter) release() {
	// Only the references to tensors: newFlatIter sets every other field
	// again, and zeroing the whole iterator cost write barriers.
	it.opsBuf, it.ops = [len(it.opsBuf)]*Tensor{}, nil
	flatIters.Put(it)
}

// singleRun returns the one call Run would make, when the iteration is a
// single run of at most GrainSize elements on this goroutine: the storage
// offset and stride of every operand and the length. A kernel with a loop
// for that case calls it directly, without the closure Run needs. ok is
// false otherwise; err reports an interrupt, as Run would.
func (it *Iter) singleRun() (offs, inner []int, n int, ok bool, err error) {
	nops := len(it.ops)
	if len(it.shape) != 1 || it.numel > GrainSize || it.numel == 0 || 2*nops > len(it.scratch) {
		return nil, nil, 0, false, nil
	}
	if Interrupted() {
		return nil, nil, 0, true, errInterrupted()
	}
	offs, inner = it.scratch[:nops], it.scratch[nops:2*nops]
	for k, op := range it.ops {
		offs[k], inner[k] = op.offset, it.strides[k][0]
	}
	return offs, inner, it.numel, true, nil
}
