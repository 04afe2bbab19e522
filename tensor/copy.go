package tensor

import "slices"

// copyKernels copies one strided operand into another of the same dtype.
var copyKernels = AllDTypes(ByDType[func(*Iter) error]{Float32: copyLoop[float32], Float64: copyLoop[float64], Int64: copyLoop[int64], Bool: copyLoop[uint8], Uint8: copyLoop[U8], Int8: copyLoop[int8], Int16: copyLoop[int16], Int32: copyLoop[int32], Float16: copyLoop[F16], BFloat16: copyLoop[BF16], Complex64: copyLoop[complex64], Complex128: copyLoop[complex128], Uint16: copyLoop[uint16], Uint32: copyLoop[uint32], Uint64: copyLoop[uint64]})

func copyLoop[T Element](it *Iter) error {
	dst := it.ops[0].storage.data.([]T)
	src := it.ops[1].storage.data.([]T)
	return it.Run(func(offs, inner []int, n int) {
		o, a := offs[0], offs[1]
		so, sa := inner[0], inner[1]
		switch {
		case so == 1 && sa == 1:
			copy(dst[o:o+n], src[a:a+n])
		case so == 1 && sa == 0:
			fillSlice(dst[o:o+n], src[a])
		default:
			for i := range n {
				dst[o+i*so] = src[a+i*sa]
			}
		}
	})
}

// copyInto writes src, broadcast to dst's shape and converted to dst's
// dtype, into dst.
func copyInto(dst, src *Tensor) error {
	from := src
	src, err := src.To(dst.dtype)
	if err != nil {
		return err
	}
	if src != from && dst.dtype == BFloat16 && (from.dtype == Float32 || from.dtype == Float64) &&
		!(slices.Equal(dst.shape, from.shape) && slices.Equal(dst.strides, from.strides)) {
		scalarNaNs(src) // PyTorch's vectorized loop needs both layouts alike
	}
	it, err := NewIter(IterConfig{Out: dst, Inputs: []*Tensor{src}})
	if err != nil {
		return err
	}
	kernel, err := copyKernels.Select("copy", dst.dtype)
	if err != nil {
		return err
	}
	return kernel(it)
}

// CopyFrom writes src into t in place (t[...] = src): src is broadcast to t's
// shape and converted to t's dtype. Writes go through views to the storage
// t shares.
func (t *Tensor) CopyFrom(src *Tensor) error {
	if overlaps(t, src) {
		c, err := src.Clone()
		if err != nil {
			return err
		}
		src = c
	}
	if err := copyInto(t, src); err != nil {
		return err
	}
	t.MarkModified()
	return nil
}

// Fill sets every element of t to value converted to t's dtype. A
// contiguous t (a gradient that zero_grad clears) is filled in place, its
// elements a range of its storage, without the broadcast copy.
func (t *Tensor) Fill(value float64) error {
	if t.IsContiguous() {
		if err := fillElements(t.storage, t.offset, t.offset+t.Numel(), t.dtype, value); err != nil {
			return err
		}
		t.MarkModified()
		return nil
	}
	v, err := Full(value, t.dtype)
	if err != nil {
		return err
	}
	return t.CopyFrom(v)
}

// HasInternalOverlap reports whether several elements of t share one place
// in storage: a dimension of size above 1 with stride 0, as Expand makes.
func (t *Tensor) HasInternalOverlap() bool {
	for d, s := range t.shape {
		if s > 1 && t.strides[d] == 0 {
			return true
		}
	}
	return false
}

// checkWritable refuses, as PyTorch does, to write into a tensor whose
// elements share memory: each write would land on several elements, and
// which value wins would depend on the order of the parallel kernel.
func checkWritable(t *Tensor) error {
	if t.HasInternalOverlap() {
		return Errorf(RuntimeError, "unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.").
			WithHint("the tensor is a broadcast view (expand); write into x.clone() or x.contiguous() instead")
	}
	return nil
}

// overlaps reports whether writing to dst could change src while it is read:
// they share storage and are not the very same view.
func overlaps(dst, src *Tensor) bool {
	if dst.storage != src.storage {
		return false
	}
	same := dst.offset == src.offset && len(dst.shape) == len(src.shape)
	for i := 0; same && i < len(dst.shape); i++ {
		same = dst.shape[i] == src.shape[i] && dst.strides[i] == src.strides[i]
	}
	return !same
}
