package gemm

import "unsafe"

// genericKernel is the portable 2×4 micro-kernel (see kernelFunc). It is
// this small so that its accumulators stay in registers on amd64.
func genericKernel[T float32 | float64](k int, a, b, c *T, ldc int, acc bool) {
	as := unsafe.Slice(a, 2*k)
	bs := unsafe.Slice(b, 4*k)
	var c00, c01, c02, c03, c10, c11, c12, c13 T
	for p := range k {
		ap, bp := as[2*p:2*p+2:2*p+2], bs[4*p:4*p+4:4*p+4]
		a0, a1 := ap[0], ap[1]
		b0, b1, b2, b3 := bp[0], bp[1], bp[2], bp[3]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
	}
	c0 := unsafe.Slice(c, 4)
	c1 := unsafe.Slice((*T)(unsafe.Add(unsafe.Pointer(c), ldc*int(unsafe.Sizeof(*c)))), 4)
	if acc {
		c00, c01, c02, c03 = c00+c0[0], c01+c0[1], c02+c0[2], c03+c0[3]
		c10, c11, c12, c13 = c10+c1[0], c11+c1[1], c12+c1[2], c13+c1[3]
	}
	c0[0], c0[1], c0[2], c0[3] = c00, c01, c02, c03
	c1[0], c1[1], c1[2], c1[3] = c10, c11, c12, c13
}
