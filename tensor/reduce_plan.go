package tensor

import (
	"cmp"
	"slices"
	"sync"
	"unsafe"
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
type reduceOps[T Computable, A any] struct {
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
func reduceInto[T Computable, A any](p *reducePlan, ops *reduceOps[T, A], out []A) error {
	x := p.x.storage.data.([]T)
	if p.columnar() {
		return reduceColumns(p, x, ops, out)
	}
	return reduceRows(p, x, ops, out)
}

// rowReducer reduces in row order.
type rowReducer[T Computable, A any] struct {
	p   *reducePlan
	x   []T
	ops *reduceOps[T, A]
}

// reduceRows reduces in row order: results in parallel when each is short,
// chunks of long ones in parallel otherwise.
func reduceRows[T Computable, A any](p *reducePlan, x []T, ops *reduceOps[T, A], out []A) error {
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
type colReducer[T Computable, A any] struct {
	p      *reducePlan
	x      []T
	ops    *reduceOps[T, A]
	stride int // the stride of the innermost kept dimension
}

// reduceColumns reduces in column order, in parallel over blocks of
// results and, when those are few, over halves of the rows.
func reduceColumns[T Computable, A any](p *reducePlan, x []T, ops *reduceOps[T, A], out []A) error {
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
	if workers := NumThreads(); tasks < workers && p.n*block > GrainSize {
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
