package tensor

import (
	"fmt"
	"slices"
)

// BroadcastShapes returns the shape that shapes broadcast to, with PyTorch's
// message when two sizes are incompatible.
func BroadcastShapes(shapes ...[]int) ([]int, error) {
	ndim := 0
	for _, s := range shapes {
		ndim = max(ndim, len(s))
	}
	out := make([]int, ndim)
	for i := range out {
		out[i] = 1
	}
	for _, s := range shapes {
		lead := ndim - len(s)
		for i, size := range s {
			o := lead + i
			switch {
			case size == out[o] || size == 1:
			case out[o] == 1:
				out[o] = size
			default:
				return nil, runtimeErrorf("The size of tensor a (%d) must match the size of tensor b (%d) at non-singleton dimension %d",
					out[o], size, o).WithHint("shapes %s cannot be broadcast together", shapeList(shapes))
			}
		}
	}
	return out, nil
}

func shapeList(shapes [][]int) string {
	s := ""
	for i, sh := range shapes {
		if i > 0 {
			s += " and "
		}
		s += FormatShape(sh)
	}
	return s
}

// FormatShape formats a shape as [2, 3].
func FormatShape(shape []int) string {
	s := "["
	for i, d := range shape {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprint(d)
	}
	return s + "]"
}

// Iter is PyTorch's TensorIterator in small: it walks an output and its
// inputs in lockstep over their broadcast shape. Building one computes the
// broadcast shape, gives broadcast dimensions stride 0, orders dimensions so
// that the smallest strides are innermost, and coalesces dimensions that are
// contiguous in every operand. Run then calls a 1-D inner loop over strided
// runs of elements, in parallel above GrainSize.
type Iter struct {
	ops     []*Tensor // ops[0] is the output
	shape   []int     // iteration shape, outermost first, after coalescing
	strides [][]int   // strides[op][dim], in elements
	numel   int
	opsBuf  [4]*Tensor // backs ops for up to three inputs
	// scratch holds the indices and offsets of a run on one goroutine, and
	// flat the geometry of an iterator built by newFlatIter
	// (iterator_flat.go), so that a small operation allocates neither.
	scratch [8]int
	flat    flatGeometry
}

// IterConfig describes the operands of an Iter.
type IterConfig struct {
	// Out is the output. When nil, NewIter allocates one of OutDType with
	// the broadcast shape, laid out like the inputs. As in PyTorch, that
	// output is not cleared first: Run must write every element of it.
	Out      *Tensor
	OutDType DType
	Inputs   []*Tensor
	// MixedInputs allows inputs of different dtypes; by default they must
	// share one.
	MixedInputs bool
}

// NewIter builds an iterator over cfg's operands.
func NewIter(cfg IterConfig) (*Iter, error) {
	if cfg.Out != nil {
		if err := checkWritable(cfg.Out); err != nil {
			return nil, err
		}
	}
	for i, in := range cfg.Inputs {
		if !cfg.MixedInputs && in.dtype != cfg.Inputs[0].dtype {
			return nil, typeErrorf("iterator inputs must share a dtype, got %s and %s", cfg.Inputs[0].dtype, cfg.Inputs[i].dtype)
		}
		if in.Device() != CPU {
			return nil, typeErrorf("expected all tensors on cpu, got a tensor on %s", in.Device())
		}
	}
	nops := len(cfg.Inputs) + 1
	var shapeBuf [4][]int
	shapes := shapeBuf[:0]
	if cfg.Out != nil {
		shapes = append(shapes, cfg.Out.shape)
	}
	for _, in := range cfg.Inputs {
		shapes = append(shapes, in.shape)
	}
	shape, err := BroadcastShapes(shapes...)
	if err != nil {
		return nil, err
	}
	ndim := len(shape)
	// One allocation holds perm and every operand's broadcast strides
	// (strides[0] is the output's), followed by the room coalesce needs;
	// another holds the headers of both sets of strides.
	backing := make([]int, ndim*(nops+1)+max(ndim, 1)*(nops+1))
	perm := backing[:ndim] // dimensions from outermost to innermost
	for i := range perm {
		perm[i] = i
	}
	headers := make([][]int, 2*nops)
	strides := headers[:nops]
	for k := range strides {
		strides[k] = backing[ndim*(k+1) : ndim*(k+2)]
	}
	for i, in := range cfg.Inputs {
		broadcastStrides(strides[i+1], in)
	}
	if cfg.Out != nil {
		if !slices.Equal(cfg.Out.shape, shape) {
			return nil, runtimeErrorf("output with shape %s doesn't match the broadcast shape %s", FormatShape(cfg.Out.shape), FormatShape(shape))
		}
		broadcastStrides(strides[0], cfg.Out)
		sortDims(perm, shape, strides)
	} else {
		sortDims(perm, shape, strides[1:])
		out, err := emptyPermuted(cfg.OutDType, shape, perm)
		if err != nil {
			return nil, err
		}
		cfg.Out = out
		copy(strides[0], out.strides)
	}
	it := &Iter{numel: numel(shape)}
	it.ops = append(append(it.opsBuf[:0], cfg.Out), cfg.Inputs...)
	it.shape, it.strides = coalesce(shape, strides, perm, backing[ndim*(nops+1):], headers[nops:])
	return it, nil
}

// Output returns the iterator's output tensor.
func (it *Iter) Output() *Tensor { return it.ops[0] }

// Shape returns the iteration shape after reordering and coalescing.
func (it *Iter) Shape() []int { return slices.Clone(it.shape) }

// broadcastStrides writes t's strides right-aligned into dst, with stride 0
// for new and size-1 dimensions.
func broadcastStrides(dst []int, t *Tensor) {
	lead := len(dst) - t.Dim()
	for i := range t.shape {
		if t.shape[i] != 1 {
			dst[lead+i] = t.strides[i]
		}
	}
}

// sortDims orders perm from outermost to innermost: for each pair of
// dimensions the first operand with non-zero, different strides decides, and
// ties keep the row-major order. Insertion sort keeps it stable.
func sortDims(perm, shape []int, strides [][]int) {
	inner := func(a, b int) bool { // should dimension a be inside dimension b?
		for _, s := range strides {
			if s[a] == 0 || s[b] == 0 {
				continue
			}
			if s[a] != s[b] {
				return s[a] < s[b]
			}
			if shape[a] != shape[b] {
				return shape[a] < shape[b]
			}
		}
		return a > b
	}
	for i := 1; i < len(perm); i++ {
		for j := i; j > 0 && inner(perm[j-1], perm[j]); j-- {
			perm[j-1], perm[j] = perm[j], perm[j-1]
		}
	}
}

// emptyPermuted allocates a dense tensor whose memory order follows perm
// (outermost first), so an output matches the layout of its inputs.
func emptyPermuted(d DType, shape, perm []int) (*Tensor, error) {
	t, err := emptyOutput(d, shape...)
	if err != nil {
		return nil, err
	}
	stride := 1
	for i := len(perm) - 1; i >= 0; i-- {
		t.strides[perm[i]] = stride
		stride *= max(shape[perm[i]], 1)
	}
	return t, nil
}

// coalesce applies perm and merges neighbouring dimensions that are
// contiguous in every operand; size-1 dimensions disappear, and a shape left
// with none becomes [1]. The result is built in buf, which has room for
// (len(strides)+1)*max(len(perm), 1) ints, and outStrides, which has
// len(strides) entries.
func coalesce(shape []int, strides [][]int, perm, buf []int, outStrides [][]int) ([]int, [][]int) {
	m := max(len(perm), 1)
	outShape := buf[:0:m]
	for k := range outStrides {
		outStrides[k] = buf[m*(k+1) : m*(k+1) : m*(k+2)]
	}
	for _, d := range perm {
		if shape[d] == 1 {
			continue
		}
		last := len(outShape) - 1
		merge := last >= 0
		for k, s := range strides {
			if merge && outStrides[k][last] != s[d]*shape[d] {
				merge = false
			}
		}
		if merge {
			outShape[last] *= shape[d]
			for k, s := range strides {
				outStrides[k][last] = s[d]
			}
			continue
		}
		outShape = append(outShape, shape[d])
		for k, s := range strides {
			outStrides[k] = append(outStrides[k], s[d])
		}
	}
	if len(outShape) == 0 { // every dimension has size 1
		outShape = append(outShape, 1)
		for k := range outStrides {
			outStrides[k] = append(outStrides[k], 0)
		}
	}
	return outShape, outStrides
}

// Run calls loop over the whole iteration space, in parallel above
// GrainSize. Each call covers n elements of one innermost run: operand k
// starts at storage index offs[k] and advances by inner[k] per element.
func (it *Iter) Run(loop func(offs, inner []int, n int)) error {
	if it.numel <= GrainSize { // what ParallelFor would do, without its closure
		if it.numel == 0 {
			return nil
		}
		if Interrupted() {
			return errInterrupted()
		}
		var scratch []int
		if n := len(it.shape) + 2*len(it.ops); n <= len(it.scratch) {
			scratch = it.scratch[:n]
		}
		it.runRange(0, it.numel, loop, scratch)
		return nil
	}
	return ParallelFor(it.numel, GrainSize, func(begin, end int) {
		it.runRange(begin, end, loop, nil)
	})
}

// runRange calls loop for the elements [begin, end) of the iteration space
// in row-major order of it.shape, using scratch for its indices when it has
// room for them.
func (it *Iter) runRange(begin, end int, loop func(offs, inner []int, n int), scratch []int) {
	nd := len(it.shape)
	nops := len(it.ops)
	if len(scratch) < nd+2*nops {
		scratch = make([]int, nd+2*nops)
	}
	idx, offs, inner := scratch[:nd], scratch[nd:nd+nops], scratch[nd+nops:]
	rem := begin
	for d := nd - 1; d >= 0; d-- {
		idx[d] = rem % it.shape[d]
		rem /= it.shape[d]
	}
	for k := range nops {
		inner[k] = it.strides[k][nd-1]
	}
	for pos := begin; pos < end; {
		n := min(it.shape[nd-1]-idx[nd-1], end-pos)
		for k, op := range it.ops {
			o := op.offset
			for d, i := range idx {
				o += i * it.strides[k][d]
			}
			offs[k] = o
		}
		loop(offs, inner, n)
		pos += n
		idx[nd-1] += n
		for d := nd - 1; d > 0 && idx[d] >= it.shape[d]; d-- {
			idx[d] = 0
			idx[d-1]++
		}
	}
}
