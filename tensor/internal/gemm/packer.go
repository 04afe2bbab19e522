package gemm

// PackB packs part of B for MulPackedB, as the driver's own packing of a
// view would: the rows [p0, p0+kc) and the columns [j0, j0+w) of the k×n
// matrix B, in slivers of nr columns, B's element (p0+p, j0+s·nr+x) at
// dst[s·kc·nr + p·nr + x] for s < ⌈w/nr⌉; the columns of the last sliver
// past w are zero. The driver calls it from its goroutines at once for
// disjoint parts of the panel, so it must not write outside dst.
type PackB[T float32 | float64] func(dst []T, p0, kc, j0, w, nr int)

// MulPackedB computes C = A·B, overwriting C, where A is an m×k view and
// the k×n matrix B exists only as its packer: the caller gathers B's
// panels straight into the layout of the micro-kernel (an implicit GEMM:
// a convolution's windows, never stored as columns). The product is
// Mul's, block for block and in the same order of additions, so its
// results are Mul's for the view that packB reads. C must not alias A or
// what packB reads.
func MulPackedB[T float32 | float64](m, n, k int, a Matrix[T], packB PackB[T], c Matrix[T], opt Options) {
	if trivialProduct(m, n, k, a, c) {
		return
	}
	mulPackedB(kernelFor[T](), m, n, k, a, packB, c, threadsFor(volume(m, n, k), opt), opt.Cancelled)
}

// mulPackedB is mul with B's packer.
func mulPackedB[T float32 | float64](kn *kernel[T], m, n, k int, a Matrix[T], packB PackB[T], c Matrix[T], threads int, cancelled func() bool) {
	mulWith(kn, m, n, k, a, Matrix[T]{}, c, threads, cancelled, packB, false)
}

// packBBy makes sure that chunk ch of B's panel, columns [j0, j0+w) of B
// from row pc, kc rows, is packed into dst by the caller's packer: a work
// item is packSlivers slivers, taken by whichever goroutine comes first,
// as packB does for a view.
func (j *job[T]) packBBy(ch, pc, kc, j0, w int, dst []T) {
	nr := j.kn.nr
	slivers := ceilDiv(w, nr)
	states := j.bState[ch*j.bItems : (ch+1)*j.bItems][:ceilDiv(slivers, packSlivers)]
	for i := range states {
		if states[i].Load() == unpacked && states[i].CompareAndSwap(unpacked, packing) {
			s0 := i * packSlivers
			s1 := min(s0+packSlivers, slivers)
			j.packFn(dst[s0*kc*nr:s1*kc*nr], pc, kc, j0+s0*nr, min(w-s0*nr, (s1-s0)*nr), nr)
			states[i].Store(packed)
		}
	}
	for i := range states {
		waitPacked(&states[i])
	}
	j.bDone[ch].Store(true)
}
