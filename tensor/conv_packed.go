package tensor

import (
	"slices"

	"github.com/kael-dev/kael/tensor/internal/gemm"
)

// Columns gathered straight into the GEMM's packed layout. The forward
// multiplies the weight [O, C·kh·kw] by the columns [C·kh·kw, N·oh·ow];
// gathered as that matrix, the GEMM then copies every row of them into
// its panels of B (slivers of nr columns, each its rows of nr values in
// turn: gemm.Packed), 7% of dcgan's training step. Where each image's
// oh·ow outputs are whole slivers, a kernel element's run of nr outputs
// of one image is one row of a sliver, so the window table's gathers
// write the panels themselves: the forward's GEMM reads them in place
// (gemm.MulPacked), and the weight gradient, which contracts over
// N·oh·ow, transposes their nr×nr blocks as it transposed the row-major
// columns (gemm.MulTransPacked). The packed values, hence the products,
// are those of the row-major columns bit for bit.

// packedColumns, cleared by tests, turns conv2dPacked off.
var packedColumns = true

// gatherByImage, cleared by tests and benchmarks, makes conv2dPacked
// gather all the columns before the products where it would gather
// each image's just before that image's products.
var gatherByImage = true

// weightPackedOnce, cleared by benchmarks, makes conv2dPacked leave
// the weight's packing to the GEMM of every image (packedWeights).
var weightPackedOnce = true

// packedColsWidth returns the width of the slivers in which the forward
// gathers the columns of x4 (conv2dPacked), and the window table it
// gathers them by, or 0 where they are gathered as a matrix: T float32
// under the vector gathers (gathersInVectors), a window table, and oh·ow a
// multiple of the micro-kernel's width (dcgan's first three layers under
// AVX-512, 1024, 256 and 64 outputs an image against 32; all four under
// AVX2's 16) or a divisor of it with the batch's N·oh·ow a multiple
// (dcgan's fourth under AVX-512, 16 outputs an image: a sliver holds two
// images' runs).
func packedColsWidth[T float32 | float64](x4 *Tensor, kernel, out [2]int, o Conv2dOptions) (int, []int32) {
	if !packedColumns || !gathersInVectors[T]() || wholeWindow(x4, kernel, out, o) {
		return 0, nil
	}
	nr := gemm.PackedWidth[T]()
	if l := out[0] * out[1]; l == 0 || (l%nr != 0 && (nr%l != 0 || x4.shape[0]*l%nr != 0)) {
		return 0, nil
	}
	table := windowTable(x4.shape, x4.strides, kernel, out, o, true)
	if table == nil {
		return 0, nil
	}
	return nr, table
}

// conv2dPacked is conv2dFolded with the columns gathered into slivers of
// nr by table (packedColsWidth), which it returns to the caller.
func conv2dPacked[T float32 | float64](x4, weight, bias *Tensor, out [2]int, o Conv2dOptions, nr int, table []int32) (*Tensor, *Conv2dColumns, error) {
	kernel := [2]int{weight.shape[2], weight.shape[3]}
	rows, width := x4.shape[1]*kernel[0]*kernel[1], x4.shape[0]*out[0]*out[1]
	if _, err := storageBytes([]int{rows, width}, x4.dtype.Size()); err != nil {
		return nil, nil, err
	}
	buf, err := getScratch[T](rows * width)
	if err != nil {
		return nil, nil, err
	}
	kept := &Conv2dColumns{cols: scratchTensor(x4.dtype, *buf, rows*width), nr: nr, release: func() { putScratch(buf) }}
	pg := newPackedGather[T](x4, *buf, kernel, out, nr, table)
	pg.dense = im2colDenseFor[T](x4, kernel, out, o, pg.rw)
	var gatherImage func(img int)
	if gatherByImage && out[0]*out[1] >= foldMaxWidth {
		// conv2dFoldedCols multiplies image by image, the images among
		// the threads: each thread gathers an image's columns just before
		// its products, in one parallel region, while they are in cache.
		gatherImage = pg.image
	} else if err := pg.all(); err != nil {
		kept.Release()
		return nil, nil, err
	}
	k := rows / o.Groups
	weights, err := packedWeights[T](weight, o.Groups, out)
	if err != nil {
		kept.Release()
		return nil, nil, err
	}
	mul := func(m, n, _, grp, col0 int, a, c gemm.Matrix[T], opt gemm.Options) {
		b := gemm.Packed[T]{Data: *buf, Offset: grp * k * nr, SliverStride: rows * nr, NR: nr}
		if weights != nil {
			gemm.MulPackedA(n, weights[grp], b, col0, c, opt)
			return
		}
		gemm.MulPacked(m, n, k, a, b, col0, c, opt)
	}
	y, err := conv2dFoldedCols[T](x4, weight, bias, out, o, mul, gatherImage)
	if err != nil {
		kept.Release()
		return nil, nil, err
	}
	return y, kept, nil
}

// im2colDense, cleared by tests and benchmarks, turns im2colDenseFor
// off: conv2dPacked then gathers dcgan's columns by table too.
var im2colDense = true

// im2colDenseFor reports whether conv2dPacked gathers the runs of rw
// outputs of x4 [N, C, H, W] by gemm.Im2colS2K4Float32: T float32 under
// AVX-512, a 4×4 kernel, stride 2, padding 1, dilation 1, H and W twice
// the output's, rows of the planes contiguous and runs of whole output
// rows (dcgan's Discriminator, all four layers). Each input row is then
// loaded once and split into its even and odd columns for the four
// kernel columns, where the table's gathers fetch every element alone:
// the same copies. CPU time: docs/performance.md, "dcgan's im2col by
// dense runs".
func im2colDenseFor[T float32 | float64](x4 *Tensor, kernel, out [2]int, o Conv2dOptions, rw int) bool {
	var zero T
	if _, ok := any(zero).(float32); !ok || !im2colDense || gemm.Impl() != "avx512" {
		return false
	}
	st := x4.strides
	return kernel == [2]int{4, 4} && o.Stride == [2]int{2, 2} && o.Dilation == [2]int{1, 1} && o.Padding == [4]int{1, 1, 1, 1} &&
		x4.shape[2] == 2*out[0] && x4.shape[3] == 2*out[1] && st[3] == 1 && st[2] == x4.shape[3] && out[1] > 0 && rw%out[1] == 0
}

// packedWeights returns each group's weight matrix [O/G, C/G·kh·kw]
// packed once for the GEMM (gemm.PackA), where conv2dFoldedCols
// multiplies image by image (oh·ow of foldMaxWidth or more): the GEMM
// would otherwise pack the same weight for every image (dcgan's first
// two layers, 16 of them a batch), whether the columns are gathered
// packed (conv2dPacked: gemm.MulPackedA), as a matrix (gemm.MulA) or by
// the implicit GEMM's packer (gemm.MulPackedAB). Elsewhere, one product
// takes the whole batch and packs the weight once itself; it returns nil.
func packedWeights[T float32 | float64](weight *Tensor, groups int, out [2]int) ([]*gemm.PackedA[T], error) {
	if !weightPackedOnce || out[0]*out[1] < foldMaxWidth {
		return nil, nil
	}
	w, err := weight.Reshape(groups, weight.shape[0]/groups, -1) // [G, O/G, K]
	if err != nil {
		return nil, err
	}
	packed := make([]*gemm.PackedA[T], groups)
	for g := range packed {
		packed[g] = gemm.PackA(w.shape[1], w.shape[2], matrixOf[T](w, g))
	}
	return packed, nil
}

// im2colPacked gathers the columns of x4 [N, C, H, W], the matrix
// [C·kh·kw, N·oh·ow] of im2colLoop's batchInner layout, into dst as
// gemm.Packed with slivers of nr (SliverStride C·kh·kw·nr): element
// (r, j) at dst[(j/nr)·C·kh·kw·nr + r·nr + j%nr]. table is windowTable's
// for x4 and oh·ow is a multiple of nr.
func im2colPacked[T float32 | float64](x4 *Tensor, dst []T, kernel, out [2]int, nr int, table []int32) error {
	return newPackedGather[T](x4, dst, kernel, out, nr, table).all()
}

// packedGather is im2colPacked's walk: each (image, channel) plane is
// gathered run by run, where a run is rw = min(nr, oh·ow) outputs of the
// image, whose kh·kw rows of rw are nr apart in one sliver (consecutive
// where rw is nr; where oh·ow divides nr, a sliver holds nr/oh·ow
// images' runs side by side).
type packedGather[T float32 | float64] struct {
	x4                 *Tensor
	src, dst           []T
	channels, kk       int
	rows, runs, nr, rw int
	l                  int // outputs an image, oh·ow
	out                [2]int
	dense              bool    // runs by gemm.Im2colS2K4Float32 (im2colDenseFor)
	byRun              []int32 // the table by runs: byRun[(r·kk + k)·rw + x] = table[k·l + r·rw + x]
	tableLen           int
	hi                 int32 // the table's largest offset
}

// newPackedGather prepares im2colPacked's walk of x4 into dst.
func newPackedGather[T float32 | float64](x4 *Tensor, dst []T, kernel, out [2]int, nr int, table []int32) *packedGather[T] {
	channels := x4.shape[1]
	kk, l := kernel[0]*kernel[1], out[0]*out[1]
	rw := min(nr, l)
	pg := &packedGather[T]{x4: x4, src: x4.storage.data.([]T), dst: dst, channels: channels, kk: kk,
		rows: channels * kk, runs: l / rw, nr: nr, rw: rw, l: l, out: out, byRun: make([]int32, len(table)), tableLen: len(table), hi: slices.Max(table)}
	for r := range pg.runs {
		for k := range kk {
			copy(pg.byRun[(r*kk+k)*rw:][:rw], table[k*l+r*rw:])
		}
	}
	return pg
}

// all gathers every image, the planes among the threads.
func (pg *packedGather[T]) all() error {
	return ParallelFor(pg.x4.shape[0]*pg.channels, max(1, GrainSize/pg.tableLen), func(begin, end int) {
		for plane := begin; plane < end; plane++ {
			pg.plane(plane/pg.channels, plane%pg.channels)
		}
	})
}

// image gathers every channel of image img on the calling thread.
func (pg *packedGather[T]) image(img int) {
	for c := range pg.channels {
		pg.plane(img, c)
	}
}

// plane gathers channel c of image img.
func (pg *packedGather[T]) plane(img, c int) {
	st, nr, rw, kk := pg.x4.strides, pg.nr, pg.rw, pg.kk
	p := pg.src[pg.x4.offset+img*st[0]+c*st[1]:]
	for r := range pg.runs {
		// The run's first output, j of the batch's N·oh·ow: sliver j/nr,
		// column j%nr of it.
		j := img*pg.l + r*rw
		base := (j/nr)*pg.rows*nr + c*kk*nr
		d := pg.dst[base+j%nr : base+kk*nr]
		if pg.dense && gemm.Im2colS2K4Float32(any(d).([]float32), nr, any(p).([]float32), pg.out[0], pg.out[1], r*rw/pg.out[1], rw/pg.out[1]) {
			continue
		}
		idx := pg.byRun[r*kk*rw : (r+1)*kk*rw]
		if gatherFloat32(d, nr, p, idx, pg.hi, kk, rw) {
			continue
		}
		for q, ix := range idx {
			at := q/rw*nr + q%rw
			if ix < 0 {
				d[at] = 0
				continue
			}
			d[at] = p[ix]
		}
	}
}
