package tensor

import (
	"reflect"
	"slices"
)

// Resize gives t the shape shape in place (PyTorch's t.resize_): t keeps
// its storage and offset and takes row-major strides, unless shape is
// its shape already, which changes nothing. When the storage is too small
// it grows, keeping its elements and zeroing the new ones (PyTorch leaves
// them uninitialized); every tensor sharing the storage sees it grow.
func (t *Tensor) Resize(shape ...int) error {
	if err := checkShape(shape); err != nil {
		return err
	}
	if slices.Equal(shape, t.shape) {
		return nil
	}
	if need := t.offset + numel(shape); need > t.storage.n {
		if t.storage.device != CPU {
			return Errorf(RuntimeError, "resize_: cannot grow a storage on %s", t.storage.device)
		}
		var grown Storage
		if err := initStorage(&grown, t.dtype, need, true); err != nil {
			return err
		}
		reflect.Copy(reflect.ValueOf(grown.data), reflect.ValueOf(t.storage.data))
		t.storage.data, t.storage.n = grown.data, grown.n
		t.storage.version.Add(1)
	}
	t.shape = slices.Clone(shape)
	t.strides = contiguousStrides(shape)
	return nil
}
