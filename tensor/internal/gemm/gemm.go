// Package gemm implements dense matrix multiplication (GEMM) for float32 and
// float64 on strided row-major views.
//
// The implementation follows the Goto/BLIS scheme: panels of A and B are
// packed into contiguous buffers, the product is split into cache blocks
// (KC along the shared dimension, MC rows of A, NC columns of B), and the
// blocks are computed by a register-blocked micro-kernel that produces one
// MR×NR tile of C at a time. On amd64 the micro-kernels are written in
// assembly for AVX-512 and AVX2+FMA and chosen at run time; elsewhere, or
// when forced with SetImpl("generic"), a portable Go micro-kernel is used.
// Large products are spread over several goroutines. MulPackedB takes B
// as a caller's packer instead of a view (an implicit GEMM); MulPacked
// and MulTransPacked take B already in the kernel's packed layout, and
// MulPackedA an A packed once too (PackA).
package gemm

import (
	"fmt"
	"math"
	"runtime"
)

// Matrix is a strided row-major view of a matrix: element (i, j) is
// Data[Offset + i*RowStride + j*ColStride]. Strides may be zero
// (broadcast) or negative.
type Matrix[T float32 | float64] struct {
	Data                         []T
	Offset, RowStride, ColStride int
}

// transpose returns the view of the transposed matrix.
func (x Matrix[T]) transpose() Matrix[T] {
	return Matrix[T]{x.Data, x.Offset, x.ColStride, x.RowStride}
}

// Options tunes a call to Mul.
type Options struct {
	// Threads is the largest number of goroutines Mul may use;
	// 0 means runtime.GOMAXPROCS(0). Small products use one.
	Threads int
	// Cancelled, if not nil, is polled from the calling goroutine only,
	// between units of work (each well under a millisecond); once it
	// returns true Mul returns early, leaving C partly computed. The
	// smallest products do not poll it.
	Cancelled func() bool
}

// Mul computes C = A·B, overwriting C, where A is m×k, B is k×n and C is
// m×n. A and B may have any strides, including zero and transposed ones.
// C may have any strides but must not alias A or B, and its elements must
// be distinct unless the result does not matter. With k = 0, C is set to
// zero. Mul panics if a view reaches outside its Data.
func Mul[T float32 | float64](m, n, k int, a, b, c Matrix[T], opt Options) {
	if trivialProduct(m, n, k, a, c) {
		return
	}
	checkView("B", b, k, n)
	if c.ColStride != 1 && c.RowStride == 1 {
		// C is column-major: compute Cᵀ = Bᵀ·Aᵀ, whose rows are contiguous.
		m, n, a, b, c = n, m, b.transpose(), a.transpose(), c.transpose()
	}
	work := volume(m, n, k)
	if work <= naiveMaxWork {
		naive(m, n, k, a, b, c)
		return
	}
	mul(kernelFor[T](), m, n, k, a, b, c, threadsFor(work, opt), opt.Cancelled)
}

// MulAdd computes C += A·B, with Mul's conditions on the views. Each
// element of C gains the element of A·B that Mul computes, rounded once,
// as a sum: C + Mul's product, bit for bit, without a matrix to hold the
// product. Where the product has one block along K (k up to the
// micro-kernel's KC), the kernels add their tiles to C; otherwise, and
// for the products Mul computes by a plain loop, the product goes to a
// scratch matrix first.
func MulAdd[T float32 | float64](m, n, k int, a, b, c Matrix[T], opt Options) {
	if m < 0 || n < 0 || k < 0 {
		panic(fmt.Sprintf("gemm: negative dimension %d×%d×%d", m, n, k))
	}
	if m == 0 || n == 0 {
		return
	}
	checkView("C", c, m, n)
	kn := kernelFor[T]()
	if k == 0 || k > kn.kc || volume(m, n, k) <= naiveMaxWork {
		p := make([]T, m*n)
		Mul(m, n, k, a, b, Matrix[T]{Data: p, RowStride: n, ColStride: 1}, opt)
		for i := 0; i < m; i++ {
			for j, v := range p[i*n : (i+1)*n] {
				c.Data[c.Offset+i*c.RowStride+j*c.ColStride] += v
			}
		}
		return
	}
	checkView("A", a, m, k)
	checkView("B", b, k, n)
	if c.ColStride != 1 && c.RowStride == 1 {
		m, n, a, b, c = n, m, b.transpose(), a.transpose(), c.transpose()
	}
	mulWith(kn, m, n, k, a, b, c, threadsFor(volume(m, n, k), opt), opt.Cancelled, nil, true)
}

// trivialProduct checks Mul's and MulPackedB's dimensions and the views
// of C and A (panicking on a negative dimension or a view outside its
// Data), sets C to zero when k = 0, and reports whether nothing is left
// to compute (m, n or k zero).
func trivialProduct[T float32 | float64](m, n, k int, a, c Matrix[T]) bool {
	if m < 0 || n < 0 || k < 0 {
		panic(fmt.Sprintf("gemm: negative dimension %d×%d×%d", m, n, k))
	}
	if m == 0 || n == 0 {
		return true
	}
	checkView("C", c, m, n)
	if k == 0 {
		for i := 0; i < m; i++ {
			for j := 0; j < n; j++ {
				c.Data[c.Offset+i*c.RowStride+j*c.ColStride] = 0
			}
		}
		return true
	}
	checkView("A", a, m, k)
	return false
}

// threadsFor is the number of goroutines for a product of work m·n·k:
// opt.Threads (GOMAXPROCS when unset), one per parallelMinWork at most.
func threadsFor(work int, opt Options) int {
	threads := opt.Threads
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	if work < parallelMinWork {
		return 1
	}
	return min(threads, work/parallelMinWork)
}

// volume returns m·n·k for positive m, n, k, or math.MaxInt where that
// overflows, as it can for broadcast (stride-0) views: a wrapped product
// would send a huge one to the naive loop, which never polls Cancelled.
func volume(m, n, k int) int {
	if n > math.MaxInt/m || k > math.MaxInt/(m*n) {
		return math.MaxInt
	}
	return m * n * k
}

// naiveMaxWork is the largest m·n·k computed by a plain triple loop, for
// which packing would cost more than it saves.
const naiveMaxWork = 8 * 8 * 8

// parallelMinWork is the least m·n·k worth giving to one more goroutine:
// below it the goroutines' meetings cost more than they save.
const parallelMinWork = 160 * 160 * 160

// checkView panics unless every element of the rows×cols view x lies in
// x.Data.
func checkView[T float32 | float64](name string, x Matrix[T], rows, cols int) {
	lo, hi := x.Offset, x.Offset
	for _, d := range [2]int{(rows - 1) * x.RowStride, (cols - 1) * x.ColStride} {
		if d < 0 {
			lo += d
		} else {
			hi += d
		}
	}
	if lo < 0 || hi >= len(x.Data) {
		panic(fmt.Sprintf("gemm: %d×%d view %s (offset %d, strides %d, %d) out of range [0, %d)",
			rows, cols, name, x.Offset, x.RowStride, x.ColStride, len(x.Data)))
	}
}

// naive computes C = A·B with a direct loop.
func naive[T float32 | float64](m, n, k int, a, b, c Matrix[T]) {
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			var s T
			ai := a.Offset + i*a.RowStride
			bj := b.Offset + j*b.ColStride
			for p := 0; p < k; p++ {
				s += a.Data[ai+p*a.ColStride] * b.Data[bj+p*b.RowStride]
			}
			c.Data[c.Offset+i*c.RowStride+j*c.ColStride] = s
		}
	}
}
