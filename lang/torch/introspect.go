package torch

import (
	"strconv"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// Tensor introspection as PyTorch has it, for the memory model and the
// autograd graph: x.stride(), x.storage_offset(), x.is_contiguous(),
// x.element_size(), x.nbytes, x.itemsize, x.data_ptr(),
// x.untyped_storage(), grad_fn.next_functions and AccumulateGrad.

func defIntrospection() {
	lang.NewBuiltin(lang.AsMethod, "stride(input, dim=None)", "The strides, a tuple of how many elements to step in storage for one step along each dimension: (3, 1) for a contiguous 2x3 tensor, (1, 3) for its transpose; with dim, the stride of that dimension.", func(a *lang.Args) (lang.Value, error) {
		x, d := a.Tensor("input"), a.OptInt("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		strides := x.Strides()
		if d == nil {
			out := make(lang.Tuple, len(strides))
			for i, s := range strides {
				out[i] = int64(s)
			}
			return out, nil
		}
		if _, err := x.Size(*d); err != nil { // PyTorch's dimension errors
			return nil, err
		}
		i := *d
		if i < 0 {
			i += x.Dim()
		}
		return int64(strides[i]), nil
	})
	lang.NewBuiltin(lang.AsMethod, "storage_offset(input)", "Where the first element of input sits in its storage, counted in elements: x[1].storage_offset() is x.stride(0).", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return int64(x.Offset()), nil
	})
	lang.NewBuiltin(lang.AsMethod, "is_contiguous(input, memory_format=None)", "Whether input's elements lie in storage in row-major order without gaps (strides as a new tensor of its shape would have; dimensions of size 1 and tensors without elements do not count); with memory_format=torch.channels_last (channels_last_3d), in the order N, H, W, C of a 4-D (N, D, H, W, C of a 5-D) tensor.", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		f, err := memoryFormatArg(a, "is_contiguous", contiguousFormat)
		if err != nil {
			return nil, err
		}
		return isContiguousAs(x, f), nil
	})
	lang.NewBuiltin(lang.AsBoth, "is_floating_point(input)", "Whether input's dtype is a floating point dtype (float16, bfloat16, float32, float64).", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return x.DType().IsFloating(), nil
	})
	lang.NewBuiltin(lang.AsMethod, "is_signed(input)", "Whether input's dtype holds negative values: every dtype but bool and uint8.", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return x.DType().IsSigned(), nil
	})
	lang.NewBuiltin(lang.AsBoth, "is_complex(input)", "Whether input's dtype is complex (complex64, complex128).", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return x.DType().IsComplex(), nil
	})
	lang.NewBuiltin(lang.AsMethod, "element_size(input)", "The bytes one element takes: 16 for complex128, 8 for float64, int64 and complex64, 4 for float32 and int32, 2 for float16, bfloat16 and int16, 1 for int8, uint8 and bool.", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return int64(x.DType().Size()), nil
	})
	lang.NewBuiltin(lang.AsMethod, "data_ptr(input)", "The memory address of input's first element, an int: its storage's address plus storage_offset() * element_size(), so views of one storage can be compared (0 for a storage without elements). kael's storage never moves.", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return int64(x.DataPtr()), nil
	})
	lang.NewBuiltin(lang.AsMethod, "untyped_storage(input)", "The storage input views, as bytes: s.nbytes(), s.data_ptr() and s.size() describe the memory every view of it shares.", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return &UntypedStorage{t: x}, nil
	})
	lang.RegisterTensorAttr("nbytes", "The bytes input's elements take: numel() * element_size() (the view's elements, not its whole storage).", func(t *tensor.Tensor) (lang.Value, error) {
		return int64(t.Nbytes()), nil
	}, nil)
	lang.RegisterTensorAttr("itemsize", "The bytes one element takes, as element_size().", func(t *tensor.Tensor) (lang.Value, error) {
		return int64(t.DType().Size()), nil
	}, nil)

	defMethod(storageClass, "nbytes(self)", "The bytes the storage holds.", func(a *lang.Args) (lang.Value, error) {
		return int64(a.Value("self").(*UntypedStorage).t.StorageNbytes()), nil
	})
	defMethod(storageClass, "size(self)", "The bytes the storage holds (an untyped storage counts bytes).", func(a *lang.Args) (lang.Value, error) {
		return int64(a.Value("self").(*UntypedStorage).t.StorageNbytes()), nil
	})
	defMethod(storageClass, "element_size(self)", "1: an untyped storage is counted in bytes.", func(a *lang.Args) (lang.Value, error) {
		return int64(1), nil
	})
	defMethod(storageClass, "data_ptr(self)", "The address of the storage's first byte (0 when it holds none).", func(a *lang.Args) (lang.Value, error) {
		return int64(a.Value("self").(*UntypedStorage).t.StorageDataPtr()), nil
	})

}

// storageClass is the class of x.untyped_storage().
const storageClass = "torch.storage.UntypedStorage"

// UntypedStorage is x.untyped_storage(): the bytes of the storage t views.
type UntypedStorage struct{ t *tensor.Tensor }

// TypeName returns torch.storage.UntypedStorage.
func (s *UntypedStorage) TypeName() string { return storageClass }

// Equal reports whether other is the same storage, as PyTorch's storages
// compare.
func (s *UntypedStorage) Equal(other lang.Value) bool {
	o, ok := other.(*UntypedStorage)
	return ok && s.t.SharesStorage(o.t)
}

// maxStorageReprBytes bounds the bytes repr lists one per line, as PyTorch
// does for all of them; a larger storage shows its first and last ones.
const maxStorageReprBytes = 64

// PyRepr lists the bytes, one per line, then the storage's class and size,
// as PyTorch prints it.
func (s *UntypedStorage) PyRepr() string {
	n := s.t.StorageNbytes()
	var b strings.Builder
	line := func(v byte) { b.WriteString(" " + strconv.Itoa(int(v)) + "\n") }
	bytes := s.t.StorageBytes()
	for i, v := range bytes {
		if n > maxStorageReprBytes && i == maxStorageReprBytes/2 {
			b.WriteString(" ...\n")
			for _, w := range bytes[n-maxStorageReprBytes/2:] {
				line(w)
			}
			break
		}
		line(v)
	}
	b.WriteString("[" + storageClass + "(device=" + string(s.t.Device()) + ") of size " + strconv.Itoa(n) + "]")
	return b.String()
}

// String is the same as PyRepr.
func (s *UntypedStorage) String() string { return s.PyRepr() }
