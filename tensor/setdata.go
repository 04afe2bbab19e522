package tensor

// SetData makes t hold src's data: its storage, dtype, shape, strides and
// offset, keeping t's identity and autograd state. It is PyTorch's
// t.data = src, which module.to(dtype) uses so that a parameter stays the
// same tensor (an optimizer holding it sees the change).
func (t *Tensor) SetData(src *Tensor) {
	t.storage, t.dtype, t.offset, t.wrapped = src.storage, src.dtype, src.offset, false
	t.shape = append([]int(nil), src.shape...)
	t.strides = append([]int(nil), src.strides...)
}
