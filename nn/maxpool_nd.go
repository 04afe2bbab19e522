package nn

import (
	"math"
	"strconv"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// Max pooling of any number of spatial dimensions, with PyTorch's
// indices: F.max_pool3d, the max_poolNd_with_indices functions and the
// adaptive max pools. One dimension at a time, each window's elements
// are gathered (index_select) into a new axis and the maximum taken
// there; max of maxes is the window's maximum, and taking the first
// maximum at every step gives the first in row-major order, the element
// PyTorch's kernels pick, so the gradient lands where PyTorch's does.

// PoolWindows are the windows of one spatial dimension: N windows of K
// positions each (Pos[j·K+t]), -1 where a window has no element (padding,
// or a shorter adaptive window).
type PoolWindows struct {
	N, K int
	Pos  []int
}

// SlidingWindows are the windows of max_pool along a dimension of size
// in: kernel, stride, padding and dilation as PyTorch's, and its output
// size (pooling_output_shape, ceil_mode's last window starting inside
// the input or its left padding).
func SlidingWindows(in, kernel, stride, pad, dilation int, ceil bool) (PoolWindows, error) {
	if kernel <= 0 || stride <= 0 || dilation <= 0 {
		return PoolWindows{}, tensor.Errorf(tensor.RuntimeError, "max_pool: kernel_size, stride and dilation must be greater than zero, but got kernel_size=%d, stride=%d and dilation=%d", kernel, stride, dilation)
	}
	if pad < 0 || pad > kernel/2 {
		return PoolWindows{}, tensor.Errorf(tensor.RuntimeError, "pad should be at most half of kernel size, but got pad=%d and kernel_size=%d", pad, kernel)
	}
	num := in + 2*pad - dilation*(kernel-1) - 1
	if ceil {
		num += stride - 1
	}
	n := floorDiv(num, stride) + 1
	if ceil && (n-1)*stride >= in+pad {
		n--
	}
	if n < 1 {
		return PoolWindows{}, tensor.Errorf(tensor.RuntimeError, "max_pool: output size is too small for an input of size %d (kernel_size=%d, padding=%d, dilation=%d)", in, kernel, pad, dilation)
	}
	w := PoolWindows{N: n, K: kernel, Pos: make([]int, n*kernel)}
	for j := 0; j < n; j++ {
		for t := 0; t < kernel; t++ {
			p := j*stride - pad + t*dilation
			if p < 0 || p >= in {
				p = -1
			}
			w.Pos[j*kernel+t] = p
		}
	}
	return w, nil
}

// floorDiv is a/b rounded toward -∞.
func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// AdaptiveWindows are the windows of an adaptive pool of a dimension of
// size in into out: [⌊j·in/out⌋, ⌈(j+1)·in/out⌉).
func AdaptiveWindows(in, out int) PoolWindows {
	k := 0
	for j := 0; j < out; j++ {
		start, end := j*in/out, ((j+1)*in+out-1)/out
		k = max(k, end-start)
	}
	w := PoolWindows{N: out, K: k, Pos: make([]int, out*k)}
	for j := 0; j < out; j++ {
		start, end := j*in/out, ((j+1)*in+out-1)/out
		for t := 0; t < k; t++ {
			w.Pos[j*k+t] = -1
			if start+t < end {
				w.Pos[j*k+t] = start + t
			}
		}
	}
	return w
}

// MaxPoolWindows is the maximum of x [*, S1, ..., Sk] over the windows of
// its last k dimensions (one PoolWindows each) and, as int64, the index
// of each maximum in the flattened S1·...·Sk plane.
func MaxPoolWindows(x *tensor.Tensor, wins []PoolWindows) (values, indices *tensor.Tensor, err error) {
	k := len(wins)
	first := x.Dim() - k
	spatial := x.Shape()[first:]
	c := &chain{}
	// One extra slot at the end of every spatial dimension: -inf, the
	// element of a window's missing positions.
	pad := make([]int, 2*k)
	for i := range k {
		pad[2*i+1] = 1
	}
	v := c.do(func() (*tensor.Tensor, error) { return Pad(x, pad, "constant", math.Inf(-1)) })
	if c.err != nil {
		return nil, nil, c.err
	}
	// pos holds the flat index of each padded element, -1 in the slots.
	padded := v.Shape()
	pos := make([]int64, numelOf(padded[first:]))
	for i := range pos {
		rem, flat, mul := i, 0, 1
		slot := false
		for d := k - 1; d >= 0; d-- {
			coord := rem % (spatial[d] + 1)
			rem /= spatial[d] + 1
			slot = slot || coord == spatial[d]
			flat += coord * mul
			mul *= spatial[d]
		}
		pos[i] = int64(flat)
		if slot {
			pos[i] = -1
		}
	}
	p := c.do(func() (*tensor.Tensor, error) { return tensor.FromSlice(pos, padded[first:]...) })
	p = c.do(func() (*tensor.Tensor, error) {
		e, err := p.Expand(padded...)
		if err != nil {
			return nil, err
		}
		return e.Contiguous()
	})
	for i, w := range wins {
		d := first + i
		idx := make([]int64, len(w.Pos))
		for j, q := range w.Pos {
			if q < 0 {
				q = spatial[i]
			}
			idx[j] = int64(q)
		}
		it := c.do(func() (*tensor.Tensor, error) { return tensor.FromSlice(idx, len(idx)) })
		shape := v.Shape()
		split := append(append(append([]int{}, shape[:d]...), w.N, w.K), shape[d+1:]...)
		v = c.reshape(c.do(func() (*tensor.Tensor, error) { return autograd.IndexSelect(v, d, it) }), split...)
		p = c.do(func() (*tensor.Tensor, error) {
			s, err := tensor.IndexSelect(p, d, it)
			if err != nil {
				return nil, err
			}
			return s.Reshape(split...)
		})
		if c.err != nil {
			return nil, nil, c.err
		}
		var at *tensor.Tensor
		v, at, c.err = autograd.Max(v, d+1, false)
		p = c.do(func() (*tensor.Tensor, error) {
			u, err := at.Unsqueeze(d + 1)
			if err != nil {
				return nil, err
			}
			g, err := tensor.Gather(p, d+1, u)
			if err != nil {
				return nil, err
			}
			return g.Squeeze(d + 1)
		})
		if c.err != nil {
			return nil, nil, c.err
		}
	}
	return v, p, nil
}

// numelOf is the number of elements of a shape.
func numelOf(shape []int) int {
	n := 1
	for _, s := range shape {
		n *= s
	}
	return n
}

// MaxUnpool is F.max_unpool1d/2d/3d: a zero tensor of x's batch and
// channels and the spatial size out, holding each value of x at its
// index (as max_poolNd's return_indices gives it) in the flattened plane.
func MaxUnpool(x, indices *tensor.Tensor, out []int) (*tensor.Tensor, error) {
	k := len(out)
	first := x.Dim() - k
	if !sameShape(x.Shape(), indices.Shape()) {
		return nil, tensor.Errorf(tensor.RuntimeError, "Expected shape of indices to be same as that of the input tensor (%s) but got indices tensor with shape: %s", sizesText(x.Shape()), sizesText(indices.Shape()))
	}
	if indices.DType() != tensor.Int64 {
		return nil, tensor.Errorf(tensor.RuntimeError, "elements in indices should be type int64 but got: %s", indices.DType().ScalarTypeName())
	}
	plane := numelOf(out)
	vals, err := indices.Float64s()
	if err != nil {
		return nil, err
	}
	// ATen's kernel writes every valid index and reports the last invalid
	// one; max_unpool1d runs as max_unpool2d of width 1.
	for i := len(vals) - 1; i >= 0; i-- {
		if v := vals[i]; v < 0 || v >= float64(plane) {
			sizes := out
			if k == 1 {
				sizes = []int{out[0], 1}
			}
			return nil, tensor.Errorf(tensor.RuntimeError, "Found an invalid max index: %d (output volumes are of size %s", int64(v), joinX(sizes))
		}
	}
	c := &chain{}
	lead := x.Shape()[:first]
	flatShape := append(append([]int{}, lead...), -1)
	src := c.reshape(x, flatShape...)
	idx := c.do(func() (*tensor.Tensor, error) { return indices.Reshape(flatShape...) })
	zeros := c.zeros(x.DType(), append(append([]int{}, lead...), plane)...)
	y := c.do(func() (*tensor.Tensor, error) { return autograd.Scatter(zeros, first, idx, src) })
	return c.reshape(y, append(append([]int{}, lead...), out...)...), c.err
}

// joinX writes sizes as 4x5.
func joinX(sizes []int) string {
	s := ""
	for i, n := range sizes {
		if i > 0 {
			s += "x"
		}
		s += strconv.Itoa(n)
	}
	return s
}

// IndexedPool is a max pool module (MaxPool3d, AdaptiveMaxPool1d/2d/3d)
// whose forward gives the values, or the values and the indices with
// return_indices.
type IndexedPool struct {
	base          Base
	name, extra   string
	hypers        []Hyper
	ReturnIndices bool
	fn            func(x *tensor.Tensor) (values, indices *tensor.Tensor, err error)
}

// NewIndexedPool makes the pool module name.
func NewIndexedPool(name, extra string, hypers []Hyper, returnIndices bool, fn func(x *tensor.Tensor) (*tensor.Tensor, *tensor.Tensor, error)) *IndexedPool {
	return &IndexedPool{base: NewBase(), name: name, extra: extra, hypers: hypers, ReturnIndices: returnIndices, fn: fn}
}

func (p *IndexedPool) Base() *Base       { return &p.base }
func (p *IndexedPool) TypeName() string  { return p.name }
func (p *IndexedPool) ExtraRepr() string { return p.extra }
func (p *IndexedPool) Hypers() []Hyper   { return p.hypers }

// Pool gives the values and the indices of x's pooling.
func (p *IndexedPool) Pool(x *tensor.Tensor) (values, indices *tensor.Tensor, err error) {
	return p.fn(x)
}

// Forward gives the values.
func (p *IndexedPool) Forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	v, _, err := p.fn(x)
	return v, err
}

// Unpool is nn.MaxUnpool1d/2d/3d: called with the values and indices of a
// max pool (and optionally the output size), it undoes the pooling.
type Unpool struct {
	base                    Base
	Kernel, Stride, Padding []int
}

// NewUnpool makes a MaxUnpool module of len(kernel) dimensions.
func NewUnpool(kernel, stride, padding []int) *Unpool {
	return &Unpool{base: NewBase(), Kernel: kernel, Stride: stride, Padding: padding}
}

func (u *Unpool) Base() *Base      { return &u.base }
func (u *Unpool) TypeName() string { return "MaxUnpool" + strconv.Itoa(len(u.Kernel)) + "d" }
func (u *Unpool) ExtraRepr() string {
	return "kernel_size=" + pyTuple(u.Kernel) + ", stride=" + pyTuple(u.Stride) + ", padding=" + pyTuple(u.Padding)
}
func (u *Unpool) Hypers() []Hyper {
	return []Hyper{{"kernel_size", u.Kernel}, {"stride", u.Stride}, {"padding", u.Padding}}
}

// Forward refuses: the module needs the indices.
func (u *Unpool) Forward(*tensor.Tensor) (*tensor.Tensor, error) {
	return nil, tensor.Errorf(tensor.TypeError, "%s.forward() missing 1 required positional argument: 'indices'", u.TypeName())
}

// Unpool places x at indices in the output of size out (nil: the size
// the pooling came from, (in - 1)·stride - 2·padding + kernel).
func (u *Unpool) Unpool(x, indices *tensor.Tensor, out []int) (*tensor.Tensor, error) {
	return MaxUnpoolSized(x, indices, u.Kernel, u.Stride, u.Padding, out)
}

// MaxUnpoolSized is F.max_unpoolNd: the default output size from kernel,
// stride and padding, or out (its last len(kernel) entries), which must
// lie within a stride of the default.
func MaxUnpoolSized(x, indices *tensor.Tensor, kernel, stride, padding, out []int) (*tensor.Tensor, error) {
	k := len(kernel)
	if x.Dim() != k+1 && x.Dim() != k+2 {
		return nil, tensor.Errorf(tensor.RuntimeError, "max_unpool%dd: expected a %dD or %dD input, but got %s", k, k+1, k+2, sizesText(x.Shape()))
	}
	in := x.Shape()[x.Dim()-k:]
	def := make([]int, k)
	for i := range k {
		def[i] = (in[i]-1)*stride[i] - 2*padding[i] + kernel[i]
	}
	if out == nil {
		return MaxUnpool(x, indices, def)
	}
	if len(out) == k+2 || (len(out) == k+1 && x.Dim() == k+1) {
		out = out[len(out)-k:]
	}
	if len(out) != k {
		return nil, tensor.Errorf(tensor.ValueError, "output_size should be a sequence containing %d or %d elements, but it has a length of '%d'", k, k+2, len(out))
	}
	for i := range k {
		lo, hi := def[i]-stride[i], def[i]+stride[i]
		if out[i] < lo || out[i] > hi {
			return nil, tensor.Errorf(tensor.ValueError, "invalid output_size \"%s\" (dim %d must be between %d and %d)", pyTuple(out), i, lo, hi)
		}
	}
	return MaxUnpool(x, indices, out)
}
