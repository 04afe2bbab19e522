package tensor

import (
	"cmp"
	"math"
	"runtime"
	"slices"
	"sync"
	"unsafe"

	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// Reductions walk a reducePlan: the kept dimensions (one result element per
// position) and the reduced dimensions (combined into that element), each
// coalesced. Two loop orders keep the innermost loop contiguous:
//
//   - row order, when the reduced dimensions hold the smallest stride: every
//     result element reduces runs along the reduced space, and a contiguous
//     run goes through an unrolled loop with eight accumulators (for float32
//     sums, float64 vector accumulators: vecmath.SumFloat32);
//   - column order, when the innermost kept dimension has the smallest
//     stride: every reduced position is a row that is combined element by
//     element into a block of results.
//
// Sums are pairwise: runs are split in halves down to pairwiseBlock
// elements (except contiguous float32 runs, summed in float64), rows in
// halves down to rowLeaf rows, and long reductions into chunks of GrainSize
// whose partial results combine in a fixed tree. The tree depends only on
// the shape, so a result is the same whatever the number of goroutines
// that computed it.

const (
	// pairwiseBlock is the longest run summed by one unrolled loop: each of
	// its eight accumulators adds at most 16 values, as in PyTorch's cascade
	// sum, and the halving above it costs a call per 128 elements.
	pairwiseBlock = 128
	// spanLeaf is the longest range of several runs combined one after
	// another.
	spanLeaf = 256
	// rowLeaf is the most rows combined one after another in column order.
	rowLeaf = 64
	// colBlockMax bounds the width of a block of results in column order, so
	// that the block and its pairwise buffers stay in cache.
	colBlockMax = 8192
)

// reducePlan is the geometry of one reduction of x.
type reducePlan struct {
	op       string
	x        *Tensor
	allDims  bool  // no dims were given
	dims     []int // the reduced dimensions, normalized, ascending
	outShape []int // the result's shape, keepdim applied
	m, n     int   // result elements, and reduced elements per result
	// The kept dimensions in result order and the reduced dimensions ordered
	// outermost first, both coalesced, with their strides in x. Size-1
	// dimensions are dropped; rShape is [1] when nothing is left to reduce.
	oShape, oStrides []int
	rShape, rStrides []int
}

// newReducePlan plans the reduction of x over dims (all of them when dims is
// empty) for operation op.
func newReducePlan(op string, x *Tensor, dims []int, keepdim bool) (*reducePlan, error) {
	nd := x.Dim()
	p := &reducePlan{op: op, x: x, allDims: len(dims) == 0}
	reduced := make([]bool, nd)
	if p.allDims {
		for i := range reduced {
			reduced[i] = true
		}
	}
	seen := make([]bool, max(nd, 1))
	for _, d := range dims {
		nd0, err := normDim(d, nd)
		if err != nil {
			return nil, err
		}
		if seen[nd0] {
			return nil, Errorf(RuntimeError, "dim %d appears multiple times in the list of dims", nd0)
		}
		seen[nd0] = true
		if nd > 0 {
			reduced[nd0] = true
		}
	}
	type dimInfo struct{ size, stride int }
	var kept, red []dimInfo
	p.m, p.n = 1, 1
	for i, r := range reduced {
		size := x.shape[i]
		if r {
			p.dims = append(p.dims, i)
			p.n *= size
			if keepdim {
				p.outShape = append(p.outShape, 1)
			}
			red = append(red, dimInfo{size, x.strides[i]})
			continue
		}
		p.m *= size
		p.outShape = append(p.outShape, size)
		kept = append(kept, dimInfo{size, x.strides[i]})
	}
	if p.outShape == nil {
		p.outShape = []int{}
	}
	slices.SortStableFunc(red, func(a, b dimInfo) int { return cmp.Compare(b.stride, a.stride) })
	coalesceDims := func(ds []dimInfo) (shape, strides []int) {
		for _, d := range ds {
			if d.size == 1 {
				continue
			}
			if last := len(shape) - 1; last >= 0 && strides[last] == d.stride*d.size {
				shape[last] *= d.size
				strides[last] = d.stride
				continue
			}
			shape = append(shape, d.size)
			strides = append(strides, d.stride)
		}
		return shape, strides
	}
	p.oShape, p.oStrides = coalesceDims(kept)
	p.rShape, p.rStrides = coalesceDims(red)
	if len(p.rShape) == 0 {
		p.rShape, p.rStrides = []int{1}, []int{1}
	}
	return p, nil
}

// emptyError is the error of a reduction without an identity over no
// elements, with PyTorch's messages.
func (p *reducePlan) emptyError() error {
	if !p.allDims {
		for _, d := range p.dims {
			if p.x.shape[d] == 0 {
				return indexErrorf("%s(): Expected reduction dim %d to have non-zero size.", p.op, d)
			}
		}
	}
	return Errorf(RuntimeError, "%s(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the 'dim' argument.", p.op)
}

// columnar reports whether the reduction runs in column order.
func (p *reducePlan) columnar() bool {
	if len(p.oShape) == 0 || p.n == 1 {
		return false
	}
	os := p.oStrides[len(p.oStrides)-1]
	return os != 0 && os < p.rStrides[len(p.rStrides)-1]
}

// offsetOf returns the storage offset, relative to the first element, of
// row-major position pos of a space with the given shape and strides.
func offsetOf(pos int, shape, strides []int) int {
	off := 0
	for d := len(shape) - 1; d >= 0; d-- {
		off += (pos % shape[d]) * strides[d]
		pos /= shape[d]
	}
	return off
}

// odometer walks the storage offsets of consecutive row-major positions.
type odometer struct {
	shape, strides, idx []int
	off                 int
}

// newOdometer starts an odometer at row-major position pos.
func newOdometer(pos int, shape, strides []int) *odometer {
	o := &odometer{shape: shape, strides: strides, idx: make([]int, len(shape))}
	for d := len(shape) - 1; d >= 0; d-- {
		o.idx[d] = pos % shape[d]
		o.off += o.idx[d] * strides[d]
		pos /= shape[d]
	}
	return o
}

// next advances to the following position.
func (o *odometer) next() {
	for d := len(o.shape) - 1; d >= 0; d-- {
		o.idx[d]++
		o.off += o.strides[d]
		if o.idx[d] < o.shape[d] {
			return
		}
		o.off -= o.shape[d] * o.strides[d]
		o.idx[d] = 0
	}
}

// reduceOps are the pieces of one reduction of elements T into accumulators
// A. pos is the position in the reduced space of the first element: the
// index along the dimension for arg reductions.
type reduceOps[T Element, A any] struct {
	// run reduces the n > 0 elements x[off], x[off+stride], ...
	run func(x []T, off, n, stride, pos int) A
	// combine merges two partial results; a covers the earlier positions.
	combine func(a, b A) A
	// load sets acc[j] to the result of reducing x[off+j*stride] alone.
	load func(acc []A, x []T, off, stride, pos int)
	// cols combines x[off+j*stride] into acc[j].
	cols func(acc []A, x []T, off, stride, pos int)
	// rows8, when set, combines eight contiguous rows into acc at once, one
	// store per eight elements instead of one per element; with load set,
	// acc is overwritten instead.
	rows8 func(acc []A, rows *[8][]T, load bool)
	// merge, when set, is combine applied to whole blocks of results.
	merge func(dst, src []A)
}

// reduceInto computes the m results of p into out.
func reduceInto[T Element, A any](p *reducePlan, ops *reduceOps[T, A], out []A) error {
	x := p.x.storage.data.([]T)
	if p.columnar() {
		return reduceColumns(p, x, ops, out)
	}
	return reduceRows(p, x, ops, out)
}

// rowReducer reduces in row order.
type rowReducer[T Element, A any] struct {
	p   *reducePlan
	x   []T
	ops *reduceOps[T, A]
}

// reduceRows reduces in row order: results in parallel when each is short,
// chunks of long ones in parallel otherwise.
func reduceRows[T Element, A any](p *reducePlan, x []T, ops *reduceOps[T, A], out []A) error {
	r := &rowReducer[T, A]{p: p, x: x, ops: ops}
	if p.n <= GrainSize {
		return ParallelFor(p.m, max(1, GrainSize/p.n), func(b, e int) {
			od := newOdometer(b, p.oShape, p.oStrides)
			for o := b; o < e; o++ {
				out[o] = r.span(p.x.offset+od.off, 0, p.n)
				od.next()
			}
		})
	}
	// Long reductions: chunks of GrainSize positions, computed in parallel
	// and combined per result in a fixed tree.
	chunks := (p.n + GrainSize - 1) / GrainSize
	// Over a broadcast view, with stride-0 dimensions, the partial results
	// can outgrow memory.
	var zero A
	if err := checkScratch(p.m*chunks, int(unsafe.Sizeof(zero))); err != nil {
		return err
	}
	partial := make([]A, p.m*chunks)
	err := ParallelFor(len(partial), 1, func(b, e int) {
		for t := b; t < e; t++ {
			o, c := t/chunks, t%chunks
			base := p.x.offset + offsetOf(o, p.oShape, p.oStrides)
			partial[t] = r.span(base, c*GrainSize, min(p.n, (c+1)*GrainSize))
		}
	})
	if err != nil {
		return err
	}
	for o := range out {
		out[o] = r.tree(partial[o*chunks : (o+1)*chunks])
	}
	return nil
}

// tree combines partial results pairwise.
func (r *rowReducer[T, A]) tree(partial []A) A {
	if len(partial) == 1 {
		return partial[0]
	}
	mid := len(partial) / 2
	return r.ops.combine(r.tree(partial[:mid]), r.tree(partial[mid:]))
}

// span reduces positions [begin, end) of the reduced space.
func (r *rowReducer[T, A]) span(base, begin, end int) A {
	p := r.p
	last := len(p.rShape) - 1
	runLen, stride := p.rShape[last], p.rStrides[last]
	if begin/runLen == (end-1)/runLen {
		return r.ops.run(r.x, base+offsetOf(begin, p.rShape, p.rStrides), end-begin, stride, begin)
	}
	if end-begin > spanLeaf {
		mid := begin + (end-begin)/2
		return r.ops.combine(r.span(base, begin, mid), r.span(base, mid, end))
	}
	cnt := runLen - begin%runLen
	acc := r.ops.run(r.x, base+offsetOf(begin, p.rShape, p.rStrides), cnt, stride, begin)
	for pos := begin + cnt; pos < end; pos += cnt {
		cnt = min(runLen, end-pos)
		acc = r.ops.combine(acc, r.ops.run(r.x, base+offsetOf(pos, p.rShape, p.rStrides), cnt, stride, pos))
	}
	return acc
}

// colReducer reduces in column order.
type colReducer[T Element, A any] struct {
	p      *reducePlan
	x      []T
	ops    *reduceOps[T, A]
	stride int // the stride of the innermost kept dimension
}

// reduceColumns reduces in column order, in parallel over blocks of
// results and, when those are few, over halves of the rows.
func reduceColumns[T Element, A any](p *reducePlan, x []T, ops *reduceOps[T, A], out []A) error {
	last := len(p.oShape) - 1
	width := p.oShape[last]
	outer := p.m / width
	c := &colReducer[T, A]{p: p, x: x, ops: ops, stride: p.oStrides[last]}
	// Blocks span whole rows up to colBlockMax results, so that memory is
	// read in long sequential runs.
	nb := (width + colBlockMax - 1) / colBlockMax
	block := (width + nb - 1) / nb
	tasks := outer * nb
	// With fewer blocks than goroutines, the rows of each are split too.
	par := 1
	if workers := runtime.GOMAXPROCS(0); tasks < workers && p.n*block > GrainSize {
		par = (workers + tasks - 1) / tasks
	}
	// Only split rows can fail (interrupted), and then tasks are few.
	var mu sync.Mutex
	var failed error
	err := ParallelFor(tasks, max(1, GrainSize/(p.n*block)), func(b, e int) {
		for t := b; t < e; t++ {
			o, c0 := t/nb, (t%nb)*block
			c1 := min(width, c0+block)
			base := p.x.offset + offsetOf(o, p.oShape[:last], p.oStrides[:last]) + c0*c.stride
			if err := c.rows(base, 0, p.n, out[o*width+c0:o*width+c1], par); err != nil {
				mu.Lock()
				failed = err
				mu.Unlock()
			}
		}
	})
	if err != nil {
		return err
	}
	return failed
}

// rowDepth is the depth of the pairwise tree over n rows.
func rowDepth(n int) int {
	d := 0
	for ; n > rowLeaf; n = (n + 1) / 2 {
		d++
	}
	return d
}

// rows reduces rows [lo, hi) into the block of results dst, splitting
// the pairwise tree's top levels over par goroutines.
func (c *colReducer[T, A]) rows(base, lo, hi int, dst []A, par int) error {
	if par <= 1 || hi-lo <= rowLeaf {
		c.serialRows(base, lo, hi, dst, make([]A, rowDepth(hi-lo)*len(dst)))
		return nil
	}
	mid := lo + (hi-lo)/2
	tmp := make([]A, len(dst))
	var errs [2]error
	err := ParallelFor(2, 1, func(b, e int) {
		for h := b; h < e; h++ {
			if h == 0 {
				errs[0] = c.rows(base, lo, mid, dst, par-par/2)
			} else {
				errs[1] = c.rows(base, mid, hi, tmp, par/2)
			}
		}
	})
	if err = cmp.Or(err, errs[0], errs[1]); err != nil {
		return err
	}
	c.merge(dst, tmp)
	return nil
}

// merge combines the results of later rows, src, into dst.
func (c *colReducer[T, A]) merge(dst, src []A) {
	if c.ops.merge != nil {
		c.ops.merge(dst, src)
		return
	}
	for j, v := range src {
		dst[j] = c.ops.combine(dst[j], v)
	}
}

// serialRows reduces rows [lo, hi) into dst pairwise: the upper half goes
// to a buffer from scratch, rowDepth(hi-lo) blocks long, and is merged.
func (c *colReducer[T, A]) serialRows(base, lo, hi int, dst, scratch []A) {
	if hi-lo > rowLeaf {
		mid := lo + (hi-lo)/2
		tmp, rest := scratch[:len(dst)], scratch[len(dst):]
		c.serialRows(base, lo, mid, dst, rest)
		c.serialRows(base, mid, hi, tmp, rest)
		c.merge(dst, tmp)
		return
	}
	p := c.p
	row := func(r int) int { return base + offsetOf(r, p.rShape, p.rStrides) }
	r := lo
	if c.ops.rows8 != nil && c.stride == 1 && hi-lo >= 8 {
		var rows [8][]T
		for ; r+8 <= hi; r += 8 {
			for k := range rows {
				o := row(r + k)
				rows[k] = c.x[o : o+len(dst)]
			}
			c.ops.rows8(dst, &rows, r == lo)
		}
	} else {
		c.ops.load(dst, c.x, row(lo), c.stride, lo)
		r++
	}
	for ; r < hi; r++ {
		c.ops.cols(dst, c.x, row(r), c.stride, r)
	}
}

// ---- element loops ----

// sumContig sums s pairwise, with eight accumulators below pairwiseBlock so
// that the additions pipeline.
func sumContig[T Number](s []T) T {
	if len(s) > pairwiseBlock {
		h := len(s) / 2 &^ 7
		return sumContig(s[:h]) + sumContig(s[h:])
	}
	var a0, a1, a2, a3, a4, a5, a6, a7 T
	for len(s) >= 8 {
		v := s[:8:8]
		a0 += v[0]
		a1 += v[1]
		a2 += v[2]
		a3 += v[3]
		a4 += v[4]
		a5 += v[5]
		a6 += v[6]
		a7 += v[7]
		s = s[8:]
	}
	for _, v := range s {
		a0 += v
	}
	return ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7))
}

// sumStrided sums n elements of x from off with the given stride, pairwise.
func sumStrided[T Number](x []T, off, n, stride int) T {
	if n > pairwiseBlock {
		h := n / 2
		return sumStrided(x, off, h, stride) + sumStrided(x, off+h*stride, n-h, stride)
	}
	var a0, a1, a2, a3 T
	i := 0
	for ; i+4 <= n; i += 4 {
		o := off + i*stride
		a0 += x[o]
		a1 += x[o+stride]
		a2 += x[o+2*stride]
		a3 += x[o+3*stride]
	}
	for ; i < n; i++ {
		a0 += x[off+i*stride]
	}
	return (a0 + a1) + (a2 + a3)
}

// sumSqContig sums the squares of s, as sumContig sums s.
func sumSqContig[T Float](s []T) T {
	if len(s) > pairwiseBlock {
		h := len(s) / 2 &^ 7
		return sumSqContig(s[:h]) + sumSqContig(s[h:])
	}
	var a0, a1, a2, a3, a4, a5, a6, a7 T
	for len(s) >= 8 {
		v := s[:8:8]
		a0 += v[0] * v[0]
		a1 += v[1] * v[1]
		a2 += v[2] * v[2]
		a3 += v[3] * v[3]
		a4 += v[4] * v[4]
		a5 += v[5] * v[5]
		a6 += v[6] * v[6]
		a7 += v[7] * v[7]
		s = s[8:]
	}
	for _, v := range s {
		a0 += v * v
	}
	return ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7))
}

// sumSqStrided sums the squares of a strided run, pairwise.
func sumSqStrided[T Float](x []T, off, n, stride int) T {
	if n > pairwiseBlock {
		h := n / 2
		return sumSqStrided(x, off, h, stride) + sumSqStrided(x, off+h*stride, n-h, stride)
	}
	var a0, a1 T
	i := 0
	for ; i+2 <= n; i += 2 {
		v, w := x[off+i*stride], x[off+(i+1)*stride]
		a0 += v * v
		a1 += w * w
	}
	if i < n {
		v := x[off+i*stride]
		a0 += v * v
	}
	return a0 + a1
}

// loadRow sets acc[j] = x[off+j*stride].
func loadRow[T Element](acc []T, x []T, off, stride, _ int) {
	if stride == 1 {
		copy(acc, x[off:off+len(acc)])
		return
	}
	for j := range acc {
		acc[j] = x[off+j*stride]
	}
}

// addRow adds x[off+j*stride] to acc[j].
func addRow[T Number](acc []T, x []T, off, stride, _ int) {
	if stride == 1 {
		src := x[off : off+len(acc)]
		for j := range acc {
			acc[j] += src[j]
		}
		return
	}
	for j := range acc {
		acc[j] += x[off+j*stride]
	}
}

// addSlice adds src to dst.
func addSlice[T Number](dst, src []T) {
	src = src[:len(dst)]
	for j := range dst {
		dst[j] += src[j]
	}
}

// addRows8 adds eight rows to acc, or stores their sum with load set.
func addRows8[T Number](acc []T, rows *[8][]T, load bool) {
	n := len(acc)
	a, b, c, d := rows[0][:n], rows[1][:n], rows[2][:n], rows[3][:n]
	e, f, g, h := rows[4][:n], rows[5][:n], rows[6][:n], rows[7][:n]
	if load {
		for j := range acc {
			acc[j] = ((a[j] + b[j]) + (c[j] + d[j])) + ((e[j] + f[j]) + (g[j] + h[j]))
		}
		return
	}
	for j := range acc {
		acc[j] += ((a[j] + b[j]) + (c[j] + d[j])) + ((e[j] + f[j]) + (g[j] + h[j]))
	}
}

// addSqRows8 adds the squares of eight rows to acc, or stores their sum
// with load set.
func addSqRows8[T Float](acc []T, rows *[8][]T, load bool) {
	n := len(acc)
	a, b, c, d := rows[0][:n], rows[1][:n], rows[2][:n], rows[3][:n]
	e, f, g, h := rows[4][:n], rows[5][:n], rows[6][:n], rows[7][:n]
	if load {
		clear(acc)
	}
	for j := range acc {
		acc[j] += ((a[j]*a[j] + b[j]*b[j]) + (c[j]*c[j] + d[j]*d[j])) + ((e[j]*e[j] + f[j]*f[j]) + (g[j]*g[j] + h[j]*h[j]))
	}
}

// sumOps are the ops of sum; contig sums a contiguous run.
func sumOps[T Number](contig func(s []T) T) *reduceOps[T, T] {
	return &reduceOps[T, T]{
		run: func(x []T, off, n, stride, _ int) T {
			if stride == 1 {
				return contig(x[off : off+n])
			}
			return sumStrided(x, off, n, stride)
		},
		combine: func(a, b T) T { return a + b },
		load:    loadRow[T],
		cols:    addRow[T],
		rows8:   addRows8[T],
		merge:   addSlice[T],
	}
}

// sumSqOps sum squares, for norm and var.
func sumSqOps[T Float]() *reduceOps[T, T] {
	return &reduceOps[T, T]{
		run: func(x []T, off, n, stride, _ int) T {
			if stride == 1 {
				return sumSqContig(x[off : off+n])
			}
			return sumSqStrided(x, off, n, stride)
		},
		combine: func(a, b T) T { return a + b },
		load: func(acc []T, x []T, off, stride, _ int) {
			for j := range acc {
				v := x[off+j*stride]
				acc[j] = v * v
			}
		},
		cols: func(acc []T, x []T, off, stride, _ int) {
			for j := range acc {
				v := x[off+j*stride]
				acc[j] += v * v
			}
		},
		rows8: addSqRows8[T],
		merge: addSlice[T],
	}
}

// prodOps are the ops of prod.
func prodOps[T Number]() *reduceOps[T, T] {
	return &reduceOps[T, T]{
		run: func(x []T, off, n, stride, _ int) T {
			a0, a1 := T(1), T(1)
			i := 0
			for ; i+2 <= n; i += 2 {
				a0 *= x[off+i*stride]
				a1 *= x[off+(i+1)*stride]
			}
			if i < n {
				a0 *= x[off+i*stride]
			}
			return a0 * a1
		},
		combine: func(a, b T) T { return a * b },
		load:    loadRow[T],
		cols: func(acc []T, x []T, off, stride, _ int) {
			for j := range acc {
				acc[j] *= x[off+j*stride]
			}
		},
	}
}

// greater reports whether a beats b for max: NaN beats every number, and
// among NaNs the first one wins.
func greater[T Element](a, b T) bool { return a > b || (a != a && b == b) }

// less reports whether a beats b for min, with NaN as for greater.
func less[T Element](a, b T) bool { return a < b || (a != a && b == b) }

// beats is greater for max and less for min; it inlines, where a function
// value would cost a call per element.
func beats[T Element](a, b T, isMax bool) bool {
	if isMax {
		return greater(a, b)
	}
	return less(a, b)
}

// extremeOps returns the ops of amax or amin.
func extremeOps[T Element](isMax bool) *reduceOps[T, T] {
	return &reduceOps[T, T]{
		run: func(x []T, off, n, stride, _ int) T {
			best := x[off]
			for i := 1; i < n; i++ {
				if v := x[off+i*stride]; beats(v, best, isMax) {
					best = v
				}
			}
			return best
		},
		combine: func(a, b T) T {
			if beats(b, a, isMax) {
				return b
			}
			return a
		},
		load: loadRow[T],
		cols: func(acc []T, x []T, off, stride, _ int) {
			for j, a := range acc {
				if v := x[off+j*stride]; beats(v, a, isMax) {
					acc[j] = v
				}
			}
		},
	}
}

// truthOps returns the ops of all (want = 0: stop at the first zero) or any
// (want = 1: stop at the first non-zero).
func truthOps[T Element](want uint8) *reduceOps[T, uint8] {
	return &reduceOps[T, uint8]{
		run: func(x []T, off, n, stride, _ int) uint8 {
			for i := range n {
				if boolByte(x[off+i*stride] != 0) == want {
					return want
				}
			}
			return 1 - want
		},
		combine: func(a, b uint8) uint8 {
			if a == want {
				return a
			}
			return b
		},
		load: func(acc []uint8, x []T, off, stride, _ int) {
			for j := range acc {
				acc[j] = boolByte(x[off+j*stride] != 0)
			}
		},
		cols: func(acc []uint8, x []T, off, stride, _ int) {
			for j := range acc {
				if boolByte(x[off+j*stride] != 0) == want {
					acc[j] = want
				}
			}
		},
	}
}

// argAcc is a running extreme and its index.
type argAcc[T Element] struct {
	v T
	i int64
}

// argOps track the first extreme and its index, for max, min and the
// arg reductions.
func argOps[T Element](isMax bool) *reduceOps[T, argAcc[T]] {
	return &reduceOps[T, argAcc[T]]{
		run: func(x []T, off, n, stride, pos int) argAcc[T] {
			best, at := x[off], 0
			for i := 1; i < n; i++ {
				if v := x[off+i*stride]; beats(v, best, isMax) {
					best, at = v, i
				}
			}
			return argAcc[T]{best, int64(pos + at)}
		},
		combine: func(a, b argAcc[T]) argAcc[T] {
			if beats(b.v, a.v, isMax) {
				return b
			}
			return a
		},
		load: func(acc []argAcc[T], x []T, off, stride, pos int) {
			for j := range acc {
				acc[j] = argAcc[T]{x[off+j*stride], int64(pos)}
			}
		},
		cols: func(acc []argAcc[T], x []T, off, stride, pos int) {
			for j, a := range acc {
				if v := x[off+j*stride]; beats(v, a.v, isMax) {
					acc[j] = argAcc[T]{v, int64(pos)}
				}
			}
		},
	}
}

// ---- dispatch ----

// reduceKernel computes p into the contiguous tensor out.
type reduceKernel func(p *reducePlan, out *Tensor) error

// kernelOf turns ops into the kernel of one dtype.
func kernelOf[T Element, A Element](ops *reduceOps[T, A]) reduceKernel {
	return func(p *reducePlan, out *Tensor) error {
		return reduceInto(p, ops, out.storage.data.([]A)[:p.m])
	}
}

// argKernel computes p's extremes into values (when not nil) and their
// indices into indices.
type argKernel func(p *reducePlan, values, indices *Tensor) error

// argKernelOf returns the arg kernel of max (isMax) or min for T.
func argKernelOf[T Element](isMax bool) argKernel {
	ops := argOps[T](isMax)
	return func(p *reducePlan, values, indices *Tensor) error {
		acc := make([]argAcc[T], p.m)
		if err := reduceInto(p, ops, acc); err != nil {
			return err
		}
		idx := indices.storage.data.([]int64)
		for j, a := range acc {
			idx[j] = a.i
		}
		if values != nil {
			vals := values.storage.data.([]T)
			for j, a := range acc {
				vals[j] = a.v
			}
		}
		return nil
	}
}

var (
	sumKernels   = NoBoolDTypes(kernelOf(sumOps(vecmath.SumFloat32)), kernelOf(sumOps(sumContig[float64])), kernelOf(sumOps(sumContig[int64])))
	sumSqKernels = FloatingDTypes(kernelOf(sumSqOps[float32]()), kernelOf(sumSqOps[float64]()))
	prodKernels  = NoBoolDTypes(kernelOf(prodOps[float32]()), kernelOf(prodOps[float64]()), kernelOf(prodOps[int64]()))
	amaxKernels  = AllDTypes(kernelOf(extremeOps[float32](true)), kernelOf(extremeOps[float64](true)),
		kernelOf(extremeOps[int64](true)), kernelOf(extremeOps[uint8](true)))
	aminKernels = AllDTypes(kernelOf(extremeOps[float32](false)), kernelOf(extremeOps[float64](false)),
		kernelOf(extremeOps[int64](false)), kernelOf(extremeOps[uint8](false)))
	allKernels = AllDTypes(kernelOf(truthOps[float32](0)), kernelOf(truthOps[float64](0)),
		kernelOf(truthOps[int64](0)), kernelOf(truthOps[uint8](0)))
	anyKernels = AllDTypes(kernelOf(truthOps[float32](1)), kernelOf(truthOps[float64](1)),
		kernelOf(truthOps[int64](1)), kernelOf(truthOps[uint8](1)))
	maxKernels = AllDTypes(argKernelOf[float32](true), argKernelOf[float64](true),
		argKernelOf[int64](true), argKernelOf[uint8](true))
	minKernels = AllDTypes(argKernelOf[float32](false), argKernelOf[float64](false),
		argKernelOf[int64](false), argKernelOf[uint8](false))
	argmaxKernels = NoBoolDTypes(argKernelOf[float32](true), argKernelOf[float64](true), argKernelOf[int64](true))
	argminKernels = NoBoolDTypes(argKernelOf[float32](false), argKernelOf[float64](false), argKernelOf[int64](false))
)

// identity is the result of a reduction over no elements; ok is false for
// reductions that have none, such as max.
type identity struct {
	value float64
	ok    bool
}

var (
	noIdentity   = identity{}
	zeroIdentity = identity{0, true}
	oneIdentity  = identity{1, true}
)

// reduce runs the kernel of op for x's dtype over dims into a new tensor of
// dtype out.
func reduce(op string, x *Tensor, dims []int, keepdim bool, kernels Kernels[reduceKernel], out DType, id identity) (*Tensor, error) {
	kernel, err := kernels.Select(op, x.dtype)
	if err != nil {
		return nil, err
	}
	p, err := newReducePlan(op, x, dims, keepdim)
	if err != nil {
		return nil, err
	}
	if p.n == 0 && !id.ok {
		return nil, p.emptyError()
	}
	res, err := emptyOutput(out, p.outShape...)
	if err != nil || p.m == 0 {
		return res, err
	}
	if p.n == 0 {
		fillStorage(res.storage, id.value)
		return res, nil
	}
	if err := kernel(p, res); err != nil {
		return nil, err
	}
	return res, nil
}

// intAccumulate converts integer and bool inputs to int64, the dtype their
// sums and products are computed and returned in.
func intAccumulate(x *Tensor) (*Tensor, error) {
	if x.dtype.IsFloating() {
		return x, nil
	}
	return x.To(Int64)
}

// Sum returns the sum of x over dims (all dims when empty), as torch.sum.
// Integer and bool inputs give int64. float32 sums accumulate contiguous
// runs of up to GrainSize elements in float64 and combine the rest in
// float32 pairwise, so their error grows with the logarithm of the count.
func Sum(x *Tensor, dims []int, keepdim bool) (*Tensor, error) {
	x, err := intAccumulate(x)
	if err != nil {
		return nil, err
	}
	return reduce("sum", x, dims, keepdim, sumKernels, x.dtype, zeroIdentity)
}

// Prod returns the product of x over dims, as torch.prod. Integer and bool
// inputs give int64.
func Prod(x *Tensor, dims []int, keepdim bool) (*Tensor, error) {
	x, err := intAccumulate(x)
	if err != nil {
		return nil, err
	}
	return reduce("prod", x, dims, keepdim, prodKernels, x.dtype, oneIdentity)
}

// Mean returns the mean of x over dims, as torch.mean. Only floating inputs
// are accepted, as in PyTorch.
func Mean(x *Tensor, dims []int, keepdim bool) (*Tensor, error) {
	if !x.dtype.IsFloating() {
		return nil, typeErrorf("mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: %s", x.dtype).
			WithHint("convert the input with .to(float32) first")
	}
	s, err := Sum(x, dims, keepdim)
	if err != nil || s.Numel() == 0 {
		return s, err
	}
	// Over no elements this is 0/0, NaN, as in PyTorch.
	return Div(s, MustScalar(float64(x.Numel()/s.Numel())))
}

// Amax returns the maximum of x over dims, as torch.amax. NaN propagates.
func Amax(x *Tensor, dims []int, keepdim bool) (*Tensor, error) {
	return reduce("amax", x, dims, keepdim, amaxKernels, x.dtype, noIdentity)
}

// Amin returns the minimum of x over dims, as torch.amin. NaN propagates.
func Amin(x *Tensor, dims []int, keepdim bool) (*Tensor, error) {
	return reduce("amin", x, dims, keepdim, aminKernels, x.dtype, noIdentity)
}

// All reports, as a bool tensor, whether every element of x over dims is
// non-zero, as torch.all.
func All(x *Tensor, dims []int, keepdim bool) (*Tensor, error) {
	return reduce("all", x, dims, keepdim, allKernels, Bool, oneIdentity)
}

// Any reports, as a bool tensor, whether some element of x over dims is
// non-zero, as torch.any.
func Any(x *Tensor, dims []int, keepdim bool) (*Tensor, error) {
	return reduce("any", x, dims, keepdim, anyKernels, Bool, zeroIdentity)
}

// argReduce runs an arg kernel over one dimension (or over the flattened
// tensor when dim is nil). withValues asks for the extreme values as well.
func argReduce(op string, x *Tensor, dim *int, keepdim, withValues bool, kernels Kernels[argKernel]) (values, indices *Tensor, err error) {
	kernel, err := kernels.Select(op, x.dtype)
	if err != nil {
		return nil, nil, err
	}
	var dims []int
	if dim != nil {
		dims = []int{*dim}
	} else if x, err = x.Contiguous(); err != nil {
		return nil, nil, err
	}
	p, err := newReducePlan(op, x, dims, keepdim)
	if err != nil {
		return nil, nil, err
	}
	if p.n == 0 {
		return nil, nil, p.emptyError()
	}
	if indices, err = emptyOutput(Int64, p.outShape...); err != nil {
		return nil, nil, err
	}
	if withValues {
		if values, err = emptyOutput(x.dtype, p.outShape...); err != nil {
			return nil, nil, err
		}
	}
	if p.m == 0 {
		return values, indices, nil
	}
	if err := kernel(p, values, indices); err != nil {
		return nil, nil, err
	}
	return values, indices, nil
}

// Max returns the maximum of x along dim and the index of its first
// occurrence, as torch.max(x, dim). NaN counts as the maximum.
func Max(x *Tensor, dim int, keepdim bool) (values, indices *Tensor, err error) {
	return argReduce("max", x, &dim, keepdim, true, maxKernels)
}

// Min returns the minimum of x along dim and the index of its first
// occurrence, as torch.min(x, dim). NaN counts as the minimum.
func Min(x *Tensor, dim int, keepdim bool) (values, indices *Tensor, err error) {
	return argReduce("min", x, &dim, keepdim, true, minKernels)
}

// Argmax returns the int64 index of the first maximum of x along dim, as
// torch.argmax. NaN counts as the maximum.
func Argmax(x *Tensor, dim int, keepdim bool) (*Tensor, error) {
	_, idx, err := argReduce("argmax", x, &dim, keepdim, false, argmaxKernels)
	return idx, err
}

// Argmin returns the int64 index of the first minimum of x along dim.
func Argmin(x *Tensor, dim int, keepdim bool) (*Tensor, error) {
	_, idx, err := argReduce("argmin", x, &dim, keepdim, false, argminKernels)
	return idx, err
}

// ArgmaxAll returns, as a 0-d int64 tensor, the index of the first maximum
// of x flattened in row-major order, as torch.argmax without dim.
func ArgmaxAll(x *Tensor) (*Tensor, error) {
	_, idx, err := argReduce("argmax", x, nil, false, false, argmaxKernels)
	return idx, err
}

// ArgminAll returns the index of the first minimum of x flattened.
func ArgminAll(x *Tensor) (*Tensor, error) {
	_, idx, err := argReduce("argmin", x, nil, false, false, argminKernels)
	return idx, err
}

// floatingOnly refuses integer and bool inputs of op with message msg.
func floatingOnly(x *Tensor, msg string) error {
	if x.dtype.IsFloating() {
		return nil
	}
	return typeErrorf("%s", msg).WithHint("convert the input with .to(float32) first")
}

// Var returns the variance of x over dims: the sum of squared deviations
// from the mean divided by N - correction (correction 1 is torch's
// unbiased=True). Only floating inputs are accepted. It computes the mean
// first, then the squared deviations, which is accurate where the one-pass
// formula cancels.
func Var(x *Tensor, dims []int, correction int, keepdim bool) (*Tensor, error) {
	if err := floatingOnly(x, "std and var only support floating point and complex dtypes"); err != nil {
		return nil, err
	}
	mean, err := Mean(x, dims, true)
	if err != nil {
		return nil, err
	}
	dev, err := Sub(x, mean)
	if err != nil {
		return nil, err
	}
	ss, err := reduce("var", dev, dims, keepdim, sumSqKernels, x.dtype, zeroIdentity)
	if err != nil {
		return nil, err
	}
	if ss.Numel() == 0 {
		return ss, nil
	}
	return Div(ss, MustScalar(float64(max(x.Numel()/ss.Numel()-correction, 0))))
}

// Std returns the standard deviation of x over dims, the square root of Var.
func Std(x *Tensor, dims []int, correction int, keepdim bool) (*Tensor, error) {
	v, err := Var(x, dims, correction, keepdim)
	if err != nil {
		return nil, err
	}
	return Sqrt(v)
}

// Logsumexp returns log(sum(exp(x))) over dims, computed stably by shifting
// by the maximum, as torch.logsumexp. Integer and bool inputs give float32.
// A reduction over no elements gives -inf.
func Logsumexp(x *Tensor, dims []int, keepdim bool) (*Tensor, error) {
	x, err := x.To(floatDType(x.dtype))
	if err != nil {
		return nil, err
	}
	p, err := newReducePlan("logsumexp", x, dims, keepdim)
	if err != nil {
		return nil, err
	}
	if p.n == 0 || p.m == 0 {
		return Full(math.Inf(-1), x.dtype, p.outShape...)
	}
	shift, err := Amax(x, dims, true)
	if err != nil {
		return nil, err
	}
	// An infinite maximum would give inf - inf = NaN; shift by 0 there.
	inf, err := Abs(shift)
	if err == nil {
		inf, err = Eq(inf, MustScalar(math.Inf(1)))
	}
	if err == nil {
		shift, err = MaskedFill(shift, inf, MustScalar(0.0))
	}
	if err != nil {
		return nil, err
	}
	e, err := Sub(x, shift)
	if err == nil {
		e, err = Exp(e)
	}
	if err == nil {
		e, err = Sum(e, dims, true)
	}
	if err == nil {
		e, err = Log(e)
	}
	if err == nil {
		e, err = Add(e, shift)
	}
	if err != nil {
		return nil, err
	}
	return e.Reshape(p.outShape...)
}

// floatDType is the dtype floating-only computations use for d.
func floatDType(d DType) DType {
	if d.IsFloating() {
		return d
	}
	return DefaultFloat
}

// Norm returns the vector p-norm of x over dims, as
// torch.linalg.vector_norm: p = 2 is the Euclidean norm, 1 the sum of
// absolute values, +inf / -inf the largest / smallest absolute value, 0 the
// number of non-zero elements, other p (sum |x|^p)^(1/p). Only floating
// inputs are accepted.
func Norm(x *Tensor, p float64, dims []int, keepdim bool) (*Tensor, error) {
	if err := floatingOnly(x, "linalg.vector_norm: Expected a floating point or complex tensor as input. Got "+x.dtype.String()); err != nil {
		return nil, err
	}
	switch {
	case p == 2:
		ss, err := reduce("norm", x, dims, keepdim, sumSqKernels, x.dtype, zeroIdentity)
		if err != nil {
			return nil, err
		}
		return Sqrt(ss)
	case p == 0:
		nz, err := Ne(x, MustScalar(0))
		if err == nil {
			nz, err = nz.To(x.dtype)
		}
		if err != nil {
			return nil, err
		}
		return Sum(nz, dims, keepdim)
	}
	a, err := Abs(x)
	if err != nil {
		return nil, err
	}
	switch {
	case math.IsInf(p, 0):
		plan, err := newReducePlan("norm", x, dims, keepdim)
		if err != nil {
			return nil, err
		}
		if plan.n == 0 && plan.m > 0 {
			name := "inf"
			if p < 0 {
				name = "-inf"
			}
			return nil, Errorf(RuntimeError, "linalg.vector_norm cannot compute the %s norm on an empty tensor because the operation does not have an identity", name)
		}
		if p > 0 {
			return Amax(a, dims, keepdim)
		}
		return Amin(a, dims, keepdim)
	case p == 1:
		return Sum(a, dims, keepdim)
	case math.IsNaN(p):
		return nil, valueErrorf("norm order must be a number, got nan")
	}
	if a, err = Pow(a, MustScalar(p)); err != nil {
		return nil, err
	}
	if a, err = Sum(a, dims, keepdim); err != nil {
		return nil, err
	}
	return Pow(a, MustScalar(1/p))
}

// cumKernel computes the cumulative sum of the contiguous tensor t in place
// along a dimension: outer blocks of length×inner elements.
type cumKernel func(t *Tensor, outer, length, inner int) error

var cumsumKernels = NoBoolDTypes[cumKernel](cumsumLoop[float32, float64], cumsumLoop[float64, float64], cumsumLoop[int64, int64])

// cumsumLoop accumulates in A (float64 for float32 inputs, as PyTorch's
// CPU kernel does): for every block, row i becomes the sum of rows 0..i.
func cumsumLoop[T, A Number](t *Tensor, outer, length, inner int) error {
	d := t.storage.data.([]T)
	block := length * inner
	return ParallelFor(outer, max(1, GrainSize/max(block, 1)), func(b, e int) {
		acc := make([]A, inner)
		for o := b; o < e; o++ {
			clear(acc)
			s := d[o*block : (o+1)*block]
			for i := range length {
				row := s[i*inner : (i+1)*inner]
				for j, v := range row {
					acc[j] += A(v)
					row[j] = T(acc[j])
				}
			}
		}
	})
}

// Cumsum returns the cumulative sum of x along dim, as torch.cumsum. Integer
// and bool inputs give int64.
func Cumsum(x *Tensor, dim int) (*Tensor, error) {
	d, err := normDim(dim, x.Dim())
	if err != nil {
		return nil, err
	}
	out, err := intAccumulate(x)
	if err != nil {
		return nil, err
	}
	kernel, err := cumsumKernels.Select("cumsum", out.dtype)
	if err != nil {
		return nil, err
	}
	if out == x {
		if out, err = out.Clone(); err != nil {
			return nil, err
		}
	}
	if x.Dim() == 0 {
		return out, nil
	}
	shape := out.shape
	if err := kernel(out, numel(shape[:d]), shape[d], numel(shape[d+1:])); err != nil {
		return nil, err
	}
	return out, nil
}
