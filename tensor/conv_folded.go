package tensor

import (
	"math/bits"
	"slices"
	"sync"
	"unsafe"

	"github.com/kael-dev/kael/tensor/internal/gemm"
	"github.com/kael-dev/kael/tensor/internal/rawmem"
)

// Convolution of float32 and float64 with the batch folded into the GEMM.
// The columns of the whole batch form one matrix [C·kh·kw, N·oh·ow]
// (batchInner), so that each of the three products of a convolution is
// one GEMM per group whatever the batch: the forward W·cols, the weight
// gradient g·colsᵀ summed over the images inside its K = N·oh·ow, and
// the input gradient Wᵀ·g. A batched GEMM per image gives the small
// late layers of a CNN (oh·ow = 16 or 64) products too narrow for the
// micro-kernel, and the weight gradient a sum over N afterwards. The
// price is a copy of the output or its gradient between [N, O, oh·ow]
// and [O, N·oh·ow], O·N·oh·ow elements against the GEMM's K times more.

// foldMaxWidth is the image width oh·ow from which the forward multiplies
// image by image, straight into the output: from 8 tiles of the AVX-512
// micro-kernel (32 columns) on, repacking the weights for each image costs
// under 1/256 of its product, less than the fold's copy of the output.
const foldMaxWidth = 256

// folded reports whether dtype d takes this path.
func folded(d DType) bool { return d == Float32 || d == Float64 }

// foldedCols returns the columns of x4 [N, C, H, W], laid out batchInner,
// in a scratch buffer: give it back with putScratch. Where the window is
// the whole unpadded image (dcgan's last layer: a 4×4 kernel on 4×4
// images, one output each) and x4 is contiguous, the columns are x4 as
// it is, [N, C·H·W] viewed transposed, and the buffer is nil: the GEMMs
// read the image straight, and the weight gradient's packing copies its
// rows instead of transposing gathered columns.
func foldedCols[T float32 | float64](x4 *Tensor, kernel, out [2]int, o Conv2dOptions) (*Tensor, *[]T, error) {
	n, c := x4.shape[0], x4.shape[1]
	rows, width := c*kernel[0]*kernel[1], n*out[0]*out[1]
	if wholeWindow(x4, kernel, out, o) {
		flat, err := x4.Reshape(n, rows)
		if err == nil {
			flat, err = flat.Transpose(0, 1)
		}
		return flat, nil, err
	}
	if _, err := storageBytes([]int{rows, width}, x4.dtype.Size()); err != nil {
		return nil, nil, err
	}
	buf, err := getScratch[T](rows * width)
	if err != nil {
		return nil, nil, err
	}
	cols := scratchTensor(x4.dtype, *buf, rows, width)
	if err := im2colLoop[T](x4, cols, kernel, out, o, batchInner(n, out)); err != nil {
		putScratch(buf)
		return nil, nil, err
	}
	return cols, buf, nil
}

// windowIsImage reports whether the convolution's only window is the
// whole unpadded image of an input of shape [N, C, H, W].
func windowIsImage(shape []int, kernel, out [2]int, o Conv2dOptions) bool {
	return out == [2]int{1, 1} && o.Padding == [4]int{} && o.Dilation == [2]int{1, 1} &&
		kernel == [2]int{shape[2], shape[3]}
}

// wholeWindow reports whether the columns of x4 are x4 itself: the window
// is the whole image and x4 is contiguous.
func wholeWindow(x4 *Tensor, kernel, out [2]int, o Conv2dOptions) bool {
	return windowIsImage(x4.shape, kernel, out, o) && x4.IsContiguous()
}

// Scratch matrices. The columns of the forward (kept for the weight
// gradient until the backward pass releases them), the input gradient's
// columns Wᵀ·g (as large: 7 MB a step for dcgan's Discriminator at batch
// 16) and the forward's product before its copy into the output live only
// for a call or a pass: they come from pools rather than the collected
// heap, whose fresh large allocations cost page faults and collector work
// (a third of the cost of gathering into them). The pools hold buffers by
// size class, a power of two, so that a network's layers of different
// sizes each find one that fits instead of dropping each other's.
var scratchPools [2][bits.UintSize]sync.Pool

// scratchClass returns the size class of a buffer of n elements: the least
// c with 1<<c >= n.
func scratchClass(n int) int {
	if n <= 1 {
		return 0
	}
	return bits.Len(uint(n - 1))
}

// scratchPool returns the pool of T's buffers of class c.
func scratchPool[T float32 | float64](c int) *sync.Pool {
	var zero T
	if _, ok := any(zero).(float32); ok {
		return &scratchPools[0][c]
	}
	return &scratchPools[1][c]
}

// scratchRoundMax is the largest buffer, in elements, that getScratch
// rounds up to its size class: larger ones are allocated to size, and
// not pooled, so that the rounding never doubles a huge allocation.
const scratchRoundMax = 1 << 24

// getScratch returns a buffer of n elements with unspecified contents, to
// give back with putScratch, or a MemoryError where there is no room.
func getScratch[T float32 | float64](n int) (*[]T, error) {
	c := scratchClass(n)
	if n <= scratchRoundMax {
		if b, ok := scratchPool[T](c).Get().(*[]T); ok {
			*b = (*b)[:n]
			return b, nil
		}
	}
	size := n
	if n <= scratchRoundMax {
		size = 1 << c
	}
	var zero T
	if err := checkScratch(size, int(unsafe.Sizeof(zero))); err != nil {
		return nil, err
	}
	b := rawmem.Slice[T](size)[:n]
	return &b, nil
}

// putScratch gives back a buffer of getScratch (nil: none); nothing may
// use it after.
func putScratch[T float32 | float64](b *[]T) {
	if b == nil {
		return
	}
	if c := scratchClass(cap(*b)); cap(*b) == 1<<c && cap(*b) <= scratchRoundMax {
		scratchPool[T](c).Put(b)
	}
}

// scratchTensor returns a contiguous tensor of dtype d and the given shape
// over data (numel(shape) elements), for use within a call only.
func scratchTensor[T float32 | float64](d DType, data []T, shape ...int) *Tensor {
	b := new(tensorBlock)
	b.storage.data, b.storage.n, b.storage.device = data, len(data), CPU
	return b.init(d, shape)
}

// matrixOf returns the rows×cols matrix of group g of t, a [G, rows, cols]
// view.
func matrixOf[T float32 | float64](t *Tensor, g int) gemm.Matrix[T] {
	return gemm.Matrix[T]{Data: t.storage.data.([]T), Offset: t.offset + g*t.strides[0], RowStride: t.strides[1], ColStride: t.strides[2]}
}

// transposed returns the transpose of a view.
func transposed[T float32 | float64](m gemm.Matrix[T]) gemm.Matrix[T] {
	return gemm.Matrix[T]{Data: m.Data, Offset: m.Offset, RowStride: m.ColStride, ColStride: m.RowStride}
}

// groupMul computes c[g] = a[g]·b[g] for every group g, where a, b and c
// are [G, m, k], [G, k, n] and [G, m, n] views.
func groupMul[T float32 | float64](m, n, k, groups int, a, b, c func(g int) gemm.Matrix[T]) error {
	for g := range groups {
		gemm.Mul(m, n, k, a(g), b(g), c(g), gemm.Options{Threads: NumThreads(), Cancelled: Interrupted})
		if Interrupted() {
			return errInterrupted()
		}
	}
	return nil
}

// conv2dFolded is Conv2d of x4 [N, C, H, W] for float32 and float64.
// It returns the columns it gathered too, [C·kh·kw, N·oh·ow], in a
// scratch buffer that the caller releases, or nil where it multiplied by
// the implicit GEMM: where the columns are not asked for (keep), or
// Conv2dKeep would not keep them.
func conv2dFolded[T float32 | float64](x4, weight, bias *Tensor, out [2]int, o Conv2dOptions, keep bool) (y *Tensor, kept *Conv2dColumns, err error) {
	kernel := [2]int{weight.shape[2], weight.shape[3]}
	colsSize := x4.shape[1] * kernel[0] * kernel[1] * x4.shape[0] * out[0] * out[1]
	if g, ok := implicitConv(x4, kernel, out, o); ok && (!keep || colsSize > keepColumnsRatio*x4.Numel()) {
		// No columns: the weight gradient gathers its own.
		pp, err := newPhasePlanes[T](x4, g, o.Groups)
		if err != nil {
			return nil, nil, err
		}
		defer pp.release()
		weights, err := packedWeights[T](weight, o.Groups, out)
		if err != nil {
			return nil, nil, err
		}
		y, err = conv2dFoldedCols[T](x4, weight, bias, out, o, func(m, n, k, grp, col0 int, a, c gemm.Matrix[T], opt gemm.Options) {
			if weights != nil {
				gemm.MulPackedAB(n, weights[grp], pp.packer(grp, col0), c, opt)
				return
			}
			gemm.MulPackedB(m, n, k, a, pp.packer(grp, col0), c, opt)
		}, nil)
		return y, nil, err
	}
	if nr, table := packedColsWidth[T](x4, kernel, out, o); nr > 0 {
		return conv2dPacked[T](x4, weight, bias, out, o, nr, table)
	}
	cols, buf, err := foldedCols[T](x4, kernel, out, o)
	if err != nil {
		return nil, nil, err
	}
	kept = &Conv2dColumns{cols: cols, release: func() { putScratch(buf) }}
	colsG, err := cols.Reshape(o.Groups, -1, cols.shape[1])
	if err != nil {
		kept.Release()
		return nil, nil, err
	}
	weights, err := packedWeights[T](weight, o.Groups, out)
	if err != nil {
		kept.Release()
		return nil, nil, err
	}
	mul := func(m, n, k, grp, col0 int, a, c gemm.Matrix[T], opt gemm.Options) {
		b := matrixOf[T](colsG, grp)
		b.Offset += col0 * b.ColStride
		if weights != nil {
			gemm.MulA(n, weights[grp], b, c, opt)
			return
		}
		gemm.Mul(m, n, k, a, b, c, opt)
	}
	if y, err = conv2dFoldedCols[T](x4, weight, bias, out, o, mul, nil); err != nil {
		kept.Release()
		return nil, nil, err
	}
	return y, kept, nil
}

// colsMul computes C = A·B for the m×k matrix A and the k×n matrix B of
// group grp's columns from column col0 on, stored or gathered.
type colsMul[T float32 | float64] func(m, n, k, grp, col0 int, a, c gemm.Matrix[T], opt gemm.Options)

// conv2dFoldedCols is conv2dFolded's product of the weight with the
// columns, which mul multiplies by. gatherImage, when not nil, gathers
// an image's columns for mul; it is called only where the images are
// multiplied one by one (oh·ow of foldMaxWidth or more), on the thread
// that multiplies the image, just before its products.
func conv2dFoldedCols[T float32 | float64](x4, weight, bias *Tensor, out [2]int, o Conv2dOptions, mul colsMul[T], gatherImage func(img int)) (y *Tensor, err error) {
	n, oc := x4.shape[0], weight.shape[0]
	l := out[0] * out[1]
	w, err := weight.Reshape(o.Groups, oc/o.Groups, -1) // [G, O/G, K]
	if err != nil {
		return nil, err
	}
	k := w.shape[2]
	if y, err = emptyOutput(x4.dtype, n, o.Groups, oc/o.Groups, l); err != nil {
		return nil, err
	}
	if l >= foldMaxWidth {
		// Wide images: one product per image straight into y, the images
		// shared among the threads. The products are small (dcgan's first
		// layer 16×1024×48): one GEMM would run them on one thread.
		data := y.storage.data.([]T)
		err = ParallelFor(n, 1, func(begin, end int) {
			for i := begin; i < end && !Interrupted(); i++ {
				if gatherImage != nil {
					gatherImage(i)
				}
				for g := range o.Groups {
					c := gemm.Matrix[T]{Data: data, Offset: i*y.strides[0] + g*y.strides[1], RowStride: y.strides[2], ColStride: 1}
					mul(oc/o.Groups, l, k, g, i*l, matrixOf[T](w, g), c, gemm.Options{Threads: 1, Cancelled: Interrupted})
				}
			}
		})
		if err == nil && Interrupted() {
			err = errInterrupted()
		}
		if err != nil {
			return nil, err
		}
		if y, err = y.Reshape(n, oc, out[0], out[1]); err != nil {
			return nil, err
		}
		if bias == nil {
			return y, nil
		}
		b, err := bias.Reshape(oc, 1, 1)
		if err == nil {
			b, err = b.To(y.dtype)
		}
		if err == nil {
			err = AddSpec.ApplyInPlace(y, b)
		}
		return y, err
	}
	buf, err := getScratch[T](oc * n * l)
	if err != nil {
		return nil, err
	}
	defer putScratch(buf)
	prod := scratchTensor(x4.dtype, *buf, o.Groups, oc/o.Groups, n*l) // [O, N·L]
	for g := range o.Groups {
		mul(oc/o.Groups, n*l, k, g, 0, matrixOf[T](w, g), matrixOf[T](prod, g), gemm.Options{Threads: NumThreads(), Cancelled: Interrupted})
		if Interrupted() {
			return nil, errInterrupted()
		}
	}
	var b []T
	if bias != nil {
		bc, err := bias.To(x4.dtype)
		if err == nil {
			bc, err = bc.Contiguous()
		}
		if err != nil {
			return nil, err
		}
		b = bc.storage.data.([]T)[bc.offset : bc.offset+oc]
	}
	if y, err = y.Reshape(n, oc, out[0], out[1]); err != nil {
		return nil, err
	}
	src, dst := prod.storage.data.([]T), y.storage.data.([]T)
	// y[i, c, :] = prod[c, i·L : (i+1)·L] (+ bias[c]), as the unfolded
	// path's product plus the bias added in place.
	err = ParallelFor(n*oc, max(1, GrainSize/max(l, 1)), func(begin, end int) {
		for r := begin; r < end; r++ {
			i, c := r/oc, r%oc
			from := src[(c*n+i)*l : (c*n+i+1)*l]
			to := dst[r*l : (r+1)*l]
			if b == nil {
				copy(to, from)
				continue
			}
			bc := b[c]
			for j, v := range from {
				to[j] = v + bc
			}
		}
	})
	if err != nil {
		return nil, err
	}
	return y, nil
}

// conv2dGradsFolded is Conv2dGrads of x4 [N, C, H, W] and g4 [N, O, oh, ow]
// for float32 and float64; kept, when not nil, are the columns of x4 that
// the forward gathered.
func conv2dGradsFolded[T float32 | float64](x4, weight, g4 *Tensor, kept *Conv2dColumns, o Conv2dOptions, wantX, wantW bool) (gx, gw *Tensor, err error) {
	n, oc := x4.shape[0], weight.shape[0]
	og := oc / o.Groups
	out := [2]int{g4.shape[2], g4.shape[3]}
	kernel := [2]int{weight.shape[2], weight.shape[3]}
	l := out[0] * out[1]
	// The output gradient as [G, O/G, N·L].
	gp, gpBuf, err := foldedGrad[T](g4, o.Groups)
	if err != nil {
		return nil, nil, err
	}
	defer putScratch(gpBuf)
	k := weight.shape[1] * kernel[0] * kernel[1]
	if wantW && kept != nil && kept.nr > 0 {
		// Columns gathered in the GEMM's packed layout (conv2dPacked).
		if gw, err = emptyOutput(x4.dtype, o.Groups, og, k); err != nil {
			return nil, nil, err
		}
		nr := kept.nr
		dot := weightGradByDot && x4.dtype == Float32 && gemm.HasDotKernel(nr)
		err = weightGradMul[T](gw, o.Groups, og, k, n*l, func(g, k0, k1 int, c gemm.Matrix[T], opt gemm.Options) {
			// K from k0 on: the columns' slivers of nr from k0/nr on.
			b := gemm.Packed[T]{Data: kept.cols.storage.data.([]T), Offset: g*k*nr + k0/nr*o.Groups*k*nr, SliverStride: o.Groups * k * nr, NR: nr}
			a := matrixOf[T](gp, g)
			a.Offset += k0 * a.ColStride
			if dot && a.ColStride == 1 && (k1-k0)%nr == 0 {
				gemm.MulTransPackedDot(og, k, k1-k0, any(a).(gemm.Matrix[float32]), any(b).(gemm.Packed[float32]), any(c).(gemm.Matrix[float32]), opt)
				return
			}
			gemm.MulTransPacked(og, k, k1-k0, a, b, c, opt)
		})
		if err != nil {
			return nil, nil, err
		}
		if gw, err = gw.Reshape(weight.shape...); err != nil {
			return nil, nil, err
		}
	} else if wantW {
		var cols *Tensor
		if kept != nil {
			cols = kept.cols
		}
		if cols == nil {
			var buf *[]T
			if cols, buf, err = foldedCols[T](x4, kernel, out, o); err != nil {
				return nil, nil, err
			}
			defer putScratch(buf)
		}
		if err == nil {
			cols, err = cols.Reshape(o.Groups, k, n*l)
		}
		if err != nil {
			return nil, nil, err
		}
		if gw, err = emptyOutput(x4.dtype, o.Groups, og, k); err != nil {
			return nil, nil, err
		}
		err = weightGradMul[T](gw, o.Groups, og, k, n*l, func(g, k0, k1 int, c gemm.Matrix[T], opt gemm.Options) {
			a, b := matrixOf[T](gp, g), transposed(matrixOf[T](cols, g))
			a.Offset += k0 * a.ColStride
			b.Offset += k0 * b.RowStride
			gemm.Mul(og, k, k1-k0, a, b, c, opt)
		})
		if err == nil {
			gw, err = gw.Reshape(weight.shape...)
		}
		if err != nil {
			return nil, nil, err
		}
	}
	if wantX {
		w, err := weight.Reshape(o.Groups, og, k)
		if err != nil {
			return nil, nil, err
		}
		if windowIsImage(x4.shape, kernel, out, o) {
			// The input gradient's columns would be the image: each
			// group's gx[:, g·k : (g+1)·k] = gpᵀ[g]·w[g], written in
			// place, with no columns and no col2im.
			if gx, err = emptyOutput(x4.dtype, x4.shape...); err != nil {
				return nil, nil, err
			}
			data := gx.storage.data.([]T)
			err = groupMul(n, k, og, o.Groups,
				func(g int) gemm.Matrix[T] { return transposed(matrixOf[T](gp, g)) },
				func(g int) gemm.Matrix[T] { return matrixOf[T](w, g) },
				func(g int) gemm.Matrix[T] {
					return gemm.Matrix[T]{Data: data, Offset: g * k, RowStride: o.Groups * k, ColStride: 1}
				})
			if err != nil {
				return nil, nil, err
			}
			return gx, gw, nil
		}
		if n > 1 && l >= col2imImageMinWidth && col2imByImage {
			if gx, err = Zeros(x4.dtype, x4.shape...); err != nil {
				return nil, nil, err
			}
			if err := inputGradByImage[T](w, gp, gx, kernel, out, o); err != nil {
				return nil, nil, err
			}
			return gx, gw, nil
		}
		buf, err := getScratch[T](o.Groups * k * n * l)
		if err != nil {
			return nil, nil, err
		}
		defer putScratch(buf)
		gcols := scratchTensor(x4.dtype, *buf, o.Groups, k, n*l)
		err = groupMul(k, n*l, og, o.Groups,
			func(g int) gemm.Matrix[T] { return transposed(matrixOf[T](w, g)) },
			func(g int) gemm.Matrix[T] { return matrixOf[T](gp, g) },
			func(g int) gemm.Matrix[T] { return matrixOf[T](gcols, g) })
		if err != nil {
			return nil, nil, err
		}
		if gx, err = Zeros(x4.dtype, x4.shape...); err != nil {
			return nil, nil, err
		}
		if err := col2imLoop[T](gcols, gx, kernel, out, o, batchInner(n, out)); err != nil {
			return nil, nil, err
		}
	}
	return gx, gw, nil
}

// The weight gradient of a layer with few weights and a long batch
// (dcgan's first: 16 by 48 weights, K = N·oh·ow = 16,384 at batch 16) is
// a product whose C has a handful of the micro-kernel's tiles: the
// GEMM's split of C among two threads gives each one of B's two slivers,
// and each packs the whole of A, 16 rows by 16,384 (a thread's best call
// at two threads took 589 µs where one thread took 494, BenchmarkDcganOps
// l1/bwd, min-µs). Such a product is cut along K instead, into one range
// a thread, each multiplied on its thread into a C of its own, and the
// partial products added in the order of their ranges: each thread packs
// its share of A and of B once. The sum is rounded differently from one
// thread's walk along K (as PyTorch's, whose reductions also depend on
// its thread count) but does not vary from call to call, and the packed
// and gathered columns cut K alike, so that they agree bit for bit
// (where the packed go by MulTransPacked: not by dot products,
// weightGradByDot).
const (
	// weightGradSmallC is the most elements of a group's C (O/G × K of
	// the weights) that are cut along K.
	weightGradSmallC = 4096
	// weightGradMinPart is the least share of K a thread is given, and
	// the multiple of it at which K is cut (a multiple of every
	// kernel's NR and KC, so that the packed columns' slivers and the
	// GEMM's blocks along K start at a cut).
	weightGradMinPart = 1024
	weightGradCutUnit = 512
)

// weightGradByDot, cleared by tests, makes the weight gradient from
// packed float32 columns go by MulTransPacked's transposing pack where it
// would go by gemm.MulTransPackedDot: the output gradient's rows and the
// columns' runs of nr contracted in place by dot products, with no
// transposed copy of the (cold) columns, rounded in another order (16
// lanes of FMA chains added by a tree) than MulTransPacked's and the
// gathered columns' one chain along N·oh·ow.
var weightGradByDot = true

// weightGradParts returns the number of ranges of K that weightGradMul
// cuts the og×k×width product into at threads threads.
func weightGradParts(og, k, width, threads int) int {
	if threads < 2 || og*k > weightGradSmallC {
		return 1
	}
	return max(1, min(threads, width/weightGradMinPart))
}

// weightGradMul sets gw [G, og, k] to the weight gradient, group by
// group: mul(g, k0, k1, c, opt) must set c to group g's product over the
// range [k0, k1) of K (width in all), on opt.Threads threads. The
// product is one GEMM a group on every thread, or, for a small C
// (weightGradParts), one range of K a thread and the partial products
// added in order.
func weightGradMul[T float32 | float64](gw *Tensor, groups, og, k, width int, mul func(g, k0, k1 int, c gemm.Matrix[T], opt gemm.Options)) error {
	threads := NumThreads()
	parts := weightGradParts(og, k, width, threads)
	if parts == 1 {
		for g := range groups {
			mul(g, 0, width, matrixOf[T](gw, g), gemm.Options{Threads: threads, Cancelled: Interrupted})
			if Interrupted() {
				return errInterrupted()
			}
		}
		return nil
	}
	per := (width + parts - 1) / parts
	per = (per + weightGradCutUnit - 1) / weightGradCutUnit * weightGradCutUnit
	parts = (width + per - 1) / per
	size := groups * og * k
	buf, err := getScratch[T]((parts - 1) * size)
	if err != nil {
		return err
	}
	defer putScratch(buf)
	partial := *buf
	dst := gw.storage.data.([]T)[gw.offset : gw.offset+size]
	if err := ParallelFor(parts, 1, func(begin, end int) {
		for p := begin; p < end && !Interrupted(); p++ {
			c := dst
			if p > 0 {
				c = partial[(p-1)*size : p*size]
			}
			for g := range groups {
				m := gemm.Matrix[T]{Data: c, Offset: g * og * k, RowStride: k, ColStride: 1}
				mul(g, p*per, min((p+1)*per, width), m, gemm.Options{Threads: 1, Cancelled: Interrupted})
			}
		}
	}); err != nil {
		return err
	}
	if Interrupted() {
		return errInterrupted()
	}
	for p := 1; p < parts; p++ {
		part := partial[(p-1)*size : p*size]
		for i := range dst {
			dst[i] += part[i]
		}
	}
	return nil
}

// col2imImageMinWidth is the least oh·ow from which the input gradient
// goes image by image (inputGradByImage), as the forward does from
// foldMaxWidth. CPU time of the input gradient at batch 16, pinned, four
// rounds at load average 24 (BenchmarkConv2dInputGrad): dcgan's second
// layer, 256 outputs an image, 1253–1410 µs through the batch's columns,
// 1077–1265 by image; its third, 64 outputs, 823–914 and 843–965: the
// narrower products repack Wᵀ for every image for little work.
const col2imImageMinWidth = 256

// col2imByImage, cleared by tests, turns inputGradByImage off.
var col2imByImage = true

// inputGradPackedOnce, cleared by tests and benchmarks, makes
// inputGradByImage leave the packing of wᵀ to the GEMM of every image.
var inputGradPackedOnce = true

// inputGradByImage adds to gx [N, C, H, W] (zeros) the input gradient of
// a convolution of weight w [G, O/G, K] whose output gradient is gp
// [G, O/G, N·oh·ow], image by image: the columns of one image, w[g]ᵀ
// times its oh·ow columns of gp[g], go to a scratch matrix of the
// thread's, K·G by oh·ow, and col2im adds them into the image while they
// are in cache, instead of the whole batch's columns (7 MB for dcgan's
// second layer at batch 16) being written and then read back. Each
// element of the columns is the batch product's (the same kernel calls
// along K, which does not depend on the columns' blocking), and each
// input element gets col2im's additions in the same order: gx is the
// batch's bit for bit. The images are shared among the threads, each
// product on one.
func inputGradByImage[T float32 | float64](w, gp, gx *Tensor, kernel, out [2]int, o Conv2dOptions) error {
	n, groups, og, k := gx.shape[0], o.Groups, w.shape[1], w.shape[2]
	l := out[0] * out[1]
	var mu sync.Mutex
	var first error
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if first == nil {
			first = err
		}
	}
	// col2imLoop's walk, its window table computed once for the batch.
	table := windowTable(gx.shape, gx.strides, kernel, out, o, true)
	// Each group's w[g]ᵀ, the A of every image's product, packed once a
	// call rather than by the GEMM of every image (gemm.MulA: the same
	// slivers, the products bit for bit Mul's).
	var wt []*gemm.PackedA[T]
	if inputGradPackedOnce {
		wt = make([]*gemm.PackedA[T], groups)
		for g := range wt {
			wt[g] = gemm.PackA(k, og, transposed(matrixOf[T](w, g)))
		}
	}
	err := ParallelFor(n, 1, func(begin, end int) {
		buf, err := getScratch[T](groups * k * l)
		if err != nil {
			fail(err)
			return
		}
		defer putScratch(buf)
		gcols := scratchTensor(gx.dtype, *buf, groups, k, l)
		for i := begin; i < end && !Interrupted(); i++ {
			for g := range groups {
				b := matrixOf[T](gp, g)
				b.Offset += i * l * b.ColStride
				opt := gemm.Options{Threads: 1, Cancelled: Interrupted}
				if wt != nil {
					gemm.MulA(l, wt[g], b, matrixOf[T](gcols, g), opt)
					continue
				}
				gemm.Mul(k, l, og, transposed(matrixOf[T](w, g)), b, matrixOf[T](gcols, g), opt)
			}
			gxi, err := gx.Narrow(0, i, 1)
			if err == nil && table != nil {
				// On this thread: the images are the threads' shares
				// already, and a nested split of an image's channels
				// would hand the other thread columns in this one's
				// cache (16 parallel regions a step at dcgan's second
				// layer).
				col2imTablePlanes[T](gcols, gxi, kernel, out, o, batchInner(1, out), table)(0, gx.shape[1])
			} else if err == nil {
				err = col2imRows[T](gcols, gxi, kernel, out, o, batchInner(1, out))
			}
			if err != nil {
				fail(err)
				return
			}
		}
	})
	if err == nil {
		err = first
	}
	if err == nil && Interrupted() {
		err = errInterrupted()
	}
	return err
}

// foldedGrad returns the output gradient g4 [N, O, oh, ow] as [G, O/G,
// N·oh·ow], the images side by side in each channel's row, in a scratch
// buffer to give back with putScratch (nil where g4's own storage serves:
// one image). A contiguous g4 is copied as N·O runs of oh·ow, the images
// in parallel; others go through Permute and Contiguous.
func foldedGrad[T float32 | float64](g4 *Tensor, groups int) (*Tensor, *[]T, error) {
	n, oc := g4.shape[0], g4.shape[1]
	l := g4.shape[2] * g4.shape[3]
	if n == 1 || !g4.IsContiguous() {
		gp, err := g4.Permute(1, 0, 2, 3)
		if err == nil {
			gp, err = gp.Contiguous()
		}
		if err == nil {
			gp, err = gp.Reshape(groups, oc/groups, n*l)
		}
		return gp, nil, err
	}
	buf, err := getScratch[T](oc * n * l)
	if err != nil {
		return nil, nil, err
	}
	src, dst := g4.storage.data.([]T)[g4.offset:g4.offset+n*oc*l], *buf
	// dst[c, i·L : (i+1)·L] = g4[i, c, :].
	err = ParallelFor(n*oc, max(1, GrainSize/max(l, 1)), func(begin, end int) {
		for r := begin; r < end; r++ {
			i, c := r/oc, r%oc
			copy(dst[(c*n+i)*l:(c*n+i+1)*l], src[r*l:(r+1)*l])
		}
	})
	if err != nil {
		putScratch(buf)
		return nil, nil, err
	}
	return scratchTensor(g4.dtype, dst, groups, oc/groups, n*l), buf, nil
}

// Conv2dColumns are the unfolded windows of a convolution's input,
// gathered by Conv2dKeep and used again by Conv2dGradsKept for the
// weight gradient, as PyTorch's slow_conv2d before 1.11 kept its finput.
// Their memory is pooled: Release gives it back once no backward pass
// will read them (the autograd node's release); columns never released
// are collected as usual.
type Conv2dColumns struct {
	cols    *Tensor
	shape   []int // the input's, [N, C, H, W]
	release func()
	// nr, when not 0, is the width of the slivers of the GEMM's packed
	// layout in which cols, one dimension, holds the columns
	// (conv2dPacked); 0: cols is the matrix [C·kh·kw, N·oh·ow].
	nr int
}

// Release gives the columns' memory back for reuse; the columns must not
// be used after. It may be called more than once, and on nil.
func (c *Conv2dColumns) Release() {
	if c == nil || c.release == nil {
		return
	}
	c.release()
	c.cols, c.release = nil, nil
}

// keepColumnsRatio is the most elements of the columns, as a multiple of
// the input's, that Conv2dKeep keeps: a kernel no larger than its stride
// squared (dcgan's 4×4 of stride 2: 4). A 3×3 kernel of stride 1 would
// keep nine times its input until the backward, more memory than the
// gather saves; it is gathered again.
const keepColumnsRatio = 4

// Conv2dKeep is Conv2d that also returns the columns it gathered when
// keeping them for the weight gradient is worth their memory: float32
// and float64, at most keepColumnsRatio times the input's size. Otherwise
// the columns are nil.
func Conv2dKeep(x, weight, bias *Tensor, o Conv2dOptions) (*Tensor, *Conv2dColumns, error) {
	y, cols, err := conv2d(x, weight, bias, o, true)
	if err != nil || cols == nil || cols.cols.Numel() > keepColumnsRatio*x.Numel() {
		cols.Release()
		return y, nil, err
	}
	cols.shape = x.Shape()
	return y, cols, nil
}

// Conv2dGradsKept is Conv2dGrads that takes the weight gradient's columns
// from kept (nil, or released: gathered again from x).
func Conv2dGradsKept(x, weight, g *Tensor, kept *Conv2dColumns, o Conv2dOptions, wantX, wantW bool) (gx, gw *Tensor, err error) {
	if kept == nil || kept.cols == nil || kept.cols.dtype != x.dtype || !slices.Equal(kept.shape, x.shape) {
		kept = nil
	}
	return conv2dGrads(x, weight, g, kept, o, wantX, wantW)
}
