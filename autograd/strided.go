package autograd

import (
	"github.com/kael-dev/kael/tensor"
)

// The views PyTorch defines by strides: torch.as_strided and
// Tensor.unfold. Their gradient sends each element of g to the element of
// x that shares its place in the storage, summing where windows overlap.

// AsStrided is torch.as_strided(x, size, stride, storage_offset): a view
// of x's storage (AsStridedBackward0).
func AsStrided(x *tensor.Tensor, shape, strides []int, offset int) (*tensor.Tensor, error) {
	out, err := x.AsStrided(shape, strides, offset)
	if err != nil || !trackView(out, x) {
		return out, err
	}
	return viewOp("AsStridedBackward0", x, out, stridedBack(x, out)), nil
}

// Unfold is x.unfold(dimension, size, step): every window of size
// elements along dimension, step apart, as a new last dimension
// (UnfoldBackward0).
func Unfold(x *tensor.Tensor, dim, size, step int) (*tensor.Tensor, error) {
	nd := max(x.Dim(), 1)
	if dim < -nd || dim >= nd {
		return nil, tensor.Errorf(tensor.IndexError, "Dimension out of range (expected to be in range of [%d, %d], but got %d)", -nd, nd-1, dim)
	}
	if dim < 0 {
		dim += nd
	}
	shape, strides := x.Shape(), x.Strides()
	if x.Dim() == 0 {
		shape, strides = []int{1}, []int{1}
	}
	if size > shape[dim] {
		return nil, tensor.Errorf(tensor.RuntimeError, "maximum size for tensor at dimension %d is %d but size is %d", dim, shape[dim], size)
	}
	if step <= 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "step is %d but must be > 0", step)
	}
	if size < 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "size is %d but must be >= 0", size)
	}
	outShape := append(append([]int(nil), shape...), size)
	outStrides := append(append([]int(nil), strides...), strides[dim])
	outShape[dim] = (shape[dim]-size)/step + 1
	outStrides[dim] = strides[dim] * step
	if x.Dim() == 0 {
		outShape, outStrides = []int{size}, []int{1}
	}
	out, err := x.AsStrided(outShape, outStrides, x.Offset())
	if err != nil || !trackView(out, x) {
		return out, err
	}
	return viewOp("UnfoldBackward0", x, out, stridedBack(x, out)), nil
}

// stridedBack is the gradient of a view out of x's storage: each element
// of g added to the element of x at the same storage place.
func stridedBack(x, out *tensor.Tensor) func(c *calc, g *tensor.Tensor) *tensor.Tensor {
	xShape, xStrides, xOffset := x.Shape(), x.Strides(), x.Offset()
	oShape, oStrides, oOffset := out.Shape(), out.Strides(), out.Offset()
	return func(c *calc, g *tensor.Tensor) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) {
			gv, err := g.Float64s()
			if err != nil {
				return nil, err
			}
			sums := map[int]float64{}
			eachPlace(oShape, oStrides, oOffset, func(i, place int) { sums[place] += gv[i] })
			vals := make([]float64, numelOf(xShape))
			seen := map[int]bool{}
			eachPlace(xShape, xStrides, xOffset, func(i, place int) {
				if !seen[place] { // an element x holds twice gets the sum once
					vals[i], seen[place] = sums[place], true
				}
			})
			t, err := tensor.FromSlice(vals, xShape...)
			if err != nil {
				return nil, err
			}
			return t.To(g.DType())
		})
	}
}

// eachPlace calls f with the row-major index and the storage place of
// each element of the geometry (shape, strides, offset).
func eachPlace(shape, strides []int, offset int, f func(i, place int)) {
	n := numelOf(shape)
	idx := make([]int, len(shape))
	for i := 0; i < n; i++ {
		place := offset
		for d, k := range idx {
			place += k * strides[d]
		}
		f(i, place)
		for d := len(idx) - 1; d >= 0; d-- {
			idx[d]++
			if idx[d] < shape[d] {
				break
			}
			idx[d] = 0
		}
	}
}

func numelOf(shape []int) int {
	n := 1
	for _, s := range shape {
		n *= s
	}
	return n
}
