// Package gemv multiplies a float32 matrix by a vector, the product that
// dominates batch-1 inference: every weight is read once and used once, so
// the speed is the memory bandwidth, and the kernels' only job is to keep
// every core streaming. Both layouts a row-major weight can be used in are
// covered:
//
//	VecMat: y = x·W, W k×n (y[j] = Σ_i x[i] W[i,j]): rows of W scaled by
//	        elements of x and added into y, four rows at a time.
//	MatVec: y = W·x, W n×k (y[i] = Σ_j W[i,j] x[j]): dot products of rows
//	        of W with x, four rows at a time.
//
// Work is split into contiguous blocks of rows of W, one per goroutine
// (the caller's and persistent workers of internal/pool), so each
// goroutine streams one region of memory; VecMat sums the goroutines'
// partial vectors at the end. On amd64 the inner loops are assembly
// (written by _asm/gen.go): AVX-512 where the CPU has AVX-512 F and BW,
// AVX2 and FMA otherwise, the two giving the same bits; elsewhere, or
// when forced with SetImpl("generic") or KAEL_ISA, Go.
//
// VecMat16 and MatVec16 do the same over bfloat16 or float16 weights,
// widened to float32 in registers (gemv16.go): half the bytes per weight.
package gemv

import (
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/kael-dev/kael/tensor/internal/isa"
	"github.com/kael-dev/kael/tensor/internal/pool"
	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// impl is one implementation of the two inner kernels. n is a multiple of
// 8 for the assembly ones; the callers handle the rest.
type impl struct {
	name string
	// axpy4 adds x[0]·w0 + x[1]·w1 + x[2]·w2 + x[3]·w3 into y[:n].
	axpy4 func(y, w0, w1, w2, w3 []float32, x *[4]float32, n int)
	// dot4 stores the dot products of w0..w3 with x[:n] in out.
	dot4 func(w0, w1, w2, w3, x []float32, n int, out *[4]float32)
	// width is the multiple of n the kernels handle; 1 for Go.
	width int
	// axpy4k and dot4k name the assembly kernels themselves, called with
	// pointers (see kernels); noKernel for Go.
	axpy4k, dot4k asmKernel
	// half holds the kernels over 16-bit weights by format (gemv16.go),
	// nil where this implementation has none.
	half map[Half]kernels[uint16]
}

var generic = &impl{name: "generic", axpy4: axpy4Go, dot4: dot4Go, width: 1}

// impls holds the implementations this CPU supports, fastest first, and
// the one in use (isa.EnvVar caps it). The products stream their weights
// from memory, so on the CPUs where the AVX2 kernels stream better than
// the AVX-512 ones (isa.CPU.StreamsAVX2: AMD's) the AVX2 ones are used;
// the two give the same bits.
var impls = isa.NewStreamSelector("gemv", append(archImpls(), generic)...)

// Name returns the implementation's name, for isa.Selector.
func (im *impl) Name() string { return im.name }

// Impl names the implementation in use.
func Impl() string { return impls.Current().name }

// Impls lists the implementations this CPU supports, fastest first.
func Impls() []string { return impls.Names() }

// SetImpl selects an implementation by name ("avx512", "avx2", "generic").
func SetImpl(name string) error { return impls.Set(name) }

// minWorkPerThread is the number of multiply-adds below which one more
// goroutine costs more than it saves.
const minWorkPerThread = 1 << 15

// threadsFor returns how many goroutines to use for work multiply-adds,
// at most max (GOMAXPROCS when max is 0).
func threadsFor(work, max int) int {
	if max <= 0 {
		max = runtime.GOMAXPROCS(0)
	}
	return min(max, work/minWorkPerThread+1)
}

// split calls body(t, lo, hi) for at most threads blocks of [0, rows),
// each a multiple of 4 long except the last, block t on a worker of the
// pool (block 0 on the caller's goroutine).
func split(rows, threads int, body func(t, lo, hi int)) {
	per := ((rows+threads-1)/threads + 3) &^ 3
	blocks := (rows + per - 1) / per
	run(blocks, func(t int) { body(t, t*per, min((t+1)*per, rows)) })
}

// run is pool.Run, timed when clock is set.
func run(n int, body func(i int)) {
	if clock != nil && n > 1 {
		clock.run(n, body)
		return
	}
	pool.Run(n, body)
}

// clock, when not nil, times every product of several goroutines
// (BenchmarkRegions). It is set only while no product runs.
var clock *regionClock

// regionClock sums, over the parallel regions of the products it timed,
// the wall time of each region, the time its last body started after the
// region's start (a worker's hand-off), the time between its first and
// last bodies' ends (the wait at the end), and the goroutines' time in no
// body (n goroutines' n·wall less the bodies' time).
type regionClock struct {
	regions                int
	wall, late, skew, idle time.Duration
}

func (c *regionClock) run(n int, body func(i int)) {
	starts, ends := make([]time.Duration, n), make([]time.Duration, n)
	t0 := time.Now()
	pool.Run(n, func(i int) {
		starts[i] = time.Since(t0)
		body(i)
		ends[i] = time.Since(t0)
	})
	wall := time.Since(t0)
	busy := time.Duration(0)
	for i := range n {
		busy += ends[i] - starts[i]
	}
	c.regions++
	c.wall += wall
	c.late += slices.Max(starts)
	c.skew += slices.Max(ends) - slices.Min(ends)
	c.idle += time.Duration(n)*wall - busy
}

// start handles the products with nothing to add (k = 0 sets y[:n] to
// zero), returning a nil implementation for them; otherwise it returns the
// implementation in use and the goroutines to use.
func start(y []float32, n, k, threads int) (*impl, int) {
	if k == 0 {
		clear(y[:n])
	}
	if n == 0 || k == 0 {
		return nil, 0
	}
	return impls.Current(), threadsFor(k*n, threads)
}

// VecMat sets y[:n] = x[:k]·W, where W is k×n with row i at w[i*ldw:], using
// at most threads goroutines (0: GOMAXPROCS).
func VecMat(y, x, w []float32, k, n, ldw, threads int) {
	checkVecMat(y, x, len(w), k, n, ldw)
	im, threads := start(y, n, k, threads)
	if im == nil {
		return
	}
	vecMat(float32Kernels(im), y, x, w, k, n, ldw, threads)
}

// vecMat splits VecMat's rows among goroutines, each adding into a vector
// of its own, and sums the vectors.
func vecMat[E float32 | uint16](kn kernels[E], y, x []float32, w []E, k, n, ldw, threads int) {
	if threads <= 1 {
		// No goroutines to hand work to: no closures, no partial vectors
		// (attention's products per head over a KV cache, a few
		// thousand multiply-adds each, come this way).
		clear(y[:n])
		vecMatRows(kn, y[:n], x, w, 0, k, n, ldw)
		return
	}
	partial := make([]*[]float32, threads) // block 0 adds into y itself
	split(k, threads, func(t, lo, hi int) {
		acc := y[:n]
		if t > 0 {
			p := getPartial(n)
			partial[t], acc = p, *p
		}
		clear(acc)
		vecMatRows(kn, acc, x, w, lo, hi, n, ldw)
	})
	for _, p := range partial[1:] {
		if p != nil {
			addInto(y[:n], *p)
			partials.Put(p)
		}
	}
}

// partials keeps the partial vectors of VecMat's goroutines between
// products, so that decoding a token, some fifty products, allocates none
// in steady state (fresh memory costs page faults as well as the
// allocation).
var partials sync.Pool

// getPartial returns a vector of n elements, not cleared, by the pointer
// that partials keeps it under (putting back the pointer it came with
// allocates nothing).
func getPartial(n int) *[]float32 {
	if p, ok := partials.Get().(*[]float32); ok && cap(*p) >= n {
		*p = (*p)[:n]
		return p
	}
	p := make([]float32, n)
	return &p
}

// kernels are the inner loops over one kind of weight element E: float32,
// or 16-bit floats read as uint16 and widened to float32 in registers.
type kernels[E float32 | uint16] struct {
	axpy4 func(y []float32, w0, w1, w2, w3 []E, x *[4]float32, n int)
	dot4  func(w0, w1, w2, w3 []E, x []float32, n int, out *[4]float32)
	// width is the multiple of n the kernels handle; the callers do the
	// rest one element at a time with widen.
	width int
	widen func(E) float32
	// axpy4k and dot4k, where not noKernel, name the assembly behind
	// axpy4 and dot4, called (callAxpy4, callDot4) with pointers to the
	// rows' first elements: the loops over a block's rows call them
	// without making four slices and checking their bounds a call (the
	// block's bounds are checked once, by checkVecMat and checkMatVec). n
	// must be a positive multiple of width.
	axpy4k, dot4k asmKernel
}

// asmKernel names one of the assembly kernels, which callAxpy4 and
// callDot4 call directly rather than through a func value: the compiler
// then knows (go:noescape) that they keep no pointer, and the caller's
// [4]float32 of x's elements or of results stays on its stack, where a
// call through a func value moved it to the heap, an allocation a block
// of rows (some 500 of a decoded GPT-2 token's 1,500; docs/performance.md).
type asmKernel uint8

// noKernel is the asmKernel of the Go kernels: none.
const noKernel asmKernel = 0

// identity32 is float32's widen.
func identity32(v float32) float32 { return v }

func float32Kernels(im *impl) kernels[float32] {
	return kernels[float32]{axpy4: im.axpy4, dot4: im.dot4, width: im.width, widen: identity32, axpy4k: im.axpy4k, dot4k: im.dot4k}
}

// rowAt returns a pointer to w[j*ldw], which the caller has checked is
// within w.
func rowAt[E float32 | uint16](w unsafe.Pointer, j, ldw int) *E {
	var e E
	return (*E)(unsafe.Add(w, uintptr(j*ldw)*unsafe.Sizeof(e)))
}

// vecMatRows adds x[lo:hi]·W[lo:hi, :] into acc.
//
// The four rows a kernel call adds are not adjacent but a quarter of the
// block apart (rows lo+i, lo+q+i, lo+2q+i, lo+3q+i for q = ⌈(hi−lo)/4⌉),
// as in matVecRows, so each of the four streams of weights is one long
// run of contiguous memory. Four adjacent rows are four streams that each
// end after one row and start again three rows further on, and the
// processor's prefetchers, which follow a stream within a 4 KiB page,
// restart on every row: one thread streamed GPT-2's 768-wide rows (3 KiB)
// at 9 GB per CPU second and its 9–12 KiB rows at 12–13 this way, where a
// plain sum reads 14 and these four long streams 14–15 (docs/performance.md,
// "Decode at the stream rate"). Each y[j] adds its rows in this order
// (the assembly kernels one fused multiply-add at a time), whatever the
// weights' format.
func vecMatRows[E float32 | uint16](kn kernels[E], acc, x []float32, w []E, lo, hi, n, ldw int) {
	body := n - n%kn.width
	q := (hi - lo + 3) / 4
	var xs [4]float32 // on the stack: the kernels are called directly
	i := lo
	if kn.axpy4k != noKernel && body == n {
		// The groups whose four rows are all in the block, by pointer.
		base, y := unsafe.Pointer(unsafe.SliceData(w)), unsafe.SliceData(acc)
		for full := min(lo+q, hi-3*q); i < full; i++ {
			xs = [4]float32{x[i], x[i+q], x[i+2*q], x[i+3*q]}
			callAxpy4(kn.axpy4k, y, rowAt[E](base, i, ldw), rowAt[E](base, i+q, ldw), rowAt[E](base, i+2*q, ldw), rowAt[E](base, i+3*q, ldw), &xs, n)
		}
	}
	var rows [4][]E
	var zero []E
	var heap *[4]float32 // x's elements for the Go kernels
	for ; i < lo+q; i++ {
		for r := range 4 {
			j := i + r*q
			if j < hi {
				rows[r], xs[r] = w[j*ldw:j*ldw+n], x[j]
				continue
			}
			// Past the block's end: zeros times 0 (another row times 0
			// would turn an infinite weight into NaN).
			if zero == nil {
				zero = make([]E, n)
			}
			rows[r], xs[r] = zero, 0
		}
		switch {
		case body > 0 && kn.axpy4k != noKernel:
			// The rows and acc hold n ≥ body elements.
			callAxpy4(kn.axpy4k, unsafe.SliceData(acc), unsafe.SliceData(rows[0]), unsafe.SliceData(rows[1]), unsafe.SliceData(rows[2]), unsafe.SliceData(rows[3]), &xs, body)
		case body > 0:
			if heap == nil {
				heap = new([4]float32) // the Go kernels are func values: one a call
			}
			*heap = xs
			kn.axpy4(acc, rows[0], rows[1], rows[2], rows[3], heap, body)
		}
		for j := body; j < n; j++ {
			acc[j] += xs[0]*kn.widen(rows[0][j]) + xs[1]*kn.widen(rows[1][j]) + xs[2]*kn.widen(rows[2][j]) + xs[3]*kn.widen(rows[3][j])
		}
	}
}

// MatVec sets y[:n] = W·x[:k], where W is n×k with row i at w[i*ldw:],
// using at most threads goroutines (0: GOMAXPROCS).
func MatVec(y, w, x []float32, n, k, ldw, threads int) {
	checkMatVec(y, len(w), x, n, k, ldw)
	im, threads := start(y, n, k, threads)
	if im == nil {
		return
	}
	matVec(float32Kernels(im), y, w, x, n, k, ldw, threads)
}

// matVec splits MatVec's rows among goroutines, each setting blocks of y.
//
// A large product is cut into more blocks than goroutines, of about
// matVecBlockBytes of weights each, which the goroutines take in turn
// until none is left: when one of them streams more slowly than the
// other (the processor's share of the memory bandwidth, a thread the
// system schedules late), the faster one takes more blocks instead of
// waiting at the end for the slower one's half. GPT-2's head, 154 MB of
// a decoded token's 494, is such a product. Each row is still its own
// dot product, so the blocks change no bits.
func matVec[E float32 | uint16](kn kernels[E], y []float32, w []E, x []float32, n, k, ldw, threads int) {
	if threads <= 1 {
		matVecRows(kn, y, w, x, 0, n, k, ldw)
		return
	}
	var e E
	blocks := threads
	if b := int64(n) * int64(k) * int64(unsafe.Sizeof(e)) / int64(matVecBlockBytes); b > int64(blocks) {
		blocks = (int(min(b, int64(n))) + threads - 1) / threads * threads // an equal number each when the goroutines keep pace
	}
	if blocks == threads {
		split(n, threads, func(_, lo, hi int) { matVecRows(kn, y, w, x, lo, hi, k, ldw) })
		return
	}
	per := ((n+blocks-1)/blocks + 3) &^ 3
	blocks = (n + per - 1) / per
	var next atomic.Int32
	run(threads, func(int) {
		for b := int(next.Add(1) - 1); b < blocks; b = int(next.Add(1) - 1) {
			matVecRows(kn, y, w, x, b*per, min((b+1)*per, n), k, ldw)
		}
	})
}

// matVecBlockBytes is the size of the blocks of weights into which matVec
// cuts a large product for its goroutines to take in turn: large enough
// that each block's four streams (matVecRows) run long, small enough that
// the last block one goroutine takes while the other has none left is a
// small part of the whole. A variable so that the tests can cut small
// products.
var matVecBlockBytes = 8 << 20

// matVecRows sets y[lo:hi] to the dot products of rows lo..hi of W with x.
//
// The four rows a kernel call reads are not adjacent but a quarter of the
// block apart (rows lo+i, lo+q+i, lo+2q+i, lo+3q+i for q = ⌈(hi−lo)/4⌉),
// so each of the four streams of weights is one long run of contiguous
// memory that the processor's prefetchers follow, where four adjacent
// rows of GPT-2's head (768 weights, 3 KiB each) would be four streams
// that each end after 3 KiB and start again 12 KiB further on. Each
// output is its own row's dot product, so the grouping changes no bits.
func matVecRows[E float32 | uint16](kn kernels[E], y []float32, w []E, x []float32, lo, hi, k, ldw int) {
	body := k - k%kn.width
	q := (hi - lo + 3) / 4
	var out [4]float32 // on the stack: the kernels are called directly
	i := lo
	if kn.dot4k != noKernel && body == k {
		// The groups whose four rows are all in the block, by pointer.
		base, xp := unsafe.Pointer(unsafe.SliceData(w)), unsafe.SliceData(x)
		for full := min(lo+q, hi-3*q); i < full; i++ {
			callDot4(kn.dot4k, rowAt[E](base, i, ldw), rowAt[E](base, i+q, ldw), rowAt[E](base, i+2*q, ldw), rowAt[E](base, i+3*q, ldw), xp, k, &out)
			y[i], y[i+q], y[i+2*q], y[i+3*q] = out[0], out[1], out[2], out[3]
		}
	}
	var rows [4][]E
	var idx [4]int
	var heap *[4]float32 // the results of the Go kernels
	for ; i < lo+q; i++ {
		for r := range 4 {
			j := i + r*q
			idx[r] = j
			if j >= hi {
				j = i // a stand-in whose result is dropped
			}
			rows[r] = w[j*ldw : j*ldw+k]
		}
		out = [4]float32{}
		switch {
		case body > 0 && kn.dot4k != noKernel:
			// The rows and x hold k ≥ body elements.
			callDot4(kn.dot4k, unsafe.SliceData(rows[0]), unsafe.SliceData(rows[1]), unsafe.SliceData(rows[2]), unsafe.SliceData(rows[3]), unsafe.SliceData(x), body, &out)
		case body > 0:
			if heap == nil {
				heap = new([4]float32) // the Go kernels are func values: one a call
			}
			kn.dot4(rows[0], rows[1], rows[2], rows[3], x, body, heap)
			out = *heap
		}
		for j := body; j < k; j++ {
			for r := range 4 {
				out[r] += kn.widen(rows[r][j]) * x[j]
			}
		}
		for r := range 4 {
			if idx[r] < hi {
				y[idx[r]] = out[r]
			}
		}
	}
}

// addInto adds p into y, element by element: the vector kernel's sums
// are the scalar loop's bits in about a tenth of its time (BenchmarkAddInto:
// 0.35-0.46 against 6.0-8.7 µs for the 3,072 columns of GPT-2's c_fc),
// time the caller's goroutine spends alone after every two-thread VecMat.
func addInto(y, p []float32) {
	vecmath.AddVV(y, y, p[:len(y)])
}

func checkVecMat(y, x []float32, lenW, k, n, ldw int) {
	if k < 0 || n < 0 || len(y) < n || len(x) < k || (k > 0 && (ldw < n || lenW < (k-1)*ldw+n)) {
		panic(fmt.Sprintf("gemv: VecMat of %d×%d (ldw %d) with len(y)=%d len(x)=%d len(w)=%d", k, n, ldw, len(y), len(x), lenW))
	}
}

func checkMatVec(y []float32, lenW int, x []float32, n, k, ldw int) {
	if k < 0 || n < 0 || len(y) < n || len(x) < k || (n > 0 && (ldw < k || lenW < (n-1)*ldw+k)) {
		panic(fmt.Sprintf("gemv: MatVec of %d×%d (ldw %d) with len(y)=%d len(x)=%d len(w)=%d", n, k, ldw, len(y), len(x), lenW))
	}
}

func axpy4Go(y, w0, w1, w2, w3 []float32, x *[4]float32, n int) {
	y, w0, w1, w2, w3 = y[:n], w0[:n], w1[:n], w2[:n], w3[:n]
	for j := range y {
		y[j] += x[0]*w0[j] + x[1]*w1[j] + x[2]*w2[j] + x[3]*w3[j]
	}
}

func dot4Go(w0, w1, w2, w3, x []float32, n int, out *[4]float32) {
	x, w0, w1, w2, w3 = x[:n], w0[:n], w1[:n], w2[:n], w3[:n]
	var s0, s1, s2, s3 float32
	for j, v := range x {
		s0 += w0[j] * v
		s1 += w1[j] * v
		s2 += w2[j] * v
		s3 += w3[j] * v
	}
	out[0], out[1], out[2], out[3] = s0, s1, s2, s3
}
