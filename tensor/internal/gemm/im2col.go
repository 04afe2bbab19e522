package gemm

// Im2colS2K4Float32 gathers the windows of a convolution with a 4×4
// kernel, stride 2, padding 1 and dilation 1 over an input plane p of
// 2·oh rows of 2·ow contiguous (dcgan's Discriminator) at the output rows
// [y0, y0+ny), without a window table: row k = ky·4 + kx of dst (rows ld
// apart) gets at (y − y0)·ow + X the input element p[2y − 1 + ky,
// 2X − 1 + kx], 0 outside the plane. Each input row read is split into
// its even and odd columns once for the four kernel columns: kx 1 takes
// the even at X, kx 3 the even at X + 1, kx 0 the odd at X − 1, kx 2 the
// odd at X, so the vector kernel copies contiguous runs where the
// table's gathers fetch element by element. The values are copies, the
// table's bit for bit. It reports false, with nothing written, where the
// arguments do not fit.
func Im2colS2K4Float32(dst []float32, ld int, p []float32, oh, ow, y0, ny int) bool {
	if ow <= 0 || oh <= 0 || y0 < 0 || ny <= 0 || y0+ny > oh || ld < ny*ow ||
		len(p) < 4*oh*ow || len(dst) < 15*ld+ny*ow {
		return false
	}
	if im2colS2K4Arch(dst, ld, p, oh, ow, y0, ny) {
		return true
	}
	w := 2 * ow
	for ky := range 4 {
		for y := y0; y < y0+ny; y++ {
			iy := 2*y - 1 + ky
			for kx := range 4 {
				row := dst[(ky*4+kx)*ld+(y-y0)*ow:][:ow]
				for x := range row {
					ix := 2*x - 1 + kx
					if iy < 0 || iy >= 2*oh || ix < 0 || ix >= w {
						row[x] = 0
						continue
					}
					row[x] = p[iy*w+ix]
				}
			}
		}
	}
	return true
}
