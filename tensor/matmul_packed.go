package tensor

import "github.com/kael-dev/kael/tensor/internal/gemm"

// PackedMatrix is a float matrix B packed once in the GEMM kernel's
// layout (gemm.Pack) for the many products A·B that use it: a recurrent
// layer multiplies its W_hh at every time step, forward and backward,
// and the GEMM would otherwise pack the same 800×200 weight again for
// each step's 20 rows. It remembers the view it was packed from and that
// view's storage version: MatmulPacked uses the packed values only while
// they are still the view's (no write since, no storage swapped in), and
// multiplies by the view itself otherwise.
type PackedMatrix struct {
	b       *Tensor
	storage *Storage
	version uint64
	packed  any // gemm.Packed[float32] or gemm.Packed[float64]
}

// PackMatrix packs the 2-D float32 or float64 b; for another b it returns
// nil, and MatmulPacked with nil is Matmul.
func PackMatrix(b *Tensor) *PackedMatrix {
	if b.Dim() != 2 {
		return nil
	}
	p := &PackedMatrix{b: b, storage: b.storage, version: b.Version()}
	k, n := b.shape[0], b.shape[1]
	if b.dtype == Float32 {
		p.packed = packOf[float32](b, k, n)
	} else if b.dtype == Float64 {
		p.packed = packOf[float64](b, k, n)
	} else {
		return nil
	}
	return p
}

// packOf packs the k×n matrix b of element type T.
func packOf[T float32 | float64](b *Tensor, k, n int) gemm.Packed[T] {
	return gemm.Pack(k, n, gemm.Matrix[T]{Data: b.storage.data.([]T), Offset: b.offset, RowStride: b.strides[0], ColStride: b.strides[1]})
}

// Matrix returns the view p was packed from.
func (p *PackedMatrix) Matrix() *Tensor { return p.b }

// isTransposeOf reports whether p was packed from w.T() (w a matrix):
// the same storage, offset and elements.
func (p *PackedMatrix) isTransposeOf(w *Tensor) bool {
	b := p.b
	return w.Dim() == 2 && b.storage == w.storage && b.offset == w.offset &&
		b.shape[0] == w.shape[1] && b.shape[1] == w.shape[0] &&
		b.strides[0] == w.strides[1] && b.strides[1] == w.strides[0]
}

// current reports whether p still holds its view's values.
func (p *PackedMatrix) current() bool {
	return p.b.storage == p.storage && p.b.Version() == p.version
}

// MatmulPacked returns Matmul(a, b) for the b that p was packed from, the
// same values bit for bit: a 2-D a of b's dtype, with at least two rows
// and b at least two columns (fewer are matrix-vector products, which
// Matmul computes otherwise), reads p's packed panels; any other a, a
// nil p, or a b written since it was packed is multiplied by Matmul.
func MatmulPacked(a *Tensor, p *PackedMatrix) (*Tensor, error) {
	if p == nil {
		return nil, Errorf(RuntimeError, "MatmulPacked: no packed matrix")
	}
	b := p.b
	if a.Dim() != 2 || a.dtype != b.dtype || a.shape[1] != b.shape[0] || a.shape[0] < 2 || b.shape[1] < 2 || !p.current() {
		return Matmul(a, b)
	}
	m, k, n := a.shape[0], a.shape[1], b.shape[1]
	out, err := emptyOutput(a.dtype, m, n)
	if err != nil {
		return nil, err
	}
	switch bp := p.packed.(type) {
	case gemm.Packed[float32]:
		mulPacked(a, bp, out, m, n, k, false)
	case gemm.Packed[float64]:
		mulPacked(a, bp, out, m, n, k, false)
	}
	if Interrupted() {
		return nil, errInterrupted()
	}
	return out, nil
}

// mulPacked computes the contiguous m×n out = a·B, B packed in bp, or,
// with add, adds a·B to out (gemm.MulPackedAdd).
func mulPacked[T float32 | float64](a *Tensor, bp gemm.Packed[T], out *Tensor, m, n, k int, add bool) {
	am := gemm.Matrix[T]{Data: a.storage.data.([]T), Offset: a.offset, RowStride: a.strides[0], ColStride: a.strides[1]}
	c := gemm.Matrix[T]{Data: out.storage.data.([]T), Offset: out.offset, RowStride: n, ColStride: 1}
	opt := gemm.Options{Threads: NumThreads(), Cancelled: Interrupted}
	if add {
		gemm.MulPackedAdd(m, n, k, am, bp, 0, c, opt)
		return
	}
	gemm.MulPacked(m, n, k, am, bp, 0, c, opt)
}

// matmulPackedAddInPlace adds a·B to acc, a new contiguous m×n matrix of
// a's float dtype, for the B that p was packed from and still holds (p
// current, a 2-D with B's rows as its columns), reading p's packed
// panels: acc + MatmulPacked(a, p) bit for bit (gemm.MulPackedAdd). It
// reports whether it did; other operands are left to the caller.
func matmulPackedAddInPlace(acc, a *Tensor, p *PackedMatrix) (bool, error) {
	b := p.b
	if a.Dim() != 2 || acc.Dim() != 2 || a.dtype != b.dtype || acc.dtype != b.dtype || !p.current() {
		return false, nil
	}
	m, k, n := a.shape[0], a.shape[1], b.shape[1]
	if b.shape[0] != k || acc.shape[0] != m || acc.shape[1] != n || m < 2 || n < 2 || !acc.IsContiguous() {
		return false, nil
	}
	if acc.storage == a.storage || acc.storage == b.storage {
		return false, nil
	}
	switch bp := p.packed.(type) {
	case gemm.Packed[float32]:
		mulPacked(a, bp, acc, m, n, k, true)
	case gemm.Packed[float64]:
		mulPacked(a, bp, acc, m, n, k, true)
	default:
		return false, nil
	}
	if Interrupted() {
		return true, errInterrupted()
	}
	return true, nil
}
