package tensor

import (
	"math"
	"slices"
	"sync"

	"github.com/kael-dev/kael/tensor/internal/gemm"
	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// The windows of a convolution by table, for the shapes whose rows of
// columns are short or strided (the downsampling layers of a CNN: dcgan's
// 4×4 kernels of stride 2 on 32×32 to 8×8 outputs). im2colLoop and
// col2imLoop walk the output row by row, so each row of oh·ow outputs pays
// for its bounds, its padding and a call; with 8 or 4 outputs a row, that
// overhead cost more than the copy (figures at windowTable). Here the offsets of every window
// element in an input plane are computed once per call, kh·kw·oh·ow of
// them (−1 for the padding), and each (image, channel) plane is then one
// flat loop per kernel element. The values and the order of the additions
// are those of the row walk.

// windowTableMaxLen is the most entries a table may have (4 MiB).
const windowTableMaxLen = 1 << 20

// windowTable returns, for an input of shape [N, C, H, W] and strides
// strides, the offset within a plane of the input element under kernel
// element (i, j) at output (y, x), at index ((i·kw + j)·oh + y)·ow + x, or
// −1 where the window covers the padding. It returns nil where the row
// walk is as good, where the table would be large, or where offsets would
// not fit in an int32. The row walk is kept for contiguous rows (stride 1)
// of at least 16 outputs, and for im2col (scatter false) also for strided
// rows of at least 32. CPU time an element, hot caches, dcgan's layers
// with 32, 16, 8 and 4 outputs a row (stride 2): im2col by rows 0.39,
// 0.57, 0.87, 1.48 ns, by table 0.41, 0.46, 0.50, 0.56 ns; col2im by rows
// 0.52, 0.66, 0.80, 1.20 ns, by table 0.48, 0.56, 0.50, 0.52 ns.
func windowTable(shape, strides []int, kernel, out [2]int, o Conv2dOptions, scatter bool) []int32 {
	h, w := shape[2], shape[3]
	sh, sw := strides[2], strides[3]
	l := out[0] * out[1]
	if l <= 0 || kernel[0] <= 0 || kernel[1] <= 0 || kernel[0]*kernel[1]*l > windowTableMaxLen {
		return nil
	}
	if o.Stride[1]*sw == 1 && out[1] >= 16 || !scatter && out[1] >= 32 {
		return nil
	}
	if sh < 0 || sw < 0 || (h-1)*sh+(w-1)*sw > math.MaxInt32 {
		return nil
	}
	key := windowKey{h, w, sh, sw, kernel, out, o.Stride, o.Dilation, o.Padding[0], o.Padding[2]}
	if t := windowTables.get(key); t != nil {
		return t
	}
	table := buildWindowTable(key)
	if len(table) <= windowCacheMaxLen {
		windowTables.put(key, table)
	}
	return table
}

// windowKey is what a window table depends on: the input plane's size
// and strides, the kernel, the output, stride, dilation and the padding
// above and to the left.
type windowKey struct {
	h, w, sh, sw     int
	kernel, out      [2]int
	stride, dilation [2]int
	top, left        int
}

// windowCacheMaxLen is the most entries of a table windowTables keeps
// (256 KiB); windowCacheSize the tables it keeps.
const (
	windowCacheMaxLen = 1 << 16
	windowCacheSize   = 16
)

// windowTables keeps the tables last built (read only once built: the
// gathers and scatters only read them), so that a training step's
// convolutions, which ask for the same few tables at every call (dcgan's
// forward and backward of four layers), do not build them again: 1.5 %
// of dcgan's step.
var windowTables windowCache

// windowCache is a small cache of window tables, replaced in turn.
type windowCache struct {
	mu     sync.Mutex
	keys   [windowCacheSize]windowKey
	tables [windowCacheSize][]int32
	next   int
}

// get returns the table kept for key, or nil.
func (c *windowCache) get(key windowKey) []int32 {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, k := range c.keys {
		if c.tables[i] != nil && k == key {
			return c.tables[i]
		}
	}
	return nil
}

// put keeps table for key in place of the oldest.
func (c *windowCache) put(key windowKey, table []int32) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.keys[c.next], c.tables[c.next] = key, table
	c.next = (c.next + 1) % windowCacheSize
}

// buildWindowTable builds windowTable's table for key.
func buildWindowTable(k windowKey) []int32 {
	h, w, sh, sw, kernel, out, top, left := k.h, k.w, k.sh, k.sw, k.kernel, k.out, k.top, k.left
	o := Conv2dOptions{Stride: k.stride, Dilation: k.dilation}
	table := make([]int32, 0, kernel[0]*kernel[1]*out[0]*out[1])
	for ki := range kernel[0] {
		for kj := range kernel[1] {
			for y := range out[0] {
				iy := y*o.Stride[0] + ki*o.Dilation[0] - top
				for x := range out[1] {
					ix := x*o.Stride[1] + kj*o.Dilation[1] - left
					if iy < 0 || iy >= h || ix < 0 || ix >= w {
						table = append(table, -1)
						continue
					}
					table = append(table, int32(iy*sh+ix*sw))
				}
			}
		}
	}
	return table
}

// im2colTable is im2colLoop by table.
func im2colTable[T Number](x, cols *Tensor, kernel, out [2]int, l colsLayout, table []int32) error {
	src := x.storage.data.([]T)
	dst := cols.storage.data.([]T)[cols.offset:]
	st := x.strides
	channels := x.shape[1]
	kk, n := kernel[0]*kernel[1], out[0]*out[1]
	hi := slices.Max(table)
	return ParallelFor(x.shape[0]*channels, max(1, GrainSize/len(table)), func(begin, end int) {
		for plane := begin; plane < end; plane++ {
			// Image by image: batch first (planeOf) gained on the
			// fourth layer of dcgan (runs of 16: 210–240 → 154–168 µs
			// of CPU, load average 17–24) but lost as much on the
			// third (runs of 64: 253–307 → 316–370 µs).
			img, c := plane/channels, plane%channels
			p := src[x.offset+img*st[0]+c*st[1]:]
			if gatherFloat32(dst[img*l.Image+c*kk*l.Row:], l.Row, p, table, hi, kk, n) {
				continue
			}
			for k := range kk {
				row := dst[img*l.Image+(c*kk+k)*l.Row:][:n]
				idx := table[k*n : (k+1)*n]
				row = row[:len(idx)]
				for j, ix := range idx {
					if ix < 0 {
						row[j] = 0
						continue
					}
					row[j] = p[ix]
				}
			}
		}
	})
}

// col2imTable is col2imLoop by table: the same additions in the same order.
func col2imTable[T Number](src, dst *Tensor, kernel, out [2]int, o Conv2dOptions, l colsLayout, table []int32) error {
	return ParallelFor(dst.shape[0]*dst.shape[1], max(1, GrainSize/len(table)), col2imTablePlanes[T](src, dst, kernel, out, o, l, table))
}

// col2imDense, cleared by tests and benchmarks, turns col2imS2K4Rows
// off: col2imTablePlanes then takes dcgan's planes by table too.
var col2imDense = true

// col2imDenseMinWidth is the fewest outputs a row that col2im takes by
// dense passes: with 4 (dcgan's fourth layer, input rows of 8) a row's
// turn is a quarter of a vector, and the table's scalar loop is as fast
// (BenchmarkWindowTable l4, CPU µs: 130–138 by table, 138–146 by passes).
const col2imDenseMinWidth = 8

// col2imS2K4Rows returns gemm.Col2imS2K4Float32's rows for the
// planes of dst, contiguous [N, C, H, W], whose columns' rows are ld
// apart, where T is float32 under AVX-512, the kernel 4×4, stride 2,
// padding 1, dilation 1, H, W twice the output's and rows of at least
// col2imDenseMinWidth outputs (dcgan's second and third layers of the
// Discriminator); nil elsewhere. Each input row there takes two kernel
// rows at one output row each, each input column two kernel columns at
// outputs one apart: contiguous runs, shifted by at most one, that the
// kernel adds in dense vectors where the table's scatter spreads runs of
// stride 2 over masked lanes, the additions of each element in the
// table's order (kernel element by kernel element), bit for bit. CPU
// time: docs/performance.md, "dcgan's col2im by dense passes".
func col2imS2K4Rows[T Number](dst *Tensor, kernel, out [2]int, o Conv2dOptions, ld int) []int32 {
	var zero T
	if _, ok := any(zero).(float32); !ok || !col2imDense || gemm.Impl() != "avx512" {
		return nil
	}
	st := dst.strides
	if kernel != [2]int{4, 4} || o.Stride != [2]int{2, 2} || o.Dilation != [2]int{1, 1} || o.Padding != [4]int{1, 1, 1, 1} ||
		dst.shape[2] != 2*out[0] || dst.shape[3] != 2*out[1] || st[3] != 1 || st[2] != dst.shape[3] || out[0] == 0 || out[1] < col2imDenseMinWidth {
		return nil
	}
	return gemm.Col2imS2K4Rows(out[0], out[1], ld)
}

// col2imTablePlanes returns col2imTable's work on the (image, channel)
// planes [begin, end) of dst, for a caller that shares the planes among
// the threads (col2imTable) or runs them all on its own thread
// (inputGradByImage, whose images are already shared among them).
func col2imTablePlanes[T Number](src, dst *Tensor, kernel, out [2]int, o Conv2dOptions, l colsLayout, table []int32) func(begin, end int) {
	s := src.storage.data.([]T)[src.offset:]
	d := dst.storage.data.([]T)
	st := dst.strides
	images, channels := dst.shape[0], dst.shape[1]
	kk, n := kernel[0]*kernel[1], out[0]*out[1]
	hi := slices.Max(table)
	// The scatter needs a kernel element's offsets to differ: rows of
	// the plane one after the other, as the fresh images of col2im.
	vector := st[3] == 1 && st[2] == dst.shape[3]
	rows := col2imS2K4Rows[T](dst, kernel, out, o, l.Row)
	return func(begin, end int) {
		for plane := begin; plane < end; plane++ {
			// Batch first whatever the runs (planeOf): CPU time of
			// dcgan's col2im, second to fourth layers (load average
			// 20–24), 827–893 → 671–734, 441–465 → 296–360 and
			// 343–355 → 159–170 µs.
			img, c := planeOf(plane, images, channels, l.Image < l.Row)
			p := d[dst.offset+img*st[0]+c*st[1]:]
			if rows != nil && gemm.Col2imS2K4Float32(any(p).([]float32), any(s[img*l.Image+c*kk*l.Row:]).([]float32), l.Row, out[1], rows) {
				continue
			}
			if vector && scatterAddFloat32(p, s[img*l.Image+c*kk*l.Row:], l.Row, table, hi, kk, n) {
				continue
			}
			for k := range kk {
				row := s[img*l.Image+(c*kk+k)*l.Row:][:n]
				idx := table[k*n : (k+1)*n]
				row = row[:len(idx)]
				for j, ix := range idx {
					if ix >= 0 {
						p[ix] += row[j]
					}
				}
			}
		}
	}
}

// planeOf returns the image and channel of the plane-th (image, channel)
// plane of a walk over columns: image by image, or, when batchFirst,
// channel by channel with the batch inner. In the layout batchInner a
// plane's columns are runs of oh·ow elements a row of the columns apart,
// and the images' runs of a row side by side: taking the batch first
// walks the columns from start to end. That pays where the runs are
// short: col2imTable.
func planeOf(plane, images, channels int, batchFirst bool) (img, c int) {
	if batchFirst {
		return plane % images, plane / images
	}
	return plane / channels, plane % channels
}

// gathersInVectors reports whether im2colTable's walk of T goes by
// vecmath's vector gathers (float32 where AVX-512 or AVX2 is in use).
// Those take dcgan's strided rows of 32 and 16 outputs (its first two
// layers) by table in less time than by phases (conv_phase.go), which
// the Go loop does not: CPU time a gather of the batch of 16, pinned,
// load average 14 (BenchmarkWindowTable's layout), 280 → 220 µs and
// 525 → 260 µs.
func gathersInVectors[T Number]() bool {
	var zero T
	_, ok := any(zero).(float32)
	return ok && vecmath.GathersInVectors()
}

// gatherFloat32 is im2colTable's walk of one plane p into its kk rows
// of n columns, ld apart, in dst, by vecmath's gathers (AVX-512 or AVX2,
// the same values), for float32; it reports false for other dtypes, and
// where vecmath refuses the arguments, with nothing written. hi is the
// table's largest offset. Its rows of oh·ow (dcgan's third and fourth
// layers: 64 and 16) are whole vectors of the gathers.
func gatherFloat32[T Number](dst []T, ld int, p []T, table []int32, hi int32, kk, n int) bool {
	d, ok := any(dst).([]float32)
	if !ok {
		return false
	}
	return vecmath.GatherRowsFloat32(d, ld, any(p).([]float32), table, hi, kk, n)
}

// scatterAddFloat32 is col2imTable's walk of one plane, src's kk rows of
// n columns, ld apart, added into the plane p by vecmath's kernels
// (AVX-512's runs of stride 2 in masked vectors, other indices and AVX2
// in a scalar loop without bounds checks), the same additions in the
// same order; false as gatherFloat32.
func scatterAddFloat32[T Number](p, src []T, ld int, table []int32, hi int32, kk, n int) bool {
	d, ok := any(p).([]float32)
	if !ok {
		return false
	}
	return vecmath.ScatterAddRowsFloat32(d, any(src).([]float32), ld, table, hi, kk, n)
}
