package tensor

import "unsafe"

// Memory introspection, as PyTorch's x.data_ptr(), x.untyped_storage(),
// x.element_size() show it: where a tensor's elements live, so that a
// learner can see that two views share memory and how far apart their
// first elements are.

// DataPtr returns the address of t's first element: its storage's address
// plus Offset()*DType().Size(). Storage memory never moves, so the address
// is stable for the tensor's life and two views of one storage can be
// compared. A tensor whose storage holds no elements has address 0, as in
// PyTorch.
func (t *Tensor) DataPtr() uintptr {
	base := t.StorageDataPtr()
	if base == 0 {
		return 0
	}
	return base + uintptr(t.offset*t.dtype.Size())
}

// StorageDataPtr returns the address of the first element of t's storage,
// or 0 when it holds none.
func (t *Tensor) StorageDataPtr() uintptr {
	if t.storage.n == 0 {
		return 0
	}
	return uintptr(unsafe.Pointer(unsafe.SliceData(t.storageMemory())))
}

// StorageBytes returns a copy of the bytes of t's whole storage, in the
// machine's byte order (a bool is the byte 0 or 1).
func (t *Tensor) StorageBytes() []byte { return append([]byte(nil), t.storageMemory()...) }

// storageMemory returns the memory of t's storage as bytes, not a copy.
func (t *Tensor) storageMemory() []byte {
	view, err := storageMemoryViews.Select("untyped_storage", t.dtype)
	if err != nil {
		return nil // no storage of an unknown dtype exists
	}
	return view(t.storage.data)
}

// StorageNbytes returns the bytes of t's whole storage, which views share:
// its elements times their size (a bool is one byte).
func (t *Tensor) StorageNbytes() int { return t.storage.n * t.dtype.Size() }

// storageMemoryViews view the storage slice of each dtype as its bytes.
var storageMemoryViews = AllDTypes(ByDType[func(data any) []byte]{
	Float32: bytesOf[float32], Float64: bytesOf[float64], Int64: bytesOf[int64], Bool: bytesOf[uint8], Uint8: bytesOf[U8], Int8: bytesOf[int8], Int16: bytesOf[int16], Int32: bytesOf[int32], Float16: bytesOf[F16], BFloat16: bytesOf[BF16], Complex64: bytesOf[complex64], Complex128: bytesOf[complex128], Uint16: bytesOf[uint16], Uint32: bytesOf[uint32], Uint64: bytesOf[uint64]})

func bytesOf[T Element](data any) []byte {
	s := data.([]T)
	var zero T
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(zero)))
}
