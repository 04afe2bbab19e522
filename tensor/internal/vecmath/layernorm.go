package vecmath

import "math"

// The rows of layer_norm in float32, computed in float64 as kael's
// LayerNorm and LayerNormBackward compute every dtype: each float32
// element widened exactly, each operation rounded to float64 (no fused
// multiply-add), each result rounded once to float32. The sums put
// element i of a row into lane i mod 8 (each lane adding in order) and
// add the lanes as ((l0 + l4) + (l2 + l6)) + ((l1 + l5) + (l3 + l7)),
// so that the AVX kernels (four lanes to a register, two registers) and
// the Go loops give the same bits whatever the implementation.

// lanes8 adds eight lanes in the order above.
func lanes8(s *[8]float64) float64 {
	return ((s[0] + s[4]) + (s[2] + s[6])) + ((s[1] + s[5]) + (s[3] + s[7]))
}

// LayerNormMomentsFloat32 returns the mean of x and 1/√(var + eps), var
// the biased variance Σ(x − mean)²/n taken in a second pass.
func LayerNormMomentsFloat32(x []float32, eps float64) (mean, rstd float64) {
	n := float64(len(x))
	var s [8]float64
	done := lnSumArch(x, &s)
	lnSumGeneric(x[done:], &s)
	mean = lanes8(&s) / n
	s = [8]float64{}
	done = lnSqDevArch(x, mean, &s)
	lnSqDevGeneric(x[done:], mean, &s)
	return mean, 1 / math.Sqrt(lanes8(&s)/n+eps)
}

func lnSumGeneric(x []float32, s *[8]float64) {
	for len(x) >= 8 {
		q := x[:8:8]
		for l := range 8 {
			s[l] += float64(q[l])
		}
		x = x[8:]
	}
	for l, v := range x {
		s[l] += float64(v)
	}
}

func lnSqDevGeneric(x []float32, mean float64, s *[8]float64) {
	for len(x) >= 8 {
		q := x[:8:8]
		for l := range 8 {
			d := float64(q[l]) - mean
			s[l] += d * d
		}
		x = x[8:]
	}
	for l, v := range x {
		d := float64(v) - mean
		s[l] += d * d
	}
}

// LayerNormAffineFloat32 writes ((x − mean)·rstd)·w + b of each element
// into dst; x, w and b are at least as long as dst.
func LayerNormAffineFloat32(dst, x, w, b []float32, mean, rstd float64) {
	n := len(dst)
	x, w, b = x[:n], w[:n], b[:n]
	done := lnAffineArch(dst, x, w, b, mean, rstd)
	lnAffineGeneric(dst[done:], x[done:], w[done:], b[done:], mean, rstd)
}

func lnAffineGeneric(dst, x, w, b []float32, mean, rstd float64) {
	x, w, b = x[:len(dst)], w[:len(dst)], b[:len(dst)]
	for i, v := range x {
		y := (float64(v) - mean) * rstd
		y *= float64(w[i])
		dst[i] = float32(y + float64(b[i]))
	}
}

// LayerNormGradRowFloat32 writes the input's gradient of one row into dx:
// rstd·((ĝ − mean(ĝ)) − x̂·mean(ĝ·x̂)) with ĝ = g·w and x̂ = (x − mean)·rstd,
// the means summed in lanes. g, x and w are at least as long as dx.
func LayerNormGradRowFloat32(dx, g, x, w []float32, mean, rstd float64) {
	n := len(dx)
	g, x, w = g[:n], x[:n], w[:n]
	mg, mgx := lnGradMeans(g, x, w, mean, rstd)
	done := lnGradInputArch(dx, g, x, w, mean, rstd, mg, mgx)
	lnGradInputGeneric(dx[done:], g[done:], x[done:], w[done:], mean, rstd, mg, mgx)
}

// lnGradMeans returns mean(ĝ) and mean(ĝ·x̂) of a row, x and w as long as
// g.
func lnGradMeans(g, x, w []float32, mean, rstd float64) (mg, mgx float64) {
	var sg, sgx [8]float64
	done := lnGradSumsArch(g, x, w, mean, rstd, &sg, &sgx)
	lnGradSumsGeneric(g[done:], x[done:], w[done:], mean, rstd, &sg, &sgx)
	return lanes8(&sg) / float64(len(g)), lanes8(&sgx) / float64(len(g))
}

func lnGradSumsGeneric(g, x, w []float32, mean, rstd float64, sg, sgx *[8]float64) {
	x, w = x[:len(g)], w[:len(g)]
	for len(g) >= 8 {
		gq, xq, wq := g[:8:8], x[:8:8], w[:8:8]
		for l := range 8 {
			a := float64(gq[l]) * float64(wq[l])
			sg[l] += a
			sgx[l] += a * ((float64(xq[l]) - mean) * rstd)
		}
		g, x, w = g[8:], x[8:], w[8:]
	}
	for l, v := range g {
		a := float64(v) * float64(w[l])
		sg[l] += a
		sgx[l] += a * ((float64(x[l]) - mean) * rstd)
	}
}

func lnGradInputGeneric(dx, g, x, w []float32, mean, rstd, mg, mgx float64) {
	g, x, w = g[:len(dx)], x[:len(dx)], w[:len(dx)]
	for j, v := range g {
		gh := float64(v) * float64(w[j])
		xhat := (float64(x[j]) - mean) * rstd
		dx[j] = float32(rstd * (gh - mg - xhat*mgx))
	}
}

// LayerNormGradWBFloat32 adds one row's terms of the weight's and the
// bias's gradients: sw[j] += g[j]·x̂[j] and sb[j] += g[j], x̂ = (x −
// mean)·rstd. sb, g and x are at least as long as sw.
func LayerNormGradWBFloat32(sw, sb []float64, g, x []float32, mean, rstd float64) {
	n := len(sw)
	sb, g, x = sb[:n], g[:n], x[:n]
	done := lnGradWBArch(sw, sb, g, x, mean, rstd)
	lnGradWBGeneric(sw[done:], sb[done:], g[done:], x[done:], mean, rstd)
}

func lnGradWBGeneric(sw, sb []float64, g, x []float32, mean, rstd float64) {
	sb, g, x = sb[:len(sw)], g[:len(sw)], x[:len(sw)]
	for j, v := range g {
		gv := float64(v)
		sw[j] += gv * ((float64(x[j]) - mean) * rstd)
		sb[j] += gv
	}
}
