package tensor

import "math"

// listLeaves returns the elements of a contiguous tensor in row-major order
// as float64, int64 or bool values.
type listLeaves func(t *Tensor) []any

var listKernels = AllDTypes(ByDType[listLeaves]{Float32: leavesOf[float32], Float64: leavesOf[float64], Int64: leavesOf[int64], Bool: leavesOf[uint8], Uint8: leavesOf[U8], Int8: leavesOf[int8], Int16: leavesOf[int16], Int32: leavesOf[int32], Float16: leavesOf[F16], BFloat16: leavesOf[BF16], Complex64: leavesOf[complex64], Complex128: leavesOf[complex128], Uint16: leavesOf[uint16], Uint32: leavesOf[uint32], Uint64: leavesOf[uint64]})

func leavesOf[T Element](t *Tensor) []any {
	d := t.storage.data.([]T)[t.offset : t.offset+t.Numel()]
	out := make([]any, len(d))
	for i, v := range d {
		out[i] = goValue(v)
	}
	return out
}

// ToList returns x as nested []any whose leaves are float64 (floating
// dtypes), int64 or bool, as torch's tolist. A 0-d tensor gives its scalar.
// The error is that of making x contiguous (a MemoryError over the limit).
func ToList(x *Tensor) (any, error) {
	c, err := x.Contiguous()
	if err != nil {
		return nil, err
	}
	leaves, err := listKernels.Select("tolist", c.dtype)
	if err != nil {
		return nil, err
	}
	flat := leaves(c)
	if x.Dim() == 0 {
		return flat[0], nil
	}
	var nest func(dim int, flat []any) any
	nest = func(dim int, flat []any) any {
		n := x.shape[dim]
		out := make([]any, n)
		if dim == x.Dim()-1 {
			copy(out, flat)
			return out
		}
		per := numel(x.shape[dim+1:])
		for i := range out {
			out[i] = nest(dim+1, flat[i*per:(i+1)*per])
		}
		return out
	}
	return nest(0, flat), nil
}

// closeTest compares the broadcast elements of two contiguous tensors of
// one dtype and reports whether all are close.
type closeTest func(a, b *Tensor, rtol, atol float64, equalNaN bool) bool

var closeKernels = computed(RealDTypes(ByDType[closeTest]{Float32: allClose[float32], Float64: allClose[float64], Int64: allClose[int64], Bool: allClose[uint8]}))

func allClose[T Native](a, b *Tensor, rtol, atol float64, equalNaN bool) bool {
	x := a.storage.data.([]T)[a.offset : a.offset+a.Numel()]
	y := b.storage.data.([]T)[b.offset : b.offset+b.Numel()]
	for i, u := range x {
		v := y[i]
		if u == v {
			continue
		}
		if u != u || v != v {
			if equalNaN && u != u && v != v {
				continue
			}
			return false
		}
		if rtol == 0 && atol == 0 { // exact, even for int64 beyond 2**53
			return false
		}
		p, q := float64(u), float64(v)
		if math.IsInf(p, 0) || math.IsInf(q, 0) || math.Abs(p-q) > atol+rtol*math.Abs(q) {
			return false
		}
	}
	return true
}

// Allclose reports whether |a - b| <= atol + rtol*|b| for every element of a
// and b broadcast together, as torch.allclose. Infinities are close only to
// themselves, and NaNs to each other only when equalNaN is set. Like
// PyTorch it requires both tensors to have one dtype.
func Allclose(a, b *Tensor, rtol, atol float64, equalNaN bool) (bool, error) {
	if a.dtype != b.dtype {
		return false, typeErrorf("%s did not match %s", a.dtype, b.dtype).
			WithHint("convert one side first, e.g. b.to(%s)", a.dtype)
	}
	shape, err := BroadcastShapes(a.shape, b.shape)
	if err != nil {
		return false, err
	}
	if closeKernels.convertsIn(a.dtype) {
		if a, err = toComputeIn(a); err == nil {
			b, err = toComputeIn(b)
		}
		if err != nil {
			return false, err
		}
	}
	test, err := closeKernels.Select("allclose", a.dtype)
	if err != nil {
		return false, err
	}
	ae, be, err := broadcastContiguous(a, b, shape)
	if err != nil {
		return false, err
	}
	return test(ae, be, rtol, atol, equalNaN), nil
}

// broadcastContiguous returns a and b expanded to shape as contiguous
// tensors.
func broadcastContiguous(a, b *Tensor, shape []int) (*Tensor, *Tensor, error) {
	ae, err := a.Expand(shape...)
	if err == nil {
		ae, err = ae.Contiguous()
	}
	if err != nil {
		return nil, nil, err
	}
	be, err := b.Expand(shape...)
	if err == nil {
		be, err = be.Contiguous()
	}
	if err != nil {
		return nil, nil, err
	}
	return ae, be, nil
}

// Equal reports whether a and b have the same shape and equal elements, as
// torch.equal; the elements are compared in their promoted dtype and NaN is
// equal to nothing.
func Equal(a, b *Tensor) bool {
	if len(a.shape) != len(b.shape) {
		return false
	}
	for i, s := range a.shape {
		if b.shape[i] != s {
			return false
		}
	}
	d := PromoteTypes(a.dtype, b.dtype).ComputeIn()
	ac, err := a.To(d)
	if err != nil {
		return false
	}
	bc, err := b.To(d)
	if err != nil {
		return false
	}
	if ac, bc, err = broadcastContiguous(ac, bc, a.shape); err != nil {
		return false
	}
	test, err := closeKernels.Select("equal", d)
	if err != nil {
		return false
	}
	return test(ac, bc, 0, 0, false)
}
