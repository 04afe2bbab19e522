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
// outputs. rows are (qoff, r1, r2) triples, an input row each: the row
// p[qoff:qoff+2·ow] gains the pass of the kx 0 row at cols[r1] (kx at
// r1 + kx·ld), then, where r2 is not negative, the pass at r2. Every
// element gets its terms in the order of the kernel elements, ky then
// kx, as the table's walk adds them where a row's passes go by ky
// (Col2imS2K4Rows): the same sums bit for bit. It reports false, with
// nothing added, where the rows do not fit p and cols.
func Col2imS2K4Float32(p, cols []float32, ld, ow int, rows []int32) bool {
	if ow <= 0 || ld < 0 || len(rows)%3 != 0 {
		return false
	}
	fits := func(r int) bool { return r >= 0 && r <= len(cols)-3*ld-ow }
	for i := 0; i < len(rows); i += 3 {
		q, r1, r2 := int(rows[i]), int(rows[i+1]), int(rows[i+2])
		if q < 0 || q > len(p)-2*ow || !fits(r1) || (r2 >= 0 && !fits(r2)) {
			return false
		}
	}
	if len(rows) == 0 {
		return true
	}
	if col2imS2K4Arch(p, cols, ld, ow, rows) {
		return true
	}
	for i := 0; i < len(rows); i += 3 {
		q := p[rows[i]:][:2*ow]
		col2imS2K4Pass(q, cols[rows[i+1]:], ld, ow)
		if rows[i+2] >= 0 {
			col2imS2K4Pass(q, cols[rows[i+2]:], ld, ow)
		}
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

// Col2imS2K4Rows returns Col2imS2K4Float32's rows for a plane of 2·oh
// rows of 2·ow and the columns' rows ld apart: row 2b takes ky 1 at
// Y = b, then ky 3 at b − 1; row 2b + 1 ky 0 at b + 1, then ky 2 at b.
func Col2imS2K4Rows(oh, ow, ld int) []int32 {
	w := 2 * ow
	rows := make([]int32, 0, 6*oh)
	at := func(ky, y int) int32 { return int32(ky*4*ld + y*ow) }
	for b := range oh {
		second := int32(-1)
		if b >= 1 {
			second = at(3, b-1)
		}
		rows = append(rows, int32(2*b*w), at(1, b), second)
		if b+1 < oh {
			rows = append(rows, int32((2*b+1)*w), at(0, b+1), at(2, b))
		} else {
			rows = append(rows, int32((2*b+1)*w), at(2, b), -1)
		}
	}
	return rows
}
