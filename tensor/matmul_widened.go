package tensor

import (
	"unsafe"

	"github.com/kael-dev/kael/tensor/internal/gemv"
)

// MatmulWidened returns x·w for a float32 x of shape [..., k] and a
// bfloat16 or float16 matrix w of shape [k, n], as float32 of shape
// [..., n]: w's values are widened to float32 exactly and the products
// and sums are float32's. It is the inference kernel for 16-bit weights
// (kael's GPT-2 keeps them so), not PyTorch's 16-bit matmul, which would
// need x in w's dtype and round the result to it.
//
// With one row in x (batch-1 decoding) the product reads w's 16 bits per
// element once, widening in registers (package gemv), which makes it
// about twice as fast as float32 weights where memory bandwidth sets the
// speed; w may then be any view whose rows or columns are contiguous,
// such as the transpose of a contiguous matrix. With more rows, w is
// widened into a float32 copy and multiplied by gemm. MatmulWidened
// records no autograd history.
func MatmulWidened(x, w *Tensor) (*Tensor, error) {
	if x.dtype != Float32 {
		return nil, typeErrorf("MatmulWidened: x must be float32, got %s", x.dtype)
	}
	format := gemv.Float16
	if w.dtype == BFloat16 {
		format = gemv.BFloat16
	} else if w.dtype != Float16 {
		return nil, typeErrorf("MatmulWidened: w must be bfloat16 or float16, got %s", w.dtype)
	}
	if w.Dim() != 2 || x.Dim() == 0 || x.shape[x.Dim()-1] != w.shape[0] {
		return nil, Errorf(RuntimeError, "MatmulWidened: shapes %s and %s cannot be multiplied", FormatShape(x.shape), FormatShape(w.shape))
	}
	k, n := w.shape[0], w.shape[1]
	rows := x.Numel() / max(k, 1)
	if rows != 1 || k == 0 || n == 0 {
		wf, err := w.To(Float32)
		if err != nil {
			return nil, err
		}
		return Matmul(x, wf)
	}
	xc, err := x.Contiguous()
	if err != nil {
		return nil, err
	}
	out, err := Empty(Float32, append(x.shape[:x.Dim()-1:x.Dim()-1], n)...)
	if err != nil {
		return nil, err
	}
	y := out.storage.data.([]float32)[:n]
	xv := xc.storage.data.([]float32)[xc.offset : xc.offset+k]
	bits := storageBits16(w)
	// Rows (or columns) must be contiguous and not overlap: an expanded
	// weight (stride 0) is made contiguous first.
	switch {
	case (w.strides[1] == 1 || n == 1) && (w.strides[0] >= n || k == 1): // rows contiguous: y = x·W
		gemv.VecMat16(y, xv, bits[w.offset:], format, k, n, max(w.strides[0], n), NumThreads())
	case (w.strides[0] == 1 || k == 1) && (w.strides[1] >= k || n == 1): // columns contiguous: y = (Wᵀ)·x
		gemv.MatVec16(y, bits[w.offset:], xv, format, n, k, max(w.strides[1], k), NumThreads())
	default:
		wc, err := w.Contiguous()
		if err != nil {
			return nil, err
		}
		return MatmulWidened(x, wc)
	}
	return out, nil
}

// storageBits16 returns a 16-bit tensor's storage as its raw bits.
func storageBits16(t *Tensor) []uint16 {
	if d, ok := t.storage.data.([]BF16); ok {
		return unsafe.Slice((*uint16)(unsafe.SliceData(d)), len(d))
	}
	d := t.storage.data.([]F16)
	return unsafe.Slice((*uint16)(unsafe.SliceData(d)), len(d))
}
