package gemm

// Work items of packing: packSlivers slivers, or packRows values of p.
const (
	packSlivers = 8
	packRows    = 16
)

// panel is a block of A or B to pack into slivers of r along x: element
// (x, p), x < width, p < kc, is data[base + x*xs + p*ps], and goes to
// packed[s*kc*r + p*r + x%r] for sliver s = x/r. A panel of A has x along
// its rows, a panel of B along its columns. Slivers are zero past width.
type panel[T float32 | float64] struct {
	data         []T
	base, xs, ps int
	width, kc, r int
}

// transFunc packs a full sliver whose p are contiguous: it sets
// dst[p*r+x] = src[x*ld+p] for x < r, p < k.
type transFunc[T float32 | float64] func(dst, src *T, ld, k int)

// copyFunc packs rows of full slivers whose x are contiguous: it copies
// src[q*ld + s*r + x] to dst[s*kc*r + q*r + x] for q < rows, s < slivers,
// x < r.
type copyFunc[T float32 | float64] func(dst, src *T, rows, ld, slivers, r, kc int)

// byRows reports whether the panel is packed by ranges of p, copying
// contiguous x, rather than by slivers.
func (pn *panel[T]) byRows() bool { return pn.xs == 1 && pn.ps != 1 }

// items returns how many work items packing the panel takes.
func (pn *panel[T]) items() int {
	if pn.byRows() {
		return ceilDiv(pn.kc, packRows)
	}
	return ceilDiv(ceilDiv(pn.width, pn.r), packSlivers)
}

// partTrans packs the first rows of a partial sliver whose p are
// contiguous: it sets dst[p*r+x] = src[x*ld+p] for x < rows, p < k, r
// the sliver's width.
type partTrans[T float32 | float64] struct {
	rows int
	fn   transFunc[T]
}

// pack packs work item it of the panel into packed, using trans, parts or
// copy where they are not nil.
func (pn *panel[T]) pack(packed []T, it int, trans transFunc[T], parts []partTrans[T], copy copyFunc[T]) {
	if pn.byRows() {
		lo := it * packRows
		pn.packRows(packed, lo, min(lo+packRows, pn.kc), copy)
		return
	}
	s0 := it * packSlivers
	pn.packSlivers(packed, s0, min(s0+packSlivers, ceilDiv(pn.width, pn.r)), trans, parts)
}

// aGroup is how many slivers of a panel of A whose x are contiguous (A
// transposed: a weight gradient's activations, stored k×m) are packed
// at once, by runs of p: each of the kc rows of the stored
// matrix is then read along aGroup·MR contiguous elements rather than
// the MR of one sliver, whose kc short runs a page apart no prefetcher
// follows.
const aGroup = 8

// sliverGroup returns the first sliver and the end of the group of
// slivers that sliver s of an A panel is packed with: itself alone,
// unless the panel's x are contiguous (byRows).
func (pn *panel[T]) sliverGroup(s int) (int, int) {
	if !pn.byRows() {
		return s, s + 1
	}
	g := s / aGroup * aGroup
	return g, min(g+aGroup, ceilDiv(pn.width, pn.r))
}

// packGroup packs slivers [s0, s1): by packSliverRows where the panel's
// x are contiguous, else one by one.
func (pn *panel[T]) packGroup(packed []T, s0, s1 int, trans transFunc[T], parts []partTrans[T], copyRows copyFunc[T]) {
	if pn.byRows() {
		pn.packSliverRows(packed, s0, s1, copyRows)
		return
	}
	pn.packSlivers(packed, s0, s1, trans, parts)
}

// packSliverRows packs slivers [s0, s1) of a panel whose x are
// contiguous, for each p the run of their x at once.
func (pn *panel[T]) packSliverRows(packed []T, s0, s1 int, copyRows copyFunc[T]) {
	r, kc := pn.r, pn.kc
	s := s0
	if full := min(s1, pn.width/r) - s0; copyRows != nil && full > 0 {
		// The view is in range, so are these kc runs of full·r elements.
		copyRows(&packed[s0*kc*r], &pn.data[pn.base+s0*r], kc, pn.ps, full, r, kc)
		s += full
	}
	for ; s < s1; s++ {
		// The last, partial sliver: zeros, then its w values at each p.
		w := min(r, pn.width-s*r)
		d := packed[s*kc*r:][:kc*r]
		clear(d)
		at := pn.base + s*r
		for p := 0; p < kc; p++ {
			row, src := d[p*r:][:w], pn.data[at+p*pn.ps:][:w]
			for x, v := range src {
				row[x] = v
			}
		}
	}
}

// packSlivers packs slivers [s0, s1).
func (pn *panel[T]) packSlivers(packed []T, s0, s1 int, trans transFunc[T], parts []partTrans[T]) {
	r, kc := pn.r, pn.kc
	for s := s0; s < s1; s++ {
		d := packed[s*kc*r : (s+1)*kc*r]
		w := min(r, pn.width-s*r)
		base := pn.base + s*r*pn.xs
		switch {
		case pn.ps == 1 && w == r && trans != nil:
			// The view is in range, so are these r runs of kc elements.
			trans(&d[0], &pn.data[base], pn.xs, kc)
		case pn.ps == 1:
			x := 0
			for _, pt := range parts {
				// Rows [x, x+pt.rows) are in the view, so are their runs.
				for ; w-x >= pt.rows; x += pt.rows {
					pt.fn(&d[x], &pn.data[base+x*pn.xs], pn.xs, kc)
				}
			}
			for ; x < w; x++ {
				for p, v := range pn.data[base+x*pn.xs:][:kc] {
					d[p*r+x] = v
				}
			}
		default:
			for p := 0; p < kc; p++ {
				row := d[p*r : p*r+w]
				for x := range row {
					row[x] = pn.data[base+x*pn.xs+p*pn.ps]
				}
			}
		}
		if w < r {
			for p := 0; p < kc; p++ {
				clear(d[p*r+w : (p+1)*r])
			}
		}
	}
}

// packRows packs p in [lo, hi) of every sliver; x must be contiguous.
func (pn *panel[T]) packRows(packed []T, lo, hi int, copyRows copyFunc[T]) {
	r, kc := pn.r, pn.kc
	s0 := 0
	if full := pn.width / r; copyRows != nil && full > 0 {
		// The view is in range, so are these runs of width elements.
		copyRows(&packed[lo*r], &pn.data[pn.base+lo*pn.ps], hi-lo, pn.ps, full, r, kc)
		s0 = full
	}
	for p := lo; p < hi; p++ {
		src := pn.data[pn.base+p*pn.ps:][:pn.width]
		for s := s0; s*r < pn.width; s++ {
			d := packed[(s*kc+p)*r:][:r]
			clear(d[copy(d, src[s*r:]):])
		}
	}
}
