package tensor

import (
	"slices"

	"github.com/kael-dev/kael/tensor/internal/gemm"
)

// mmBatch is a batch of matrix products C[i] = A[i]·B[i] of m×k by k×n
// matrices that live in the storages of a, b and c. Matrix i of each operand
// starts at the storage index in the operand's offs; within a matrix, element
// (r, s) is at that offset plus r*rows + s*cols.
type mmBatch struct {
	m, n, k             int
	a, b, c             *Tensor
	aOffs, bOffs, cOffs []int
	aRows, aCols        int
	bRows, bCols        int
	cRows, cCols        int
}

// mmKernel computes every product of a batch into the freshly allocated
// output c: zeroed for the integer kernel, which adds into it, and left
// uninitialized for the floating ones, which overwrite it.
type mmKernel func(p *mmBatch) error

var matmulKernels = computed(NoBoolDTypes(ByDType[mmKernel]{Float32: gemmBatch[float32], Float64: gemmBatch[float64], Int64: blockedBatch[int64], Complex64: blockedBatch[complex64], Complex128: blockedBatch[complex128]}))

// batchParallelWork is the m·n·k below which the products of a batch are
// spread over goroutines one whole product each, rather than each product
// being split across goroutines.
const batchParallelWork = 128 * 128 * 64

// forBatch runs one(i) for every product of p: in parallel over the batch
// when the products are small, in order otherwise (one then parallelizes
// inside a product).
func (p *mmBatch) forBatch(one func(i int, threads int)) error {
	work := p.m * p.n * p.k
	if len(p.cOffs) > 1 && work < batchParallelWork {
		err := ParallelFor(len(p.cOffs), max(1, GrainSize/max(work, 1)), func(begin, end int) {
			for i := begin; i < end; i++ {
				one(i, 1)
			}
		})
		if err == nil && Interrupted() {
			err = errInterrupted()
		}
		return err
	}
	for i := range p.cOffs {
		one(i, NumThreads())
		if Interrupted() {
			return errInterrupted()
		}
	}
	return nil
}

// gemmBatch computes a float batch with the gemm package, which packs
// strided and transposed operands itself.
func gemmBatch[T float32 | float64](p *mmBatch) error {
	if done, err := matVec(p); done || err != nil {
		return err
	}
	ad, bd, cd := p.a.storage.data.([]T), p.b.storage.data.([]T), p.c.storage.data.([]T)
	return p.forBatch(func(i, threads int) {
		gemm.Mul(p.m, p.n, p.k,
			gemm.Matrix[T]{Data: ad, Offset: p.aOffs[i], RowStride: p.aRows, ColStride: p.aCols},
			gemm.Matrix[T]{Data: bd, Offset: p.bOffs[i], RowStride: p.bRows, ColStride: p.bCols},
			gemm.Matrix[T]{Data: cd, Offset: p.cOffs[i], RowStride: p.cRows, ColStride: p.cCols},
			gemm.Options{Threads: threads, Cancelled: Interrupted})
	})
}

// blockedBatch computes an integer batch with a cache-blocked loop. Large
// products are split by rows across goroutines.
func blockedBatch[T Arithmetic](p *mmBatch) error {
	ad, bd, cd := p.a.storage.data.([]T), p.b.storage.data.([]T), p.c.storage.data.([]T)
	var err error
	berr := p.forBatch(func(i, threads int) {
		rows := func(r0, r1 int) { blockedRows(p, ad, bd, cd, i, r0, r1) }
		if threads == 1 {
			rows(0, p.m)
			return
		}
		if e := ParallelFor(p.m, max(1, GrainSize/max(p.n*p.k, 1)), rows); e != nil {
			err = e
		}
	})
	if berr != nil {
		return berr
	}
	return err
}

// Blocking of the integer loop: a kcBlock×ncBlock block of B is reused by
// every row of A while it sits in cache.
const (
	kcBlock = 128
	ncBlock = 256
)

// blockedRows computes rows [r0, r1) of product i of p into the zeroed C,
// accumulating a row of B times an element of A into a row of C, which is
// contiguous. It stops early, between blocks, when interrupted.
func blockedRows[T Arithmetic](p *mmBatch, ad, bd, cd []T, i, r0, r1 int) {
	aOff, bOff, cOff := p.aOffs[i], p.bOffs[i], p.cOffs[i]
	for j0 := 0; j0 < p.n; j0 += ncBlock {
		j1 := min(j0+ncBlock, p.n)
		for k0 := 0; k0 < p.k; k0 += kcBlock {
			if Interrupted() { // forBatch reports it
				return
			}
			k1 := min(k0+kcBlock, p.k)
			for r := r0; r < r1; r++ {
				c := cd[cOff+r*p.cRows+j0 : cOff+r*p.cRows+j1]
				for q := k0; q < k1; q++ {
					av := ad[aOff+r*p.aRows+q*p.aCols]
					at := bOff + q*p.bRows + j0*p.bCols
					if p.bCols == 1 {
						b := bd[at : at+len(c)]
						for j := range c {
							c[j] += av * b[j]
						}
						continue
					}
					for j := range c {
						c[j] += av * bd[at+j*p.bCols]
					}
				}
			}
		}
	}
}

// matmulShapeError reports matrices whose inner dimensions differ, naming
// both operands' shapes.
func matmulShapeError(m, k, k2, n int, a, b *Tensor) error {
	return Errorf(RuntimeError, "mat1 and mat2 shapes cannot be multiplied (%dx%d and %dx%d)", m, k, k2, n).
		WithHint("operands have shapes %s and %s: the last dimension of the first must equal the second-to-last of the second",
			FormatShape(a.shape), FormatShape(b.shape))
}

// promoteMatmul selects op's kernel for the promoted dtype of a and b and
// converts both to it.
func promoteMatmul(op string, a, b *Tensor) (mmKernel, *Tensor, *Tensor, error) {
	d := ResultType(a, b)
	kernel, err := matmulKernels.Select(op, d)
	if err != nil {
		return nil, nil, nil, err
	}
	if a, err = a.To(d); err != nil {
		return nil, nil, nil, err
	}
	if b, err = b.To(d); err != nil {
		return nil, nil, nil, err
	}
	return kernel, a, b, nil
}

// Matmul returns the matrix product of a and b with torch.matmul's rules:
// 1-D·1-D is a dot product (0-d result), a 1-D first operand is a row vector
// and a 1-D second operand a column vector (the added dimension is removed
// from the result), and operands with more than two dimensions are stacks
// of matrices whose batch dimensions broadcast. Mixed dtypes promote as in
// element-wise operations; bool tensors are refused.
func Matmul(a, b *Tensor) (*Tensor, error) {
	if a.Dim() == 0 || b.Dim() == 0 {
		return nil, Errorf(RuntimeError, "both arguments to matmul need to be at least 1D, but they are %dD and %dD", a.Dim(), b.Dim())
	}
	if a.Dim() == 1 && b.Dim() == 1 {
		return dot("matmul", a, b)
	}
	return matmul("matmul", a, b)
}

// matmul is Matmul for operands of which at least one has two or more
// dimensions.
func matmul(op string, a, b *Tensor) (*Tensor, error) {
	if err := refuseHalfKernel(matmulHalfKernel(op, a.Dim(), b.Dim()), ResultType(a, b)); err != nil {
		return nil, err
	}
	if d := ResultType(a, b); matmulKernels.convertsIn(d) {
		ac, err := a.To(d.ComputeIn())
		if err != nil {
			return nil, err
		}
		bc, err := b.To(d.ComputeIn())
		if err != nil {
			return nil, err
		}
		r, err := matmul(op, ac, bc)
		return fromComputeIn(r, d, err)
	}
	kernel, a, b, err := promoteMatmul(op, a, b)
	if err != nil {
		return nil, err
	}
	a2, b2 := a, b
	if a.Dim() == 1 {
		a2 = a.view([]int{1, a.shape[0]}, []int{0, a.strides[0]}, a.offset)
	}
	if b.Dim() == 1 {
		b2 = b.view([]int{b.shape[0], 1}, []int{b.strides[0], 0}, b.offset)
	}
	m, k := a2.shape[a2.Dim()-2], a2.shape[a2.Dim()-1]
	k2, n := b2.shape[b2.Dim()-2], b2.shape[b2.Dim()-1]
	if k != k2 {
		rows := m
		if b2.Dim() == 2 {
			rows = numel(a2.shape) / max(k, 1) // PyTorch folds a stack times a matrix into one product
		}
		return nil, matmulShapeError(rows, k, k2, n, a, b)
	}
	aBatch, bBatch := a2.shape[:a2.Dim()-2], b2.shape[:b2.Dim()-2]
	batch, err := BroadcastShapes(aBatch, bBatch)
	if err != nil {
		return nil, err
	}
	outShape := append(slices.Clone(batch), m, n)
	// The floating kernels overwrite C; the integer loop adds into zeros.
	newOutput := Empty
	if a.dtype.IsFloating() {
		newOutput = emptyOutput
	}
	out, err := newOutput(a.dtype, outShape...)
	if err != nil {
		return nil, err
	}
	if err := runMatmul(kernel, a2, b2, out, batch, len(bBatch) == 0); err != nil {
		return nil, err
	}
	// Drop the dimensions added to 1-D operands.
	shape := outShape[:len(outShape)-2]
	if a.Dim() > 1 {
		shape = append(shape, m)
	}
	if b.Dim() > 1 {
		shape = append(shape, n)
	}
	return out.view(shape, contiguousStrides(shape), 0), nil
}

// runMatmul writes a·b into out, a contiguous [batch..., m, n] tensor: a
// is [..., m, k] and b [..., k, n], their batch dimensions broadcast to
// batch; oneB says that b is a single matrix. A stack of matrices times
// one matrix is one tall product when the stack's rows are evenly spaced
// in memory. Matmul and MatmulInto both run their products here.
func runMatmul(kernel mmKernel, a, b, out *Tensor, batch []int, oneB bool) error {
	m, k := a.shape[a.Dim()-2], a.shape[a.Dim()-1]
	n := b.shape[b.Dim()-1]
	// An empty result needs no offsets, of which a broadcast batch
	// against an empty matrix could have more than memory holds.
	if out.Numel() == 0 {
		return nil
	}
	c := out
	if oneB && len(batch) > 0 {
		if strides := viewStrides(a.shape, a.strides, []int{numel(batch) * m, k}); strides != nil {
			a = a.view([]int{numel(batch) * m, k}, strides, a.offset)
			batch = nil
			c = out.view([]int{out.Numel() / max(n, 1), n}, []int{n, 1}, out.offset)
		}
	}
	return kernel(&mmBatch{
		m: c.shape[c.Dim()-2], n: n, k: k, a: a, b: b, c: out,
		aOffs: batchOffsets(a, batch), bOffs: batchOffsets(b, batch), cOffs: batchOffsets(c, batch),
		aRows: a.strides[a.Dim()-2], aCols: a.strides[a.Dim()-1],
		bRows: b.strides[b.Dim()-2], bCols: b.strides[b.Dim()-1],
		cRows: n, cCols: 1,
	})
}

// batchOffsets returns the storage offset of every matrix of t (whose last
// two dimensions are the matrices) when its batch dimensions are broadcast
// to batch, in row-major order of batch.
func batchOffsets(t *Tensor, batch []int) []int {
	strides := make([]int, len(batch))
	lead := len(batch) - (t.Dim() - 2)
	for i := lead; i < len(batch); i++ {
		if t.shape[i-lead] != 1 {
			strides[i] = t.strides[i-lead]
		}
	}
	return stridedOffsets(batch, strides, t.offset)
}

// dot computes the dot product of two 1-D tensors as a 0-d tensor.
func dot(op string, a, b *Tensor) (*Tensor, error) {
	if a.shape[0] != b.shape[0] {
		return nil, Errorf(RuntimeError, "inconsistent tensor size, expected tensor [%d] and src [%d] to have the same number of elements, but got %d and %d elements respectively",
			a.shape[0], b.shape[0], a.shape[0], b.shape[0])
	}
	return matmul(op, a, b)
}

// Mm returns the product of two matrices, as torch.mm.
func Mm(a, b *Tensor) (*Tensor, error) {
	if a.Dim() != 2 {
		return nil, Errorf(RuntimeError, "self must be a matrix, got a %dD tensor of shape %s", a.Dim(), FormatShape(a.shape))
	}
	if b.Dim() != 2 {
		return nil, Errorf(RuntimeError, "mat2 must be a matrix, got a %dD tensor of shape %s", b.Dim(), FormatShape(b.shape))
	}
	return matmul("mm", a, b)
}

// Bmm returns the products of two equally long stacks of matrices, shapes
// [B, n, m] and [B, m, p], as torch.bmm; it does not broadcast.
func Bmm(a, b *Tensor) (*Tensor, error) {
	if a.Dim() != 3 {
		return nil, Errorf(RuntimeError, "batch1 must be a 3D tensor, got shape %s", FormatShape(a.shape))
	}
	if b.Dim() != 3 {
		return nil, Errorf(RuntimeError, "batch2 must be a 3D tensor, got shape %s", FormatShape(b.shape))
	}
	if b.shape[0] != a.shape[0] || b.shape[1] != a.shape[2] {
		return nil, Errorf(RuntimeError, "Expected size for first two dimensions of batch2 tensor to be: [%d, %d] but got: [%d, %d].",
			a.shape[0], a.shape[2], b.shape[0], b.shape[1])
	}
	return matmul("bmm", a, b)
}

// Dot returns the dot product of two 1-D tensors of equal length as a 0-d
// tensor.
func Dot(a, b *Tensor) (*Tensor, error) {
	if a.Dim() != 1 || b.Dim() != 1 {
		return nil, Errorf(RuntimeError, "1D tensors expected, but got %dD and %dD tensors", a.Dim(), b.Dim())
	}
	return dot("dot", a, b)
}

// Outer returns the outer product of two 1-D tensors: out[i, j] = a[i]*b[j].
// It is the element-wise product of a column and a row, so it accepts every
// dtype, bool included (where it is a logical and), and promotes like Mul.
func Outer(a, b *Tensor) (*Tensor, error) {
	for _, t := range []struct {
		name string
		x    *Tensor
	}{{"self", a}, {"vec2", b}} {
		if t.x.Dim() != 1 {
			return nil, Errorf(RuntimeError, "outer: Expected 1-D argument %s, but got %d-D", t.name, t.x.Dim())
		}
	}
	col := a.view([]int{a.shape[0], 1}, []int{a.strides[0], 0}, a.offset)
	return Mul(col, b)
}
