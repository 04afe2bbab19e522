package cuda

import (
	"fmt"
	"unsafe"

	"github.com/kael-dev/kael/tensor"
)

// storageBytes returns the bytes of t's whole storage.
func storageBytes(t *tensor.Tensor) ([]byte, error) {
	switch t.DType() {
	case tensor.Float32:
		return asBytes[float32](t)
	case tensor.Float64:
		return asBytes[float64](t)
	case tensor.Int64:
		return asBytes[int64](t)
	case tensor.Bool:
		return asBytes[uint8](t)
	case tensor.Uint8, tensor.Int8, tensor.Int16, tensor.Int32, tensor.Float16, tensor.BFloat16, tensor.Complex64, tensor.Complex128, tensor.Uint16, tensor.Uint32, tensor.Uint64:
	}
	return nil, fmt.Errorf("cuda: no device layout for dtype %s", t.DType())
}

func asBytes[T tensor.Element](t *tensor.Tensor) ([]byte, error) {
	d, err := tensor.Data[T](t)
	if err != nil || len(d) == 0 {
		return nil, err
	}
	var zero T
	return unsafe.Slice((*byte)(unsafe.Pointer(&d[0])), len(d)*int(unsafe.Sizeof(zero))), nil
}
