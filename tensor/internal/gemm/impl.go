package gemm

import "github.com/kael-dev/kael/tensor/internal/isa"

// kernelFunc computes one MR×NR tile of C from k steps of packed slivers:
// C = A·B, or C += A·B when acc is true. a holds A's element (i, p) at
// a[p*MR+i], b holds B's element (p, j) at b[p*NR+j], and row i of the
// tile starts at c[i*ldc].
type kernelFunc[T float32 | float64] func(k int, a, b, c *T, ldc int, acc bool)

// kernel is a micro-kernel with the cache blocking that suits it.
type kernel[T float32 | float64] struct {
	mr, nr int // tile shape
	kc     int // depth of a packed block: an MR×KC sliver of A fits in L1
	mc     int // rows of A packed at once (a multiple of mr)
	nc     int // columns of B packed at once (a multiple of nr)
	ncb    int // columns of B one goroutine sweeps at once: KC×NCB fits in L2
	fn     kernelFunc[T]
	// transA and transB, if not nil, pack full slivers of A and B whose
	// runs along k are contiguous (rows of A, columns of B); copyRows, if
	// not nil, packs full slivers contiguous across (columns of A, rows of
	// B). See panel.
	transA, transB transFunc[T]
	copyRows       copyFunc[T]
	// partA and partB, most rows first, pack the first rows of a partial
	// sliver whose runs along k are contiguous (see panel.packSlivers).
	partA, partB []partTrans[T]
	// tails, fewest rows first, compute the first rows of a tile from a
	// sliver of A packed for fn, for the last sliver of A where it has
	// that few rows: O = 16 output channels of a convolution are a sliver
	// of 12 and one of 4, not two of 12 whose second is two thirds zeros.
	// Each element of C is fn's, the same additions in the same order.
	tails []tailKernel[T]
	// halves, fewest rows first and the last with mr rows, compute the
	// first nr/2 columns of a tile from a sliver of B packed for fn, for
	// the last sliver of B where it has that few columns.
	halves []tailKernel[T]
	// quarters, as halves, compute the first nr/4 columns of a tile.
	quarters []tailKernel[T]
}

// tailKernel is a micro-kernel of the first rows rows of its kernel's
// tile.
type tailKernel[T float32 | float64] struct {
	rows int
	fn   kernelFunc[T]
}

// forRows returns the micro-kernel for a tile of which rows rows are
// wanted, and how many rows it computes.
func (kn *kernel[T]) forRows(rows int) (kernelFunc[T], int) {
	for _, t := range kn.tails {
		if rows <= t.rows {
			return t.fn, t.rows
		}
	}
	return kn.fn, kn.mr
}

// forHalf returns the half kernel for a tile of which rows rows and at
// most nr/2 columns are wanted, and how many rows it computes, or false
// where there is none.
func (kn *kernel[T]) forHalf(rows int) (kernelFunc[T], int, bool) {
	return forPart(kn.halves, rows)
}

// forQuarter is forHalf for at most nr/4 columns.
func (kn *kernel[T]) forQuarter(rows int) (kernelFunc[T], int, bool) {
	return forPart(kn.quarters, rows)
}

// forPart returns the first kernel of list that computes rows rows, and
// how many it computes, or false where there is none.
func forPart[T float32 | float64](list []tailKernel[T], rows int) (kernelFunc[T], int, bool) {
	for _, t := range list {
		if rows <= t.rows {
			return t.fn, t.rows, true
		}
	}
	return nil, 0, false
}

// impl is a set of micro-kernels for one instruction set.
type impl struct {
	name string
	f32  *kernel[float32]
	f64  *kernel[float64]
}

// genericImpl is the portable Go implementation.
var genericImpl = &impl{
	name: "generic",
	f32:  &kernel[float32]{mr: 2, nr: 4, kc: 256, mc: 256, nc: 4096, ncb: 256, fn: genericKernel[float32]},
	f64:  &kernel[float64]{mr: 2, nr: 4, kc: 256, mc: 256, nc: 4096, ncb: 128, fn: genericKernel[float64]},
}

// impls holds the implementations this CPU supports, fastest first, and
// the one in use.
var impls = isa.NewSelector("gemm", append(archImpls(), genericImpl)...)

// Name returns the implementation's name, for isa.Selector.
func (im *impl) Name() string { return im.name }

// Impl reports the name of the implementation in use: "avx512", "avx2" or
// "generic".
func Impl() string { return impls.Current().name }

// Impls lists the implementations this CPU supports, fastest first.
func Impls() []string { return impls.Names() }

// SetImpl selects the implementation by name, for tests and benchmarks. It
// fails if the CPU does not support it.
func SetImpl(name string) error { return impls.Set(name) }

// kernelFor returns the current micro-kernel for element type T.
func kernelFor[T float32 | float64]() *kernel[T] {
	im := impls.Current()
	var zero T
	if _, ok := any(zero).(float32); ok {
		return any(im.f32).(*kernel[T])
	}
	return any(im.f64).(*kernel[T])
}
