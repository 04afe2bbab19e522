package tensor

import (
	"unsafe"

	"github.com/kael-dev/kael/tensor/internal/rawmem"
)

// Small tensors in one allocation.
//
// A new tensor is a tensorBlock (the tensor, its storage header, its shape
// and strides) plus its elements, plus the storage slice boxed into the
// interface Storage.data holds: three allocations. For a tensor of a few
// elements, as in a loop of `c = s + s` over a 2-element tensor, those
// allocations were most of the cost of the operation. A tensor of at most
// smallBytes bytes of elements keeps them, and the slice header that
// Storage.data points at, inside its block instead, so it costs one
// allocation. The garbage collector sees the slice's pointer (the header
// is typed with an unsafe.Pointer) and the interface's pointer into the
// block, so the block lives as long as anything refers to its elements.

// smallBytes is the most element data a tensor keeps inside its block.
const smallBytes = 32

// smallTensorBlock is a tensorBlock with room for its elements.
type smallTensorBlock struct {
	tensorBlock
	header sliceHeader // the storage slice, the value of storage.data
	elems  [smallBytes / 8]uint64
}

// sliceHeader has the layout of a Go slice.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// emptyInterface has the layout of an interface{} value.
type emptyInterface struct {
	typ, data unsafe.Pointer
}

// interfaceType returns the type word of v's interface.
func interfaceType(v any) unsafe.Pointer { return (*emptyInterface)(unsafe.Pointer(&v)).typ }

// storageSliceTypes are the type words of each dtype's storage slice.
var storageSliceTypes = AllDTypes(ByDType[unsafe.Pointer]{
	Float32: interfaceType([]float32(nil)), Float64: interfaceType([]float64(nil)),
	Int64: interfaceType([]int64(nil)), Bool: interfaceType([]uint8(nil)),
	Uint8: interfaceType([]U8(nil)), Int8: interfaceType([]int8(nil)), Int16: interfaceType([]int16(nil)),
	Int32: interfaceType([]int32(nil)), Float16: interfaceType([]F16(nil)), BFloat16: interfaceType([]BF16(nil)),
	Complex64: interfaceType([]complex64(nil)), Complex128: interfaceType([]complex128(nil)),
	Uint16: interfaceType([]uint16(nil)), Uint32: interfaceType([]uint32(nil)), Uint64: interfaceType([]uint64(nil))})

// newSmallTensor returns a new contiguous tensor in one allocation, or ok
// false when its elements do not fit (or the memory limit is below even
// that, so that newTensor reports it). bytes is the size of its elements,
// as storageBytes computes it without overflow.
func newSmallTensor(d DType, shape []int, bytes int, zero bool) (t *Tensor, ok bool) {
	n, size := numel(shape), d.Size()
	if size == 0 || bytes > smallBytes || len(shape) > inlineDims {
		return nil, false
	}
	if limit := memoryLimit.Load(); limit > 0 && int64(bytes) > limit {
		return nil, false
	}
	typ, err := storageSliceTypes.Select("allocate", d)
	if err != nil {
		return nil, false
	}
	b := new(smallTensorBlock)
	elems := unsafe.Pointer(&b.elems)
	if !zero && rawmem.Poison {
		bytes := unsafe.Slice((*byte)(elems), smallBytes)
		for i := range bytes {
			bytes[i] = 0xFF
		}
	}
	b.header = sliceHeader{data: elems, len: n, cap: n}
	s := &b.storage
	s.data = *(*any)(unsafe.Pointer(&emptyInterface{typ: typ, data: unsafe.Pointer(&b.header)}))
	s.n, s.device = n, CPU
	return b.tensorBlock.init(d, shape), true
}
