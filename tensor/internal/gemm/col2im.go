package gemm

// Col2imS2K4Float32 is the input gradient's col2im of a convolution with
// a 4×4 kernel, stride 2, padding 1 and dilation 1 over an input plane of
// 2·oh rows by 2·ow columns (dcgan's Discriminator), for one (image,
// channel) plane, written without a window table: input row h takes the
// columns of kernel row ky at output row Y where h = 2Y − 1 + ky (two
// (ky, Y) a row, one at the edges), and column w of such a row those of
// kernel column kx at output column X where w = 2X − 1 + kx: an even
// column 2a kx 1 at X = a and kx 3 at a − 1, an odd one 2a + 1 kx 0 at
// a + 1 and kx 2 at a. Each (row, ky) is a pass of contiguous runs of the
// four kernel columns' rows, added with a shift of at most one element:
// dense vectors where the table's scatter-add spreads its runs of stride
// 2 over masked lanes.
//
// p is the plane, rows of 2·ow contiguous; cols holds the plane's 16 rows
// of the columns (kernel element ky·4 + kx), ld apart, each oh·ow
// outputs. passes are (qoff, roff) pairs in order: the pass adds into
// p[qoff:qoff+2·ow] the rows from cols[roff] (kx 0), roff + ld, + 2·ld
// and + 3·ld (kx 3) at its Y. Every element gets its terms in the order
// of the kernel elements, ky then kx, as the table's walk adds them where
// the passes of a row go by ky (Col2imS2K4Passes): the same sums bit for
// bit. It reports false, with nothing added, where the passes do not fit
// p and cols.
func Col2imS2K4Float32(p, cols []float32, ld, ow int, passes []int32) bool {
	if ow <= 0 || ld < 0 || len(passes)%2 != 0 {
		return false
	}
	for i := 0; i < len(passes); i += 2 {
		q, r := int(passes[i]), int(passes[i+1])
		if q < 0 || r < 0 || q > len(p)-2*ow || r > len(cols)-3*ld-ow {
			return false
		}
	}
	if len(passes) == 0 {
		return true
	}
	if col2imS2K4Arch(p, cols, ld, ow, passes) {
		return true
	}
	for i := 0; i < len(passes); i += 2 {
		col2imS2K4Pass(p[passes[i]:][:2*ow], cols[passes[i+1]:], ld, ow)
	}
	return true
}

// col2imS2K4Pass adds one pass: q is the input row, r the pass's kx 0
// row at its Y (kx at r[kx·ld:]).
func col2imS2K4Pass(q, r []float32, ld, ow int) {
	r0, r1, r2, r3 := r[:ow], r[ld:][:ow], r[2*ld:][:ow], r[3*ld:][:ow]
	for a := range ow {
		e := q[2*a] + r1[a]
		if a > 0 {
			e += r3[a-1]
		}
		q[2*a] = e
		o := q[2*a+1]
		if a+1 < ow {
			o += r0[a+1]
		}
		q[2*a+1] = o + r2[a]
	}
}

// Col2imS2K4Passes returns Col2imS2K4Float32's passes for a plane of
// 2·oh rows of 2·ow and the columns' rows ld apart: row 2b takes ky 1 at
// Y = b, then ky 3 at b − 1; row 2b + 1 ky 0 at b + 1, then ky 2 at b.
func Col2imS2K4Passes(oh, ow, ld int) []int32 {
	w := 2 * ow
	passes := make([]int32, 0, 8*oh)
	add := func(h, ky, y int) {
		passes = append(passes, int32(h*w), int32(ky*4*ld+y*ow))
	}
	for b := range oh {
		add(2*b, 1, b)
		if b >= 1 {
			add(2*b, 3, b-1)
		}
		if b+1 < oh {
			add(2*b+1, 0, b+1)
		}
		add(2*b+1, 2, b)
	}
	return passes
}
