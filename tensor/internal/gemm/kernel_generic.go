package gemm

import "unsafe"

// genericKernel is the portable 4×4 micro-kernel (see kernelFunc).
func genericKernel[T float32 | float64](k int, a, b, c *T, ldc int, acc bool) {
	as := unsafe.Slice(a, 4*k)
	bs := unsafe.Slice(b, 4*k)
	var c00, c01, c02, c03, c10, c11, c12, c13 T
	var c20, c21, c22, c23, c30, c31, c32, c33 T
	for p := 0; p+4 <= len(as) && p+4 <= len(bs); p += 4 {
		ap, bp := as[p:p+4:p+4], bs[p:p+4:p+4]
		a0, a1, a2, a3 := ap[0], ap[1], ap[2], ap[3]
		b0, b1, b2, b3 := bp[0], bp[1], bp[2], bp[3]
		c00, c01, c02, c03 = c00+a0*b0, c01+a0*b1, c02+a0*b2, c03+a0*b3
		c10, c11, c12, c13 = c10+a1*b0, c11+a1*b1, c12+a1*b2, c13+a1*b3
		c20, c21, c22, c23 = c20+a2*b0, c21+a2*b1, c22+a2*b2, c23+a2*b3
		c30, c31, c32, c33 = c30+a3*b0, c31+a3*b1, c32+a3*b2, c33+a3*b3
	}
	rows := [4][4]T{
		{c00, c01, c02, c03},
		{c10, c11, c12, c13},
		{c20, c21, c22, c23},
		{c30, c31, c32, c33},
	}
	for i, r := range rows {
		dst := unsafe.Slice((*T)(unsafe.Add(unsafe.Pointer(c), i*ldc*int(unsafe.Sizeof(*c)))), 4)
		if acc {
			dst[0], dst[1], dst[2], dst[3] = dst[0]+r[0], dst[1]+r[1], dst[2]+r[2], dst[3]+r[3]
		} else {
			copy(dst, r[:])
		}
	}
}
