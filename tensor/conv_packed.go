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

// packedColsWidth returns the width of the slivers in which the forward
// gathers the columns of x4 (conv2dPacked), and the window table it
// gathers them by, or 0 where they are gathered as a matrix: T float32
// under the vector gathers (gathersInVectors), a window table, and oh·ow a
// multiple of the micro-kernel's width (dcgan's first three layers under
// AVX-512, 1024, 256 and 64 outputs an image against 32; all four under
// AVX2's 16).
func packedColsWidth[T float32 | float64](x4 *Tensor, kernel, out [2]int, o Conv2dOptions) (int, []int32) {
	if !packedColumns || !gathersInVectors[T]() || wholeWindow(x4, kernel, out, o) {
		return 0, nil
	}
	nr := gemm.PackedWidth[T]()
	if l := out[0] * out[1]; l == 0 || l%nr != 0 {
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
	if err := im2colPacked[T](x4, *buf, kernel, out, nr, table); err != nil {
		kept.Release()
		return nil, nil, err
	}
	k := rows / o.Groups
	mul := func(m, n, _, grp, col0 int, a, c gemm.Matrix[T], opt gemm.Options) {
		b := gemm.Packed[T]{Data: *buf, Offset: grp * k * nr, SliverStride: rows * nr, NR: nr}
		gemm.MulPacked(m, n, k, a, b, col0, c, opt)
	}
	y, err := conv2dFoldedCols[T](x4, weight, bias, out, o, mul)
	if err != nil {
		kept.Release()
		return nil, nil, err
	}
	return y, kept, nil
}

// im2colPacked gathers the columns of x4 [N, C, H, W], the matrix
// [C·kh·kw, N·oh·ow] of im2colLoop's batchInner layout, into dst as
// gemm.Packed with slivers of nr (SliverStride C·kh·kw·nr): element
// (r, j) at dst[(j/nr)·C·kh·kw·nr + r·nr + j%nr]. table is windowTable's
// for x4 and oh·ow is a multiple of nr. Each (image, channel) plane is
// gathered run by run: a run is nr outputs of the image, whose kh·kw
// rows of nr are consecutive in one sliver.
func im2colPacked[T float32 | float64](x4 *Tensor, dst []T, kernel, out [2]int, nr int, table []int32) error {
	src := x4.storage.data.([]T)
	st := x4.strides
	channels := x4.shape[1]
	kk, l := kernel[0]*kernel[1], out[0]*out[1]
	rows, runs := channels*kk, l/nr
	// The table by runs: byRun[(r·kk + k)·nr + x] = table[k·l + r·nr + x].
	byRun := make([]int32, len(table))
	for r := range runs {
		for k := range kk {
			copy(byRun[(r*kk+k)*nr:][:nr], table[k*l+r*nr:])
		}
	}
	hi := slices.Max(table)
	return ParallelFor(x4.shape[0]*channels, max(1, GrainSize/len(table)), func(begin, end int) {
		for plane := begin; plane < end; plane++ {
			img, c := plane/channels, plane%channels
			p := src[x4.offset+img*st[0]+c*st[1]:]
			for r := range runs {
				d := dst[(img*runs+r)*rows*nr+c*kk*nr:][:kk*nr]
				idx := byRun[r*kk*nr : (r+1)*kk*nr]
				if gatherFloat32(d, nr, p, idx, hi, kk, nr) {
					continue
				}
				for j, ix := range idx {
					if ix < 0 {
						d[j] = 0
						continue
					}
					d[j] = p[ix]
				}
			}
		}
	})
}
