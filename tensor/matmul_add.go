package tensor

import "github.com/kael-dev/kael/tensor/internal/gemm"

// MatmulAddInPlace adds the matrix product a·b to acc in place, for 2-D
// float32 or float64 operands of one dtype with acc m×n, its elements
// distinct (acc or its transpose contiguous) and its storage not a's or
// b's, and reports whether it did; otherwise acc is left as it was and
// the caller adds Matmul(a, b) itself. Each element of acc gains the
// element of Matmul(a, b), rounded once: acc + Matmul(a, b) bit for bit,
// without a tensor to hold the product (the autograd engine sums a
// recurrent weight's gradient, one product per time step, so). Products
// that Matmul hands to its matrix-vector kernels (a row or a column) are
// not taken.
func MatmulAddInPlace(acc, a, b *Tensor) (bool, error) {
	if acc.Dim() != 2 || a.Dim() != 2 || b.Dim() != 2 {
		return false, nil
	}
	d := acc.dtype
	if (d != Float32 && d != Float64) || a.dtype != d || b.dtype != d {
		return false, nil
	}
	m, k, n := a.shape[0], a.shape[1], b.shape[1]
	if b.shape[0] != k || acc.shape[0] != m || acc.shape[1] != n || m < 2 || n < 2 {
		return false, nil
	}
	if acc.storage == a.storage || acc.storage == b.storage {
		return false, nil
	}
	if rs, cs := acc.strides[0], acc.strides[1]; !(cs == 1 && rs == n) && !(rs == 1 && cs == m) {
		return false, nil
	}
	opt := gemm.Options{Threads: NumThreads(), Cancelled: Interrupted}
	if d == Float32 {
		matmulAdd[float32](acc, a, b, opt)
	} else {
		matmulAdd[float64](acc, a, b, opt)
	}
	if Interrupted() {
		return true, errInterrupted()
	}
	return true, nil
}

func matmulAdd[T float32 | float64](acc, a, b *Tensor, opt gemm.Options) {
	view := func(t *Tensor) gemm.Matrix[T] {
		return gemm.Matrix[T]{Data: t.storage.data.([]T), Offset: t.offset, RowStride: t.strides[0], ColStride: t.strides[1]}
	}
	gemm.MulAdd(a.shape[0], b.shape[1], a.shape[1], view(a), view(b), view(acc), opt)
}
