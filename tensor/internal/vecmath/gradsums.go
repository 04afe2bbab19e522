package vecmath

// GradSumsFloat32 returns Σg and Σ(x − mean)·g over g and x (x at least
// as long as g) in float32, as ATen's vectorised reduce_all sums a
// BatchNorm plane in its backward: element i goes to lane i mod 8, each
// lane adds in order, each product rounded before its addition (no fused
// multiply-add), and the eight lanes are added pairwise at the end. The
// vector kernel and the Go loop give the same bits (a NaN's payload
// aside).
func GradSumsFloat32(g, x []float32, mean float32) (sum, dotp float32) {
	x = x[:len(g)]
	var s, d [8]float32
	done := gradSumsArch(g, x, mean, &s, &d)
	gradSumsGeneric(g[done:], x[done:], mean, &s, &d)
	return ((s[0] + s[4]) + (s[2] + s[6])) + ((s[1] + s[5]) + (s[3] + s[7])),
		((d[0] + d[4]) + (d[2] + d[6])) + ((d[1] + d[5]) + (d[3] + d[7]))
}

// gradSumsGeneric adds g and (x − mean)·g into the lanes s and d, element
// i into lane i mod 8 (g's first element into lane 0).
func gradSumsGeneric(g, x []float32, mean float32, s, d *[8]float32) {
	x = x[:len(g)]
	for len(g) >= 8 {
		gq, xq := g[:8:8], x[:8:8]
		for l := range 8 {
			s[l] += gq[l]
			d[l] += float32((xq[l] - mean) * gq[l])
		}
		g, x = g[8:], x[8:]
	}
	for l, gv := range g {
		s[l] += gv
		d[l] += float32((x[l] - mean) * gv)
	}
}
