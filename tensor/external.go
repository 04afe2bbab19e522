package tensor

import (
	"runtime"
	"unsafe"
)

// FromBytes returns a contiguous tensor of dtype d and the given shape whose
// storage is data itself, reinterpreted in the machine's byte order: no
// copy is made, and writes through the tensor change data. It is for memory
// that kael does not allocate, such as a memory-mapped file. keepAlive, if
// not nil, is kept reachable for as long as the storage is (views
// included), so a mapping it owns outlives every tensor that views it.
//
// len(data) must be numel(shape) * d.Size() and data must be aligned to the
// element size; bool data must hold only the bytes 0 and 1.
func FromBytes(data []byte, d DType, shape []int, keepAlive any) (*Tensor, error) {
	if d.Size() == 0 {
		return nil, typeErrorf("invalid dtype %d", uint8(d))
	}
	if err := checkShape(shape); err != nil {
		return nil, err
	}
	n := numel(shape)
	if n > len(data)/d.Size() || n*d.Size() != len(data) {
		return nil, valueErrorf("shape %v of %s needs %d bytes, got %d", shape, d, n*d.Size(), len(data))
	}
	var p unsafe.Pointer
	if len(data) > 0 {
		p = unsafe.Pointer(unsafe.SliceData(data))
		if uintptr(p)%uintptr(d.Size()) != 0 {
			return nil, valueErrorf("data for a %s tensor is not aligned to %d bytes", d, d.Size())
		}
	} else {
		p = unsafe.Pointer(&[8]byte{})
	}
	if d == Bool {
		for _, v := range unsafe.Slice((*uint8)(p), n) {
			if v > 1 {
				return nil, valueErrorf("bool data holds the byte %d; only 0 and 1 are bools", v)
			}
		}
	}
	view, err := byteViews.Select("from_bytes", d)
	if err != nil {
		return nil, err
	}
	s := &Storage{data: view(p, n), n: n, device: CPU}
	if keepAlive != nil {
		runtime.AddCleanup(s, func(any) {}, keepAlive)
	}
	return &Tensor{storage: s, dtype: d, shape: append([]int{}, shape...), strides: contiguousStrides(shape)}, nil
}

// Aligned reports whether data starts at a multiple of size bytes, as
// FromBytes needs for an element of size bytes (an empty data is).
func Aligned(data []byte, size int) bool {
	return len(data) == 0 || uintptr(unsafe.Pointer(unsafe.SliceData(data)))%uintptr(size) == 0
}

// byteViews reinterpret n elements of memory at p as each dtype's storage
// slice.
var byteViews = AllDTypes(ByDType[func(p unsafe.Pointer, n int) any]{
	Float32: viewAs[float32], Float64: viewAs[float64], Int64: viewAs[int64], Bool: viewAs[uint8], Uint8: viewAs[U8], Int8: viewAs[int8], Int16: viewAs[int16], Int32: viewAs[int32], Float16: viewAs[F16], BFloat16: viewAs[BF16], Complex64: viewAs[complex64], Complex128: viewAs[complex128], Uint16: viewAs[uint16], Uint32: viewAs[uint32], Uint64: viewAs[uint64]})

func viewAs[T Element](p unsafe.Pointer, n int) any { return unsafe.Slice((*T)(p), n) }
