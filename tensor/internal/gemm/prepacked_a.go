package gemm

import "fmt"

// PackedA is an m×k matrix A packed once, by PackA, in the slivers in
// which the driver hands A to the micro-kernel, for a matrix that is the
// A of many products: a convolution's weight, multiplied by every
// image's columns in turn, is then packed once a call rather than once an
// image. The slivers are those the driver would pack from the view, so
// the products are bit for bit those of the view.
//
// Block pc of K (pc a multiple of the kernel's KC) holds kc = min(KC,
// k−pc) steps of every sliver of MR rows: sliver s of the block starts at
// data[pc·roundUp(m, MR) + s·MR·kc] and holds A's element (s·MR+i, pc+p)
// at p·MR+i, zero past m.
type PackedA[T float32 | float64] struct {
	view Matrix[T] // A itself, for the products computed without the kernels
	m, k int
	kn   *kernel[T] // the kernel whose slivers data holds
	data []T
}

// PackA packs the m×k view a for MulPackedA. A later change of the
// implementation (SetImpl) makes MulPackedA pack the view again, as
// MulPacked does.
func PackA[T float32 | float64](m, k int, a Matrix[T]) *PackedA[T] {
	if m < 0 || k < 0 {
		panic(fmt.Sprintf("gemm: negative dimension %d×%d", m, k))
	}
	pa := &PackedA[T]{view: a, m: m, k: k}
	if m == 0 || k == 0 {
		return pa
	}
	checkView("A", a, m, k)
	kn := kernelFor[T]()
	pa.kn = kn
	rows := roundUp(m, kn.mr)
	pa.data = make([]T, rows*k)
	kcMax := min(kn.kc, k)
	for pc := 0; pc < k; pc += kcMax {
		kc := min(kcMax, k-pc)
		pn := panel[T]{a.Data, a.Offset + pc*a.ColStride, a.RowStride, a.ColStride, m, kc, kn.mr}
		pn.packGroup(pa.data[pc*rows:], 0, rows/kn.mr, kn.transA, kn.partA, kn.copyRows)
	}
	return pa
}

// packedFor returns pa where its slivers are kn's, or nil: the driver
// then packs A from the view.
func (pa *PackedA[T]) packedFor(kn *kernel[T]) *PackedA[T] {
	if pa == nil || pa.kn != kn {
		return nil
	}
	return pa
}

// sliver returns the packed sliver of A's rows from i (a multiple of MR)
// in the block of K from pc (a multiple of KC).
func (pa *PackedA[T]) sliver(pc, i int) []T {
	kc := min(pa.kn.kc, pa.k-pc)
	return pa.data[pc*roundUp(pa.m, pa.kn.mr)+i*kc:]
}

// MulPackedA is MulPacked with A packed by PackA: C = A·B for the m×k a,
// B the k×n columns [col0, col0+n) of the packed b, C an m×n view whose
// rows are contiguous. The product is MulPacked's with a's view, bit for
// bit; only A's packing is saved.
func MulPackedA[T float32 | float64](n int, a *PackedA[T], b Packed[T], col0 int, c Matrix[T], opt Options) {
	if trivialProduct(a.m, n, a.k, a.view, c) {
		return
	}
	mulPacked(a.m, n, a.k, a.view, a, b, col0, c, opt, false)
}

// MulA is Mul with A packed by PackA: C = A·B for the m×k a, the k×n
// view b and the m×n view c. The product is Mul's with a's view, bit for
// bit; only A's packing is saved (a convolution's weight multiplied by
// each image's columns as a matrix).
func MulA[T float32 | float64](n int, a *PackedA[T], b, c Matrix[T], opt Options) {
	if trivialProduct(a.m, n, a.k, a.view, c) {
		return
	}
	checkView("B", b, a.k, n)
	work := volume(a.m, n, a.k)
	if work <= naiveMaxWork || (c.ColStride != 1 && c.RowStride == 1) {
		// Mul's plain loop, or C column-major: Mul computes Cᵀ = Bᵀ·Aᵀ,
		// where A is no longer the packed operand.
		Mul(a.m, n, a.k, a.view, b, c, opt)
		return
	}
	mulPackedAWith(n, a, b, nil, c, opt)
}

// MulPackedAB is MulPackedB with A packed by PackA: C = A·B for the m×k
// a, the k×n B that packB packs, and the m×n view c. The product is
// MulPackedB's with a's view, bit for bit; only A's packing is saved (a
// convolution's weight multiplied by each image's gathered windows).
func MulPackedAB[T float32 | float64](n int, a *PackedA[T], packB PackB[T], c Matrix[T], opt Options) {
	if trivialProduct(a.m, n, a.k, a.view, c) {
		return
	}
	mulPackedAWith(n, a, Matrix[T]{}, packB, c, opt)
}

// mulPackedAWith is mulWith with A packed by PackA (read in place where
// its slivers are the current kernel's): B is the view b, or packed by
// packB where that is not nil.
func mulPackedAWith[T float32 | float64](n int, a *PackedA[T], b Matrix[T], packB PackB[T], c Matrix[T], opt Options) {
	kn := kernelFor[T]()
	j := &job[T]{kn: kn, m: a.m, n: n, k: a.k, a: a.view, b: b, c: c, threads: threadsFor(volume(a.m, n, a.k), opt),
		cancelled: opt.Cancelled, packFn: packB, preA: a.packedFor(kn)}
	j.mul()
}
