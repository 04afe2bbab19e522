package vecmath

// GRUBackwardRowFloat32 computes the fused GRU cell's backward
// (tensor.GRUCellBackward) for the first n elements of one batch row, in
// vector registers where the CPU has them (AVX2 and FMA), and returns n:
// a multiple of eight, 0 where no kernel runs (another CPU, or the
// generic implementation forced by SetImpl). The caller computes the
// elements from n on, and is the reference for the formulas: per element
// j of the row, with r, z, nn, hn = act[j], act[h+j], act[2h+j],
// act[3h+j], g = ghy[j] and h = len(dh),
//
//	dh[j]     = g·z
//	dz        = ((g·(hx[j] − nn))·(1 − z))·z
//	dn        = (g − g·z)·(1 − nn²)
//	dr        = ((dn·hn)·(1 − r))·r
//	dgi[j], dgi[h+j], dgi[2h+j] = dr, dz, dn
//	dgh[j], dgh[h+j], dgh[2h+j] = dr, dz, dn·r
//
// each operation rounded to float32 except 1 − y², one fused
// multiply-add in float64 rounded once to float32 (the bits of a float64
// math.FMA converted). dgi and dgh hold 3h elements, act 4h, the others
// h.
func GRUBackwardRowFloat32(dgi, dgh, dh, ghy, act, hx []float32) int {
	h := len(dh)
	dgi, dgh, act = dgi[:3*h], dgh[:3*h], act[:4*h]
	ghy, hx = ghy[:h], hx[:h]
	return gruBackwardRowArch(dgi, dgh, dh, ghy, act, hx)
}
