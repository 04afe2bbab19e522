package tensor

// whereKernel runs over an iterator whose operands are the output, the bool
// condition and the two value tensors of the output's dtype.
type whereKernel func(it *Iter) error

var whereKernels = AllDTypes(ByDType[whereKernel]{Float32: whereLoop[float32], Float64: whereLoop[float64], Int64: whereLoop[int64], Bool: whereLoop[uint8], Uint8: whereLoop[U8], Int8: whereLoop[int8], Int16: whereLoop[int16], Int32: whereLoop[int32], Float16: whereLoop[F16], BFloat16: whereLoop[BF16], Complex64: whereLoop[complex64], Complex128: whereLoop[complex128], Uint16: whereLoop[uint16], Uint32: whereLoop[uint32], Uint64: whereLoop[uint64]})

func whereLoop[T Element](it *Iter) error {
	out := it.ops[0].storage.data.([]T)
	cond := it.ops[1].storage.data.([]uint8)
	x := it.ops[2].storage.data.([]T)
	y := it.ops[3].storage.data.([]T)
	return it.Run(func(offs, inner []int, n int) {
		if whereFast(out, cond, x, y, offs, inner, n) {
			return
		}
		o, c, a, b := offs[0], offs[1], offs[2], offs[3]
		so, sc, sa, sb := inner[0], inner[1], inner[2], inner[3]
		for i := range n {
			if cond[c+i*sc] != 0 {
				out[o+i*so] = x[a+i*sa]
			} else {
				out[o+i*so] = y[b+i*sb]
			}
		}
	})
}

// Where returns a where cond is true and b elsewhere, broadcasting the three
// together, as torch.where. cond must be bool; a and b are promoted with
// ResultType, so a wrapped scalar adapts to the other operand.
func Where(cond, a, b *Tensor) (*Tensor, error) {
	if cond.dtype != Bool {
		return nil, typeErrorf("where expected condition to be a boolean tensor, but got a tensor with dtype %s", cond.dtype).
			WithHint("compare first, e.g. where(x > 0, a, b), or convert with .to(bool)")
	}
	d := ResultType(a, b)
	kernel, err := whereKernels.Select("where", d)
	if err != nil {
		return nil, err
	}
	if a, err = a.To(d); err != nil {
		return nil, err
	}
	if b, err = b.To(d); err != nil {
		return nil, err
	}
	it, err := NewIter(IterConfig{OutDType: d, Inputs: []*Tensor{cond, a, b}, MixedInputs: true})
	if err != nil {
		return nil, err
	}
	if err := kernel(it); err != nil {
		return nil, err
	}
	return it.Output(), nil
}

// fillKernel writes the 0-d value v into out wherever the bool mask of an
// iterator over (out, mask) is true.
type fillKernel func(it *Iter, v *Tensor) error

var maskedFillKernels = AllDTypes(ByDType[fillKernel]{Float32: maskedFillLoop[float32], Float64: maskedFillLoop[float64], Int64: maskedFillLoop[int64], Bool: maskedFillLoop[uint8], Uint8: maskedFillLoop[U8], Int8: maskedFillLoop[int8], Int16: maskedFillLoop[int16], Int32: maskedFillLoop[int32], Float16: maskedFillLoop[F16], BFloat16: maskedFillLoop[BF16], Complex64: maskedFillLoop[complex64], Complex128: maskedFillLoop[complex128], Uint16: maskedFillLoop[uint16], Uint32: maskedFillLoop[uint32], Uint64: maskedFillLoop[uint64]})

func maskedFillLoop[T Element](it *Iter, v *Tensor) error {
	out := it.ops[0].storage.data.([]T)
	mask := it.ops[1].storage.data.([]uint8)
	val := v.storage.data.([]T)[v.offset]
	return it.Run(func(offs, inner []int, n int) {
		o, m := offs[0], offs[1]
		so, sm := inner[0], inner[1]
		if so == 1 && sm == 1 {
			// Both contiguous (an attention's causal mask over its
			// scores): slices the compiler walks without the strides'
			// products and bounds checks.
			fill := mask[m : m+n]
			dst := out[o : o+n][:len(fill)]
			for i, b := range fill {
				if b != 0 {
					dst[i] = val
				}
			}
			return
		}
		for i := range n {
			if mask[m+i*sm] != 0 {
				out[o+i*so] = val
			}
		}
	})
}

// MaskedFill returns a copy of x with value written where mask is true, as
// torch.masked_fill. mask must be bool and broadcast with x; value must be
// a 0-d tensor (or a wrapped scalar) and is converted to x's dtype, which
// the result keeps.
func MaskedFill(x, mask, value *Tensor) (*Tensor, error) {
	if mask.dtype != Bool {
		return nil, typeErrorf("masked_fill_ only supports boolean masks, but got mask with dtype %s", mask.dtype).
			WithHint("compare first, e.g. x.masked_fill(x > 0, v), or convert with .to(bool)")
	}
	if value.Dim() != 0 {
		return nil, runtimeErrorf("masked_fill_ only supports a 0-dimensional value tensor, but got tensor with %d dimension(s).", value.Dim())
	}
	kernel, err := maskedFillKernels.Select("masked_fill", x.dtype)
	if err != nil {
		return nil, err
	}
	shape, err := BroadcastShapes(x.shape, mask.shape)
	if err != nil {
		return nil, err
	}
	v, err := value.To(x.dtype)
	if err != nil {
		return nil, err
	}
	out, err := emptyOutput(x.dtype, shape...)
	if err != nil {
		return nil, err
	}
	if err := copyInto(out, x); err != nil {
		return nil, err
	}
	it, err := NewIter(IterConfig{Out: out, Inputs: []*Tensor{mask}})
	if err != nil {
		return nil, err
	}
	if err := kernel(it, v); err != nil {
		return nil, err
	}
	return out, nil
}
