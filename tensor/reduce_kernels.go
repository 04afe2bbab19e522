package tensor

import "github.com/kael-dev/kael/tensor/internal/vecmath"

// The element loops of the reductions (reduceOps for each operation and
// dtype) and their dispatch tables.

// sumContig sums s pairwise, with eight accumulators below pairwiseBlock so
// that the additions pipeline.
func sumContig[T Arithmetic](s []T) T {
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
func sumStrided[T Arithmetic](x []T, off, n, stride int) T {
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
	if f, ok := any(s).([]float32); ok {
		// The same eight accumulators, a vector register's lanes.
		var acc [8]float32
		n := vecmath.SumSqLanesFloat32(&acc, f)
		for _, v := range f[n:] {
			acc[0] += v * v
		}
		return T(((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7])))
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
func loadRow[T Computable](acc []T, x []T, off, stride, _ int) {
	if stride == 1 {
		copy(acc, x[off:off+len(acc)])
		return
	}
	for j := range acc {
		acc[j] = x[off+j*stride]
	}
}

// addRow adds x[off+j*stride] to acc[j].
func addRow[T Arithmetic](acc []T, x []T, off, stride, _ int) {
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
func addSlice[T Arithmetic](dst, src []T) {
	src = src[:len(dst)]
	for j := range dst {
		dst[j] += src[j]
	}
}

// addRowFloat32 is addRow for float32: a contiguous row goes through
// vecmath's add kernel, one rounded sum an element as the loop's.
func addRowFloat32(acc []float32, x []float32, off, stride, n int) {
	if stride == 1 {
		vecmath.AddVV(acc, acc, x[off:off+len(acc)])
		return
	}
	addRow(acc, x, off, stride, n)
}

// addRows8 adds eight rows to acc, or stores their sum with load set.
func addRows8[T Arithmetic](acc []T, rows *[8][]T, load bool) {
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
func sumOps[T Arithmetic](contig func(s []T) T) *reduceOps[T, T] {
	rows8 := addRows8[T]
	if f, ok := any(vecmath.AddRows8Float64).(func([]T, *[8][]T, bool)); ok {
		rows8 = f // float64: the vector kernel, in the same order
	}
	cols := addRow[T]
	if f, ok := any(vecmath.AddRows8Float32).(func([]T, *[8][]T, bool)); ok {
		rows8 = f // float32 (a bias's gradient, summed over the batch)
		cols = any(addRowFloat32).(func([]T, []T, int, int, int))
	}
	return &reduceOps[T, T]{
		run: func(x []T, off, n, stride, _ int) T {
			if stride == 1 {
				return contig(x[off : off+n])
			}
			return sumStrided(x, off, n, stride)
		},
		combine: func(a, b T) T { return a + b },
		load:    loadRow[T],
		cols:    cols,
		rows8:   rows8,
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
func prodOps[T Arithmetic]() *reduceOps[T, T] {
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
func greater[T Native](a, b T) bool { return a > b || (a != a && b == b) }

// less reports whether a beats b for min, with NaN as for greater.
func less[T Native](a, b T) bool { return a < b || (a != a && b == b) }

// beats is greater for max and less for min; it inlines, where a function
// value would cost a call per element.
func beats[T Native](a, b T, isMax bool) bool {
	if isMax {
		return greater(a, b)
	}
	return less(a, b)
}

// extremeOps returns the ops of amax or amin.
func extremeOps[T Native](isMax bool) *reduceOps[T, T] {
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
func truthOps[T Native](want uint8) *reduceOps[T, uint8] {
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
type argAcc[T Native] struct {
	v T
	i int64
}

// argOps track the first extreme and its index, for max, min and the
// arg reductions.
func argOps[T Native](isMax bool) *reduceOps[T, argAcc[T]] {
	return &reduceOps[T, argAcc[T]]{
		run: func(x []T, off, n, stride, pos int) argAcc[T] {
			if stride == 1 && isMax {
				if xs, ok := any(x).([]float32); ok {
					at := argmaxContig32(xs[off : off+n])
					return argAcc[T]{x[off+at], int64(pos + at)}
				}
			}
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

// argmaxContig32 is argOps' run of max over contiguous float32 (issue 34:
// torch.argmax of 1M elements took 2.5 ms against PyTorch's 0.84, a
// branch and a compare per element): vecmath's vector maximum, then the
// first element equal to it, or the first NaN when it is NaN, the index
// the scalar loop keeps (greater is strict, so the first of equal
// values, -0 and +0 alike, and the first NaN win).
func argmaxContig32(x []float32) int {
	m := vecmath.MaxFloat32(x)
	if m != m {
		for i, v := range x {
			if v != v {
				return i
			}
		}
	}
	for i, v := range x {
		if v == m {
			return i
		}
	}
	return 0 // not reached: m is an element of x
}

// ---- dispatch ----

// reduceKernel computes p into the contiguous tensor out.
type reduceKernel func(p *reducePlan, out *Tensor) error

// kernelOf turns ops into the kernel of one dtype.
func kernelOf[T Computable, A Computable](ops *reduceOps[T, A]) reduceKernel {
	return func(p *reducePlan, out *Tensor) error {
		return reduceInto(p, ops, out.storage.data.([]A)[:p.m])
	}
}

// argKernel computes p's extremes into values (when not nil) and their
// indices into indices.
type argKernel func(p *reducePlan, values, indices *Tensor) error

// argKernelOf returns the arg kernel of max (isMax) or min for T.
func argKernelOf[T Native](isMax bool) argKernel {
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
	sumKernels = computed(NoBoolDTypes(ByDType[reduceKernel]{Float32: kernelOf(sumOps(vecmath.SumFloat32)), Float64: kernelOf(sumOps(sumContig[float64])), Int64: kernelOf(sumOps(sumContig[int64])),
		Complex64: kernelOf(sumOps(sumContig[complex64])), Complex128: kernelOf(sumOps(sumContig[complex128]))}))
	sumSqKernels = computed(FloatingDTypes(ByDType[reduceKernel]{Float32: kernelOf(sumSqOps[float32]()), Float64: kernelOf(sumSqOps[float64]())}))
	prodKernels  = computed(NoBoolDTypes(ByDType[reduceKernel]{Float32: kernelOf(prodOps[float32]()), Float64: kernelOf(prodOps[float64]()), Int64: kernelOf(prodOps[int64]()),
		Complex64: kernelOf(prodOps[complex64]()), Complex128: kernelOf(prodOps[complex128]())}))
	amaxKernels   = computed(RealDTypes(ByDType[reduceKernel]{Float32: kernelOf(extremeOps[float32](true)), Float64: kernelOf(extremeOps[float64](true)), Int64: kernelOf(extremeOps[int64](true)), Bool: kernelOf(extremeOps[uint8](true))}))
	aminKernels   = computed(RealDTypes(ByDType[reduceKernel]{Float32: kernelOf(extremeOps[float32](false)), Float64: kernelOf(extremeOps[float64](false)), Int64: kernelOf(extremeOps[int64](false)), Bool: kernelOf(extremeOps[uint8](false))}))
	allKernels    = computed(RealDTypes(ByDType[reduceKernel]{Float32: kernelOf(truthOps[float32](0)), Float64: kernelOf(truthOps[float64](0)), Int64: kernelOf(truthOps[int64](0)), Bool: kernelOf(truthOps[uint8](0))}))
	anyKernels    = computed(RealDTypes(ByDType[reduceKernel]{Float32: kernelOf(truthOps[float32](1)), Float64: kernelOf(truthOps[float64](1)), Int64: kernelOf(truthOps[int64](1)), Bool: kernelOf(truthOps[uint8](1))}))
	maxKernels    = computed(RealDTypes(ByDType[argKernel]{Float32: argKernelOf[float32](true), Float64: argKernelOf[float64](true), Int64: argKernelOf[int64](true), Bool: argKernelOf[uint8](true)}))
	minKernels    = computed(RealDTypes(ByDType[argKernel]{Float32: argKernelOf[float32](false), Float64: argKernelOf[float64](false), Int64: argKernelOf[int64](false), Bool: argKernelOf[uint8](false)}))
	argmaxKernels = computed(NoBoolRealDTypes(ByDType[argKernel]{Float32: argKernelOf[float32](true), Float64: argKernelOf[float64](true), Int64: argKernelOf[int64](true)}))
	argminKernels = computed(NoBoolRealDTypes(ByDType[argKernel]{Float32: argKernelOf[float32](false), Float64: argKernelOf[float64](false), Int64: argKernelOf[int64](false)}))
)

// cumKernel computes the cumulative sum of the contiguous tensor t in place
// along a dimension: outer blocks of length×inner elements.
type cumKernel func(t *Tensor, outer, length, inner int) error

var cumsumKernels = computed(NoBoolDTypes(ByDType[cumKernel]{Float32: cumsumLoop[float32, float64], Float64: cumsumLoop[float64, float64], Int64: cumsumLoop[int64, int64],
	Complex64: cumsumComplexLoop[complex64, complex128], Complex128: cumsumComplexLoop[complex128, complex128]}))

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

// cumsumComplexLoop is cumsumLoop for complex dtypes, accumulating
// complex64 in complex128 as PyTorch's acc_type does.
func cumsumComplexLoop[T, A complex64 | complex128](t *Tensor, outer, length, inner int) error {
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
