package gemm

import "fmt"

// Packed is a k×n matrix B stored by its producer in the layout in which
// the micro-kernel reads a panel of B: slivers of NR columns, each sliver
// its k rows of NR values one after the other. Element (p, j) is
// Data[Offset + (j/NR)·SliverStride + p·NR + j%NR]. A producer that
// gathers B (a convolution's columns) writes it so once, and MulPacked
// reads its slivers where they are, without packing them for every
// product; the slivers of B's rows [p0, p0+k) of a taller packed matrix
// (one group's rows of a convolution's columns) are the Packed of that
// Offset + p0·NR with the taller one's SliverStride.
type Packed[T float32 | float64] struct {
	Data                 []T
	Offset, SliverStride int
	NR                   int
}

// PackedWidth is the width NR of the slivers that MulPacked reads in
// place: the micro-kernel's for T under the current implementation.
func PackedWidth[T float32 | float64]() int { return kernelFor[T]().nr }

// sliverAt returns the index in b.Data of B's element (p, j), j the
// first column of a sliver.
func (b *Packed[T]) sliverAt(j, p int) int { return b.Offset + j/b.NR*b.SliverStride + p*b.NR }

// at returns B's element (p, j).
func (b *Packed[T]) at(p, j int) T { return b.Data[b.Offset+j/b.NR*b.SliverStride+p*b.NR+j%b.NR] }

// check panics unless b holds a k×n matrix from column col0 on.
func (b *Packed[T]) check(k, n, col0 int) {
	if b.NR <= 0 || col0 < 0 || b.SliverStride < k*b.NR || b.Offset < 0 ||
		b.sliverAt(col0+n-1, 0)+k*b.NR > len(b.Data) {
		panic(fmt.Sprintf("gemm: packed %d×%d matrix from column %d (offset %d, sliver stride %d, width %d) out of range [0, %d)",
			k, n, col0, b.Offset, b.SliverStride, b.NR, len(b.Data)))
	}
}

// MulPacked computes C = A·B, overwriting C, where A is an m×k view, B
// the k×n columns [col0, col0+n) of the packed b, and C an m×n view whose
// rows are contiguous (ColStride 1). The product is Mul's of the view
// that holds B's values, bit for bit: where b's slivers are the
// kernel's (NR = PackedWidth, col0 a multiple of it), the kernels read
// them in place; otherwise B is packed from b as Mul packs a view. C must
// not alias A or b.
func MulPacked[T float32 | float64](m, n, k int, a Matrix[T], b Packed[T], col0 int, c Matrix[T], opt Options) {
	if trivialProduct(m, n, k, a, c) {
		return
	}
	mulPacked(m, n, k, a, nil, b, col0, c, opt, false)
}

// MulPackedAdd computes C += A·B for MulPacked's operands: each element
// of C gains the element of MulPacked's product, rounded once, C + A·B
// bit for bit (as MulAdd is for Mul). While k is within the kernels'
// block along K, the kernels add their tiles to C as they store them
// (a layer's output set to its bias, then the product added, is written
// once); past it, or for products that Mul computes by its plain loop,
// the product is computed aside and added.
func MulPackedAdd[T float32 | float64](m, n, k int, a Matrix[T], b Packed[T], col0 int, c Matrix[T], opt Options) {
	if m < 0 || n < 0 || k < 0 {
		panic(fmt.Sprintf("gemm: negative dimension %d×%d×%d", m, n, k))
	}
	if m == 0 || n == 0 {
		return
	}
	checkView("C", c, m, n)
	if c.ColStride != 1 {
		panic("gemm: MulPackedAdd's C must have contiguous rows")
	}
	if k == 0 || k > kernelFor[T]().kc || volume(m, n, k) <= naiveMaxWork {
		p := Matrix[T]{Data: make([]T, m*n), RowStride: n, ColStride: 1}
		MulPacked(m, n, k, a, b, col0, p, opt)
		for i := range m {
			row := c.Data[c.Offset+i*c.RowStride:][:n]
			for j, v := range p.Data[i*n : (i+1)*n] {
				row[j] += v
			}
		}
		return
	}
	checkView("A", a, m, k)
	mulPacked(m, n, k, a, nil, b, col0, c, opt, true)
}

// mulPacked computes MulPacked's product of checked operands (m, n, k
// positive), stored into C, or added to it when add is set (k within
// one block along K, so that each element is C + the whole product).
// preA, when not nil, is A packed by PackA: the kernels read its slivers
// where they hold the current kernel's.
func mulPacked[T float32 | float64](m, n, k int, a Matrix[T], preA *PackedA[T], b Packed[T], col0 int, c Matrix[T], opt Options, add bool) {
	b.check(k, n, col0)
	if c.ColStride != 1 {
		panic("gemm: MulPacked's C must have contiguous rows")
	}
	work := volume(m, n, k)
	if work <= naiveMaxWork {
		naiveBy(m, n, k, a, func(p, j int) T { return b.at(p, col0+j) }, c)
		return
	}
	kn := kernelFor[T]()
	threads := threadsFor(work, opt)
	j := &job[T]{kn: kn, m: m, n: n, k: k, a: a, c: c, threads: threads, cancelled: opt.Cancelled, preA: preA.packedFor(kn), add: add}
	if b.NR != kn.nr || col0%kn.nr != 0 {
		j.packFn = b.packer(col0, false)
	} else {
		j.pre, j.preCol = &b, col0
	}
	j.mul()
}

// MulTransPacked computes C = A·Bᵀ, overwriting C, where A is an m×k
// view, B the n×k packed b (its columns are the product's K: a
// convolution's weight gradient, the output gradient times the columns
// transposed), and C an m×n view whose rows are contiguous. The product
// is Mul's of the view that holds Bᵀ's values, bit for bit; b's slivers
// are transposed into the kernel's panels as Mul transposes a view's. C
// must not alias A or b.
func MulTransPacked[T float32 | float64](m, n, k int, a Matrix[T], b Packed[T], c Matrix[T], opt Options) {
	if trivialProduct(m, n, k, a, c) {
		return
	}
	b.check(n, k, 0)
	if c.ColStride != 1 {
		panic("gemm: MulTransPacked's C must have contiguous rows")
	}
	work := volume(m, n, k)
	if work <= naiveMaxWork {
		naiveBy(m, n, k, a, func(p, j int) T { return b.at(j, p) }, c)
		return
	}
	mulWith(kernelFor[T](), m, n, k, a, Matrix[T]{}, c, threadsFor(work, opt), opt.Cancelled, b.packer(0, true), false)
}

// packer returns the PackB of the matrix b holds from column col0 on, or
// of its transpose.
func (b Packed[T]) packer(col0 int, transposed bool) PackB[T] {
	kn := kernelFor[T]()
	return func(dst []T, p0, kc, j0, w, nr int) {
		for s := 0; s*nr < w; s++ {
			d := dst[s*kc*nr : (s+1)*kc*nr]
			x0, cols := j0+s*nr, min(nr, w-s*nr)
			if transposed {
				b.packTransposed(d, p0, kc, x0, cols, nr, kn)
			} else {
				for p := range kc {
					row := d[p*nr : (p+1)*nr]
					for x := range cols {
						row[x] = b.at(p0+p, col0+x0+x)
					}
					clear(row[cols:])
				}
			}
		}
	}
}

// packTransposed packs into d one sliver of Bᵀ: its rows [p0, p0+kc) and
// columns [x0, x0+cols) of nr, Bᵀ's element (p, x) = B's (x, p) at
// d[(p−p0)·nr + x−x0], zero past cols. Each run of B's sliver, NR
// columns of one row x, is a row of NR contiguous p: where NR divides p0,
// the kernel's transposers take nr (or a part's) rows of them at once.
func (b Packed[T]) packTransposed(d []T, p0, kc, x0, cols, nr int, kn *kernel[T]) {
	for q := p0; q < p0+kc; {
		run := min(b.NR-q%b.NR, p0+kc-q) // B's columns q.. in one sliver
		dq := d[(q-p0)*nr:]
		src := b.Offset + q/b.NR*b.SliverStride + q%b.NR
		x := 0
		if cols == nr && kn.transB != nil && nr == kn.nr {
			// The packed matrix is in range (check), so are these nr runs.
			kn.transB(&dq[0], &b.Data[src+x0*b.NR], b.NR, run)
			x = cols
		} else if nr == kn.nr {
			for _, pt := range kn.partB {
				for ; cols-x >= pt.rows; x += pt.rows {
					pt.fn(&dq[x], &b.Data[src+(x0+x)*b.NR], b.NR, run)
				}
			}
		}
		for ; x < cols; x++ {
			for p, v := range b.Data[src+(x0+x)*b.NR:][:run] {
				dq[p*nr+x] = v
			}
		}
		if cols < nr {
			for p := range run {
				clear(dq[p*nr+cols : (p+1)*nr])
			}
		}
		q += run
	}
}

// naiveBy is naive with B's element (p, j) given by b.
func naiveBy[T float32 | float64](m, n, k int, a Matrix[T], b func(p, j int) T, c Matrix[T]) {
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			var s T
			ai := a.Offset + i*a.RowStride
			for p := 0; p < k; p++ {
				s += a.Data[ai+p*a.ColStride] * b(p, j)
			}
			c.Data[c.Offset+i*c.RowStride+j*c.ColStride] = s
		}
	}
}

// Pack returns the k×n view b in the layout MulPacked reads in place
// (slivers of PackedWidth columns, the last one's columns past n zero),
// for a matrix that is the B of many products: a recurrent layer's
// weight, multiplied at every time step, is then packed once rather than
// at every product. The values are b's, so MulPacked's products with it
// are Mul's with b bit for bit.
func Pack[T float32 | float64](k, n int, b Matrix[T]) Packed[T] {
	if k < 0 || n < 0 {
		panic(fmt.Sprintf("gemm: negative dimension %d×%d", k, n))
	}
	nr := PackedWidth[T]()
	if k > 0 && n > 0 {
		checkView("B", b, k, n)
	}
	stride := k * nr
	data := make([]T, ceilDiv(n, nr)*stride)
	for j0 := 0; j0 < n; j0 += nr {
		sliver, cols := data[j0/nr*stride:][:stride], min(nr, n-j0)
		if abs(b.RowStride) < abs(b.ColStride) {
			// B's columns are its runs in memory (a weight's transpose):
			// read each column front to back.
			for x := range cols {
				at := b.Offset + (j0+x)*b.ColStride
				for p := range k {
					sliver[p*nr+x] = b.Data[at+p*b.RowStride]
				}
			}
			continue
		}
		for p := range k {
			row, at := sliver[p*nr:][:cols], b.Offset+p*b.RowStride+j0*b.ColStride
			if b.ColStride == 1 {
				copy(row, b.Data[at:])
				continue
			}
			for x := range row {
				row[x] = b.Data[at+x*b.ColStride]
			}
		}
	}
	return Packed[T]{Data: data, SliverStride: stride, NR: nr}
}
