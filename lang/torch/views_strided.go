package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.as_strided and Tensor.unfold (autograd/strided.go).

func defStridedViews() {
	lang.NewBuiltin(lang.AsBoth, "as_strided(input, size, stride, storage_offset=None)", "A view of input's storage with the given sizes and strides (in elements), from storage_offset (input's own by default). Every element it reaches must lie in the storage; gradients add up where elements repeat.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		size, stride, offset := asStridedArgs(a, x)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.AsStrided(x, size, stride, offset))
	})
	lang.NewBuiltin(lang.AsMethod, "unfold(input, dimension, size, step)", "A view of every window of size elements along dimension, step apart: that dimension becomes the number of windows and the windows' elements a new last dimension.", func(a *lang.Args) (lang.Value, error) {
		x, dim, size, step := tensorArg(a, "input"), a.Int("dimension"), a.Int("size"), a.Int("step")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Unfold(x, dim, size, step))
	})
}

// asStridedArgs reads the size, stride and storage_offset of
// as_strided and as_strided_ on x, failing a with PyTorch's errors when
// they do not fit x's storage.
func asStridedArgs(a *lang.Args, x *tensor.Tensor) (size, stride []int, offset int) {
	if x == nil { // input was not a tensor: a has the error
		return nil, nil, 0
	}
	return stridedArgs(a, x, x.Offset(), x.StorageNbytes())
}

// stridedArgs reads and checks the size, stride and storage_offset of a
// strided view of a storage of nbytes bytes holding x's dtype, the offset
// defaulting to defaultOffset: as_strided's over x's storage,
// as_strided_scatter's over a copy of x.
func stridedArgs(a *lang.Args, x *tensor.Tensor, defaultOffset, nbytes int) (size, stride []int, offset int) {
	size, stride = a.Ints("size"), a.Ints("stride")
	if a.Err() != nil {
		return nil, nil, 0
	}
	offset = defaultOffset
	if !a.IsNone("storage_offset") {
		offset = a.Int("storage_offset")
	}
	switch {
	case a.Err() != nil:
	case len(size) != len(stride):
		a.Fail(lang.Errorf(lang.RuntimeError, "mismatch in length of strides and shape"))
	default:
		if need, ok := stridedBytes(size, stride, offset, x.DType().Size()); ok && need > nbytes {
			a.Fail(lang.Errorf(lang.RuntimeError, "setStorage: sizes %s, strides %s, storage offset %d, and itemsize %d requiring a storage size of %d are out of bounds for storage of size %d",
				intList(size), intList(stride), offset, x.DType().Size(), need, nbytes))
		}
	}
	return size, stride, offset
}

// stridedBytes is the storage size, in bytes, a strided view needs
// (PyTorch's computeStorageNbytes); ok is false for an empty view or
// negative strides, which AsStrided judges.
func stridedBytes(size, stride []int, offset, itemsize int) (int, bool) {
	last := offset
	for i, n := range size {
		if n == 0 {
			return 0, false
		}
		if stride[i] < 0 {
			return 0, false
		}
		last += (n - 1) * stride[i]
	}
	return (last + 1) * itemsize, true
}

// intList writes ints as PyTorch's messages do: [5, 5].
func intList(xs []int) string {
	s := "["
	for i, x := range xs {
		if i > 0 {
			s += ", "
		}
		s += lang.Str(int64(x))
	}
	return s + "]"
}
