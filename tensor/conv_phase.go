package tensor

// The windows of a strided convolution by phases, for kernels larger than
// their stride (dcgan's 4×4 of stride 2). With stride s, the input element
// under kernel element (i, j) at output (y, x) is padded(x)[s·y + i,
// s·x + j]: the phase plane (i mod s, j mod s) of the padded input, the
// elements whose row and column are congruent to i and j modulo s, at
// (y + i/s, x + j/s). So each (image, channel) plane is first split into
// its s² phase planes, padding included (one strided pass over the
// input), and then every kernel element's oh·ow window positions are oh
// contiguous runs of ow elements of one phase plane: copies, where the
// row walk (im2colRows) and the table (im2colTable) read element by
// element with a stride or an index and a padding test. A kernel element
// of dcgan's reads a quarter of its plane, so the strided pass is a
// quarter of the gather's elements and the copies the rest. The values
// are the row walk's. CPU time of dcgan's gathers into reused columns
// (batch 16, one thread, load average 22–30; docs/performance.md): the
// first layer (32 outputs a row, by rows before) 320–390 → 185–210 µs,
// the second (16, by table before) 710–840 → 390–480 µs. With 8 or 4
// outputs a row, the runs are too short to gain on the table's overhead
// (the third layer the same, the fourth a half slower): the table keeps
// those. col2im backwards by phases (split, add the runs, merge back) was
// slower than by table on all four layers, and was not kept. Since
// 2026-12-06 float32's table runs in vector gathers where AVX-512 or AVX2
// is in use, faster than the phases on dcgan's rows of 32 and 16 too
// (gathersInVectors): the phases serve the other dtypes, the Go loop
// (KAEL_ISA=generic), and the implicit GEMM's packer.

// phaseGeometry is the split of a plane into phases, with what the walks
// would otherwise divide by the stride for again and again.
type phaseGeometry struct {
	s              int // the stride, both axes
	ph, pw         int // a phase plane's rows and columns
	kernel, out    [2]int
	top, left      int
	planeH, planeW int // the input plane's
	// rows[a] and cols[b] are the ranges [lo, hi) of a phase plane's rows
	// and columns that fall in the input for phase (a, b); runs[k] is
	// where kernel element k's window runs start in the phase planes.
	rows, cols [][2]int
	runs       []int
}

// phasesMinWidth is the fewest outputs a row for which im2col goes by
// phases.
const phasesMinWidth = 16

// phases returns the phase geometry of a convolution of an input of shape
// [N, C, H, W], or false where the row walk or the table is as good:
// phases need the same stride on both axes, dilation 1, a kernel of at
// least twice the stride's area in elements (each element of a phase
// plane then read twice or more) and rows of phasesMinWidth outputs.
func phases(shape []int, kernel, out [2]int, o Conv2dOptions) (phaseGeometry, bool) {
	s := o.Stride[0]
	if s < 2 || o.Stride[1] != s || o.Dilation != [2]int{1, 1} || kernel[0]*kernel[1] < 2*s*s {
		return phaseGeometry{}, false
	}
	if out[1] < phasesMinWidth {
		return phaseGeometry{}, false
	}
	return phaseSplit(shape, kernel, out, o)
}

// phaseSplit returns the phase geometry of a convolution of an input of
// shape [N, C, H, W] whose stride is the same on both axes and whose
// dilation is 1, or false for an empty input or output.
func phaseSplit(shape []int, kernel, out [2]int, o Conv2dOptions) (phaseGeometry, bool) {
	s := o.Stride[0]
	if out[0] <= 0 || out[1] <= 0 || shape[2] <= 0 || shape[3] <= 0 {
		return phaseGeometry{}, false
	}
	g := phaseGeometry{
		s: s, ph: out[0] + (kernel[0]-1)/s, pw: out[1] + (kernel[1]-1)/s,
		kernel: kernel, out: out, top: o.Padding[0], left: o.Padding[2],
		planeH: shape[2], planeW: shape[3],
	}
	for a := range s {
		lo, hi := validRange(a-g.top, s, g.planeH, g.ph)
		g.rows = append(g.rows, [2]int{lo, hi})
		lo, hi = validRange(a-g.left, s, g.planeW, g.pw)
		g.cols = append(g.cols, [2]int{lo, hi})
	}
	n := g.ph * g.pw
	for i := range kernel[0] {
		for j := range kernel[1] {
			g.runs = append(g.runs, ((i%s)*s+j%s)*n+(i/s)*g.pw+j/s)
		}
	}
	return g, true
}

// size returns the elements of the s² phase planes.
func (g phaseGeometry) size() int { return g.s * g.s * g.ph * g.pw }

// splitPhases writes the phase planes of the input plane p (strides sh,
// sw) into dst: phase (a, b) at dst[(a·s + b)·ph·pw:]. It writes only the
// elements that fall in the input: those on the padding are the same for
// every plane, so a buffer cleared once keeps them zero.
func splitPhases[T Number](g phaseGeometry, dst, p []T, sh, sw int) {
	n := g.ph * g.pw
	step := g.s * sw
	for a := range g.s {
		rlo, rhi := g.rows[a][0], g.rows[a][1]
		for b := range g.s {
			plane := dst[(a*g.s+b)*n:][:n]
			clo, chi := g.cols[b][0], g.cols[b][1]
			if chi <= clo {
				continue
			}
			for yy := rlo; yy < rhi; yy++ {
				// Input row s·yy + a − top, column s·clo + b − left.
				gather(plane[yy*g.pw+clo:yy*g.pw+chi], p[(g.s*yy+a-g.top)*sh+(g.s*clo+b-g.left)*sw:], step)
			}
		}
	}
}

// copyRuns copies rows runs of width elements, from src with a row
// stride of ld, to dst contiguous. Runs of 16 and 32 (dcgan's second and
// first layers) copy as fixed-size arrays, a few moves rather than a
// call of memmove (the first layer's gather is 24 576 runs of 32).
func copyRuns[T Number](dst, src []T, rows, width, ld int) {
	switch width {
	case 16:
		for y := range rows {
			*(*[16]T)(dst[y*16:]) = *(*[16]T)(src[y*ld:])
		}
	case 32:
		for y := range rows {
			*(*[32]T)(dst[y*32:]) = *(*[32]T)(src[y*ld:])
		}
	default:
		for y := range rows {
			copy(dst[y*width:(y+1)*width], src[y*ld:])
		}
	}
}

// im2colPhases is im2colLoop by phases.
func im2colPhases[T Number](x, cols *Tensor, g phaseGeometry, l colsLayout) error {
	src := x.storage.data.([]T)
	dst := cols.storage.data.([]T)[cols.offset:]
	st := x.strides
	channels := x.shape[1]
	kh, kw := g.kernel[0], g.kernel[1]
	oh, ow := g.out[0], g.out[1]
	perPlane := kh * kw * oh * ow
	return ParallelFor(x.shape[0]*channels, max(1, GrainSize/perPlane), func(begin, end int) {
		buf := make([]T, g.size())
		for plane := begin; plane < end; plane++ {
			img, c := plane/channels, plane%channels
			splitPhases(g, buf, src[x.offset+img*st[0]+c*st[1]:], st[2], st[3])
			r := c * kh * kw
			for k, at := range g.runs {
				copyRuns(dst[img*l.Image+(r+k)*l.Row:][:oh*ow], buf[at:], oh, ow, g.pw)
			}
		}
	})
}
