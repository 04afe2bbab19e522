package gemm

import "github.com/kael-dev/kael/tensor/internal/pool"

// Small and narrow products split another way. The shared scheme of run
// hands out units of one sliver of A against one chunk of B within a
// block along K, and the goroutines meet after every block: a product
// with few units per block (dcgan's weight gradients, M 16–32 rows by N
// 48–256 columns, K in the thousands) leaves one goroutine a unit more
// than the other and makes both wait at a barrier every KC steps of K.
// Such a product, and any of one block of rows and columns that the cut
// below packs little twice, is cut instead into one rectangle of C per
// goroutine, a range of A's slivers by a range of B's slivers of about
// the same number of tiles, and each goroutine computes its rectangle
// through all the blocks along K, packing what it needs into buffers of
// its own: no barrier, no hand-over, at the price of packing twice the
// slivers of A (or B) that two rectangles share. Each tile of C is
// computed by the same kernel calls on the same packed values, the
// blocks along K in the same order, so the result is the shared scheme's
// bit for bit.

// ownedUnitsPerThread is the number of the shared scheme's units per
// goroutine and block along K below which a product is split into owned
// rectangles: the shared scheme balances them badly and meets once per
// block for little work.
const ownedUnitsPerThread = 8

// ownedDupShare: a product with more units is split into owned
// rectangles too where the elements packed twice are at most
// 1/ownedDupShare of those packed once (m+n per step of K): on two
// threads the shared scheme's waits for packing and at barriers cost more
// than that (prefill's 128-row products, the LSTM's, dcgan's last
// layers). The 1024×1024 square, with as many packed twice as once,
// keeps the shared scheme. A variable for BenchmarkStepShapes.
var ownedDupShare = 4

// sharedOnly, set by tests and benchmarks, makes every product use the
// shared scheme.
var sharedOnly bool

// ownedSplit is a cut of C into rows×cols rectangles of tiles.
type ownedSplit struct {
	units      int // rectangles, one per goroutine; 0: use the shared scheme
	rows, cols int // rectangles along A's slivers and along B's slivers
}

// ownedSplit chooses the cut for the job, or none: products of one block
// of A's rows and of B's columns with few units of the shared scheme per
// goroutine, or else with a cut that packs few elements twice (only such
// cuts are considered for them). Among the cuts into rows·cols
// rectangles for 2 up to j.threads goroutines, it takes the one whose
// largest rectangle has the fewest tiles, then the one that packs the
// fewest elements twice.
func (j *job[T]) ownedSplit() ownedSplit {
	kn := j.kn
	if sharedOnly || j.threads < 2 || j.m > j.mcMax || j.n > j.ncMax {
		return ownedSplit{}
	}
	aS, bS := ceilDiv(j.m, kn.mr), ceilDiv(j.n, kn.nr)
	few := aS*ceilDiv(j.n, kn.ncb) < ownedUnitsPerThread*j.threads
	best, bestTiles, bestDup := ownedSplit{}, aS*bS, 0
	for t := 2; t <= j.threads; t++ {
		for rows := 1; rows <= t; rows++ {
			cols := t / rows
			dup := (cols-1)*j.m + (rows-1)*j.n
			if rows*cols != t || rows > aS || cols > bS || !few && ownedDupShare*dup > j.m+j.n {
				continue
			}
			tiles := ceilDiv(aS, rows) * ceilDiv(bS, cols)
			if tiles < bestTiles || tiles == bestTiles && best.units > 0 && dup < bestDup {
				best, bestTiles, bestDup = ownedSplit{t, rows, cols}, tiles, dup
			}
		}
	}
	return best
}

// mulOwned computes the product split by sp, one rectangle per goroutine.
func (j *job[T]) mulOwned(sp ownedSplit) {
	kn := j.kn
	aS, bS := ceilDiv(j.m, kn.mr), ceilDiv(j.n, kn.nr)
	aLen := ceilDiv(aS, sp.rows) * kn.mr * j.kcMax
	bLen := ceilDiv(bS, sp.cols) * kn.nr * j.kcMax
	// Each goroutine's share of the buffer starts on a multiple of 16
	// elements, as the whole does on 64 bytes.
	per := roundUp(aLen+bLen+kn.mr*kn.nr, 16)
	buf := getBuf[T](sp.units * per)
	defer putBuf(buf)
	pool.Run(sp.units, func(u int) {
		s := buf.s[u*per : (u+1)*per]
		r, c := u/sp.cols, u%sp.cols
		j.owned(u, r*aS/sp.rows, (r+1)*aS/sp.rows, c*bS/sp.cols, (c+1)*bS/sp.cols,
			s[:aLen], s[aLen:aLen+bLen], s[aLen+bLen:])
	})
}

// owned is goroutine w's rectangle of C: A's slivers [a0, a1) by B's
// slivers [b0, b1), through every block along K, with its own packing
// buffers apack, bpack and scratch tile.
func (j *job[T]) owned(w, a0, a1, b0, b1 int, apack, bpack, tile []T) {
	kn, mr, nr := j.kn, j.kn.mr, j.kn.nr
	i0, j0 := a0*mr, b0*nr
	rows, cols := min(a1*mr, j.m)-i0, min(b1*nr, j.n)-j0
	for pc := 0; pc < j.k; pc += j.kcMax {
		if j.poll(w) {
			return
		}
		kc := min(j.kcMax, j.k-pc)
		pa := panel[T]{j.a.Data, j.a.Offset + i0*j.a.RowStride + pc*j.a.ColStride, j.a.RowStride, j.a.ColStride, rows, kc, mr}
		if j.preA == nil {
			pa.packGroup(apack, 0, ceilDiv(rows, mr), kn.transA, kn.partA, kn.copyRows)
		}
		// As run does: a chunk of B against A's slivers, then the next.
		// Each chunk is packed just before its tiles, so that it is still
		// in L2 when they read it: the whole rectangle's columns of B
		// (prefill's 1152 of 2304 at KC 512, 2.4 MB) would not be.
		for c0 := 0; c0 < cols; c0 += kn.ncb {
			c1 := min(c0+kn.ncb, cols)
			j.packOwnedChunk(bpack[c0*kc:], pc, kc, j0+c0, c1-c0)
			for i := 0; i < rows; i += mr {
				ap := apack[i*kc:]
				if j.preA != nil {
					ap = j.preA.sliver(pc, i0+i)
				}
				j.sliver(pc, kc, ap, bpack, min(mr, rows-i), c0, c1, pc > 0 || j.add, i0+i, j0, tile)
			}
		}
	}
}

// packOwnedChunk packs the columns [j0, j0+w) of B's rows [pc, pc+kc)
// into dst for owned, from the view or by the caller's packer; B
// already packed (j.pre) is read in place.
func (j *job[T]) packOwnedChunk(dst []T, pc, kc, j0, w int) {
	kn, nr := j.kn, j.kn.nr
	switch {
	case j.pre != nil:
	case j.packFn != nil:
		j.packFn(dst[:ceilDiv(w, nr)*kc*nr], pc, kc, j0, w, nr)
	default:
		pb := panel[T]{j.b.Data, j.b.Offset + pc*j.b.RowStride + j0*j.b.ColStride, j.b.ColStride, j.b.RowStride, w, kc, nr}
		for it := range pb.items() {
			pb.pack(dst, it, kn.transB, kn.partB, kn.copyRows)
		}
	}
}
