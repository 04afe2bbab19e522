package tensor

// The dtype-specific halves of the random functions, as dispatch tables:
// PyTorch draws a float32 uniform from one word and a float64 uniform from
// two, and transforms normals differently for each, so every floating
// dtype needs its own entry. Each kernel runs with its generator locked and
// writes a contiguous buffer.

// contiguousSlice is the elements of the contiguous tensor buf.
func contiguousSlice[T Native](buf *Tensor) []T {
	n := buf.Numel()
	return buf.storage.data.([]T)[buf.offset : buf.offset+n]
}

// uniformKernel fills buf with values uniform in [from, to).
type uniformKernel func(g *Generator, buf *Tensor, from, to float64) error

var uniformKernels = computed(FloatingDTypes(ByDType[uniformKernel]{
	Float32: func(g *Generator, buf *Tensor, from, to float64) error {
		return g.fillUniform32(contiguousSlice[float32](buf), float32(from), float32(to))
	},
	Float64: func(g *Generator, buf *Tensor, from, to float64) error {
		return g.fillUniform64(contiguousSlice[float64](buf), from, to)
	},
}))

// normalKernel fills buf with normal values; dense says whether the tensor
// being filled is contiguous, which picks PyTorch's vectorized path.
type normalKernel func(g *Generator, buf *Tensor, mean, std float64, dense bool) error

var normalKernels = computed(FloatingDTypes(ByDType[normalKernel]{
	Float32: func(g *Generator, buf *Tensor, mean, std float64, dense bool) error {
		d := contiguousSlice[float32](buf)
		if !dense {
			return scalarNormals(g, d, mean, std)
		}
		return g.fillNormal32(d, mean, std)
	},
	Float64: func(g *Generator, buf *Tensor, mean, std float64, dense bool) error {
		d := contiguousSlice[float64](buf)
		if !dense {
			return scalarNormals(g, d, mean, std)
		}
		return g.fillNormal64(d, mean, std)
	},
}))

// scalarNormals is PyTorch's path for small tensors and views: one scalar
// Box-Muller sample in double per element.
func scalarNormals[T Float](g *Generator, d []T, mean, std float64) error {
	for i := range d {
		if i%chunkElements == 0 && Interrupted() {
			return errInterrupted()
		}
		d[i] = T(g.normalSample(mean, std))
	}
	return nil
}

// bernoulliKernel sets keep[i] when a uniform of p's dtype is below p[i]; p
// is contiguous, its values in [0, 1].
type bernoulliKernel func(g *Generator, p *Tensor, keep []uint8) error

var bernoulliKernels = computed(FloatingDTypes(ByDType[bernoulliKernel]{
	Float32: func(g *Generator, p *Tensor, keep []uint8) error {
		return bernoulliDraws(contiguousSlice[float32](p), g.uniform32, keep)
	},
	Float64: func(g *Generator, p *Tensor, keep []uint8) error {
		return bernoulliDraws(contiguousSlice[float64](p), g.uniform64, keep)
	},
}))

func bernoulliDraws[T Float](ps []T, uniform func() T, keep []uint8) error {
	for _, v := range ps {
		if !(v >= 0 && v <= 1) {
			return bernoulliRange()
		}
	}
	for i, v := range ps {
		if i%chunkElements == 0 && Interrupted() {
			return errInterrupted()
		}
		keep[i] = boolByte(uniform() < v)
	}
	return nil
}

// multinomialKernel draws n indices from each of rows rows of cats weights
// in the contiguous probs into res.
type multinomialKernel func(g *Generator, probs *Tensor, rows, cats, n int, replacement bool, res []int64) error

var multinomialKernels = computed(FloatingDTypes(ByDType[multinomialKernel]{
	Float32: func(g *Generator, probs *Tensor, rows, cats, n int, replacement bool, res []int64) error {
		return multinomialRows(g, contiguousSlice[float32](probs), rows, cats, n, replacement, res)
	},
	Float64: func(g *Generator, probs *Tensor, rows, cats, n int, replacement bool, res []int64) error {
		return multinomialRows(g, contiguousSlice[float64](probs), rows, cats, n, replacement, res)
	},
}))
