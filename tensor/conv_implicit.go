package tensor

import (
	"unsafe"

	"github.com/kael-dev/kael/tensor/internal/gemm"
)

// Implicit GEMM: a convolution's windows gathered straight into the
// GEMM's packed panels of B (gemm.MulPackedB), never stored as columns.
// The forward's B is the columns [C·kh·kw, N·oh·ow] (batchInner): a
// sliver of nr window positions at one row (c, i, j). By phases
// (conv_phase.go), kernel element (i, j) at output (y, x) reads the phase
// plane (i mod s, j mod s) of the padded input at (y + i/s, x + j/s): an
// output row's positions are a contiguous run of a phase plane. The
// planes of the whole batch are split once (one strided pass over the
// input); the packer copies runs of ow, or the sliver's part of one. The
// packed values are the columns', so the products are those of the
// stored columns bit for bit (TestImplicitPackersMatchColumns).
//
// It saves im2col's columns and the packing's copy of them: the forward
// of a 3×3 convolution of stride 1 ([8, 16, 32, 32] by [32, 16, 3, 3])
// 5–8% less CPU. It is taken for float32 and float64 with the same
// stride on both axes and dilation 1, except where the window is the
// whole image (wholeWindow: the columns are the input itself), and where
// the columns are kept for the weight gradient (Conv2dKeep, dcgan's 4×4
// kernels of stride 2): that product's B is the columns transposed, and
// a packer gathering it from the padded input by runs of kw, in Go, cost
// 25–40% more CPU than the stored columns' transposition in assembly
// (docs/performance.md), so the weight gradient always multiplies by
// stored columns, kept or gathered again.

// implicitConv reports whether the convolution of x4 goes by the implicit
// GEMM, and its phase geometry.
func implicitConv(x4 *Tensor, kernel, out [2]int, o Conv2dOptions) (phaseGeometry, bool) {
	if !folded(x4.dtype) || o.Stride[0] != o.Stride[1] || o.Dilation != [2]int{1, 1} || wholeWindow(x4, kernel, out, o) {
		return phaseGeometry{}, false
	}
	return phaseSplit(x4.shape, kernel, out, o)
}

// phasePlanes are the phase planes of every (image, channel) plane of an
// input, plane p's at data[p·g.size():], for the forward's packer.
type phasePlanes[T float32 | float64] struct {
	g        phaseGeometry
	data     []T
	buf      *[]T
	channels int
	perGroup int // input channels of a group
	outs     int // oh·ow
}

// newPhasePlanes splits every plane of x4 [N, C, H, W] into its phases, in
// a scratch buffer that release gives back.
func newPhasePlanes[T float32 | float64](x4 *Tensor, g phaseGeometry, groups int) (*phasePlanes[T], error) {
	n, c := x4.shape[0], x4.shape[1]
	size := g.size()
	if _, err := storageBytes([]int{n * c, size}, x4.dtype.Size()); err != nil {
		return nil, err
	}
	buf, err := getScratch[T](n * c * size)
	if err != nil {
		return nil, err
	}
	src, st := x4.storage.data.([]T), x4.strides
	data := *buf
	err = ParallelFor(n*c, max(1, GrainSize/size), func(begin, end int) {
		for p := begin; p < end; p++ {
			plane := data[p*size : (p+1)*size]
			clear(plane)
			splitPhases(g, plane, src[x4.offset+(p/c)*st[0]+(p%c)*st[1]:], st[2], st[3])
		}
	})
	if err != nil {
		putScratch(buf)
		return nil, err
	}
	return &phasePlanes[T]{g: g, data: data, buf: buf, channels: c, perGroup: c / groups, outs: g.out[0] * g.out[1]}, nil
}

func (pp *phasePlanes[T]) release() { putScratch(pp.buf) }

// maxSliver bounds the micro-kernels' nr that the packers' tables on the
// stack hold (32 at most today); wider slivers take tables on the heap.
const maxSliver = 64

// packer returns the packer of the forward's B for group grp: the columns
// [C/G·kh·kw, N·oh·ow] of the group, from column col0 on.
func (pp *phasePlanes[T]) packer(grp, col0 int) gemm.PackB[T] {
	g := pp.g
	kk := g.kernel[0] * g.kernel[1]
	size, ow, outs := g.size(), g.out[1], pp.outs
	c0 := grp * pp.perGroup
	data := pp.data
	sz := int(unsafe.Sizeof(T(0)))
	return func(dst []T, p0, kc, j0, w, nr int) {
		// A sliver's positions are runs within output rows: where each
		// starts in the sliver (at), its length and its offset in a
		// channel's phase planes (the image's plane and the row).
		var atBuf, lenBuf, offBuf [maxSliver]int
		at, ln, off := atBuf[:0], lenBuf[:0], offBuf[:0]
		for s := 0; s*nr < w; s++ {
			ws := min(nr, w-s*nr)
			at, ln, off = at[:0], ln[:0], off[:0]
			for x, q := 0, col0+j0+s*nr; x < ws; {
				img, r := q/outs, q%outs
				oy, ox := r/ow, r%ow
				run := min(ow-ox, ws-x)
				at, ln = append(at, x), append(ln, run)
				off = append(off, img*pp.channels*size+oy*g.pw+ox)
				x, q = x+run, q+run
			}
			d := dst[s*kc*nr : (s+1)*kc*nr]
			// The runs lie in the planes (TestImplicitPackersMatchColumns
			// checks the geometry): copied by address, unchecked.
			same := sameRuns(ln)
			for p := range kc {
				k := p0 + p
				base := (c0+k/kk)*size + g.runs[k%kk]
				row := d[p*nr : (p+1)*nr]
				src := unsafe.Pointer(&data[base])
				rp := unsafe.Pointer(&row[0])
				if same == 16 {
					for r, x := range at {
						*(*[16]T)(unsafe.Add(rp, x*sz)) = *(*[16]T)(unsafe.Add(src, off[r]*sz))
					}
				} else if same == 4 {
					for r, x := range at {
						*(*[4]T)(unsafe.Add(rp, x*sz)) = *(*[4]T)(unsafe.Add(src, off[r]*sz))
					}
				} else {
					for r, x := range at {
						copyRun(row[x:x+ln[r]], data[base+off[r]:])
					}
				}
				clear(row[ws:])
			}
		}
	}
}

// sameRuns returns the length of every run where they are all 4 or all
// 16 long, else 0.
func sameRuns(ln []int) int {
	if len(ln) == 0 || (ln[0] != 4 && ln[0] != 16) {
		return 0
	}
	for _, n := range ln {
		if n != ln[0] {
			return 0
		}
	}
	return ln[0]
}

// copyRun copies src's first len(dst) elements to dst. The runs of dcgan's
// layers (4, 8, 16 and 32 elements) copy as fixed-size arrays, a few
// moves rather than a call.
func copyRun[T Number](dst, src []T) {
	switch len(dst) {
	case 4:
		*(*[4]T)(dst) = *(*[4]T)(src)
	case 8:
		*(*[8]T)(dst) = *(*[8]T)(src)
	case 16:
		*(*[16]T)(dst) = *(*[16]T)(src)
	case 32:
		*(*[32]T)(dst) = *(*[32]T)(src)
	default:
		copy(dst, src)
	}
}
