package vecmath

// LSTMBackwardRowFloat32 computes the fused LSTM cell's backward
// (tensor.LSTMCellBackward) for the first n elements of one batch row,
// in vector registers where the CPU has them (AVX2 and FMA), and returns
// n: a multiple of eight, 0 where no kernel runs (another CPU, or the
// generic implementation forced by SetImpl). The caller computes the
// elements from n on, and is the reference for the formulas: per
// element j of the row, with i, f, g, o = act[j], act[h+j], act[2h+j],
// act[3h+j] and h = len(dc),
//
//	gc       = gcy + (ghy·o)·(1 − tcy²)
//	dg[j]    = ((gc·g)·(1 − i))·i
//	dg[h+j]  = ((gc·cx)·(1 − f))·f
//	dg[2h+j] = (gc·i)·(1 − g²)
//	dg[3h+j] = ((ghy·tcy)·(1 − o))·o
//	dc[j]    = gc·f
//
// each operation rounded to float32 except 1 − y², one fused
// multiply-add in float64 rounded once to float32 (the bits of a float64
// math.FMA converted). dg and act hold 4h elements, the others h.
func LSTMBackwardRowFloat32(dg, dc, ghy, gcy, act, tcy, cx []float32) int {
	h := len(dc)
	dg, act = dg[:4*h], act[:4*h]
	ghy, gcy, tcy, cx = ghy[:h], gcy[:h], tcy[:h], cx[:h]
	return lstmBackwardRowArch(dg, dc, ghy, gcy, act, tcy, cx)
}
