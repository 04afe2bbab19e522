package tensor

import "math"

// grid_sample's bicubic mode (4-D inputs), as ATen computes it: the
// unpadded source coordinate, then a 4×4 neighbourhood of taps, each
// placed by the padding mode (zeros outside), weighted by the cubic
// convolution of A = -0.75 along x, then along y.

const cubicA = -0.75

// cubicCoefficients are the weights of the taps at -1, 0, 1, 2 from the
// floor for a fraction t.
func cubicCoefficients(t float64) [4]float64 {
	cc1 := func(x float64) float64 { return ((cubicA+2)*x-(cubicA+3))*x*x + 1 }
	cc2 := func(x float64) float64 { return ((cubicA*x-5*cubicA)*x+8*cubicA)*x - 4*cubicA }
	return [4]float64{cc2(t + 1), cc1(t), cc1(1 - t), cc2(2 - t)}
}

// cubicCoefficientsGrad are ATen's derivatives of the weights (by -t for
// the first two, t for the last two, as its backward subtracts them).
func cubicCoefficientsGrad(t float64) [4]float64 {
	a := cubicA
	x0, x1, x2, x3 := -1-t, -t, 1-t, 2-t
	return [4]float64{
		(-3*a*x0-10*a)*x0 - 8*a,
		(-3*(a+2)*x1 - 2*(a+3)) * x1,
		(3*(a+2)*x2 - 2*(a+3)) * x2,
		(3*a*x3-10*a)*x3 + 8*a,
	}
}

// padTap places an integer tap coordinate by the padding mode, reporting
// whether it falls inside the input.
func (s *GridSampler) padTap(x float64, size int) (int, bool) {
	switch s.Padding {
	case "border":
		x, _ = clipCoordinate(x, size)
	case "reflection":
		if s.AlignCorners {
			x, _ = s.reflect(x, 0, 2*(size-1))
		} else {
			x, _ = s.reflect(x, -1, 2*size-1)
		}
		x, _ = clipCoordinate(x, size)
	}
	i := int(x)
	return i, i >= 0 && i < size && !math.IsNaN(x)
}

// unnormalize maps a grid value onto the input without padding, with the
// mapping's derivative.
func (s *GridSampler) unnormalize(coord float64, size int) (float64, float64) {
	sz := float64(size)
	if s.AlignCorners {
		return s.round(s.round(s.round(coord+1)/2) * (sz - 1)), (sz - 1) / 2
	}
	return s.round(s.round(s.round(s.round(coord+1)*sz)-1) / 2), sz / 2
}

// bicubic visits the 16 taps of batch b's output location o: f gets
// each tap's flat offset (ok false outside the input) and the weights.
func (s *GridSampler) bicubic(b, o int, f func(i, j int, off int, ok bool, xc, yc, xg, yg [4]float64)) (gxMult, gyMult float64) {
	h, w := s.inSize[0], s.inSize[1]
	base := (b*s.spatialOut + o) * 2
	ix, gxm := s.unnormalize(s.grid[base], w)
	iy, gym := s.unnormalize(s.grid[base+1], h)
	fx, fy := math.Floor(ix), math.Floor(iy)
	tx, ty := ix-fx, iy-fy
	xc, yc := cubicCoefficients(tx), cubicCoefficients(ty)
	xg, yg := cubicCoefficientsGrad(tx), cubicCoefficientsGrad(ty)
	for j := 0; j < 4; j++ {
		y, yok := s.padTap(fy-1+float64(j), h)
		for i := 0; i < 4; i++ {
			x, xok := s.padTap(fx-1+float64(i), w)
			f(i, j, y*w+x, xok && yok, xc, yc, xg, yg)
		}
	}
	return gxm, gym
}

func (s *GridSampler) bicubicForward(out []float64) {
	plane := s.inPlane()
	for b := 0; b < s.n; b++ {
		for o := 0; o < s.spatialOut; o++ {
			for ch := 0; ch < s.c; ch++ {
				var rows [4]float64
				var yc [4]float64
				s.bicubic(b, o, func(i, j, off int, ok bool, xc, ycs, _, _ [4]float64) {
					yc = ycs
					if ok {
						rows[j] += s.in[(b*s.c+ch)*plane+off] * xc[i]
					}
				})
				out[(b*s.c+ch)*s.spatialOut+o] = rows[0]*yc[0] + rows[1]*yc[1] + rows[2]*yc[2] + rows[3]*yc[3]
			}
		}
	}
}

func (s *GridSampler) bicubicBackward(gs, inGrad, gridGrad []float64) {
	plane := s.inPlane()
	for b := 0; b < s.n; b++ {
		for o := 0; o < s.spatialOut; o++ {
			gix, giy := 0.0, 0.0
			var gxm, gym float64
			for ch := 0; ch < s.c; ch++ {
				gv := gs[(b*s.c+ch)*s.spatialOut+o]
				gxm, gym = s.bicubic(b, o, func(i, j, off int, ok bool, xc, yc, xg, yg [4]float64) {
					if !ok {
						return
					}
					if inGrad != nil {
						inGrad[(b*s.c+ch)*plane+off] += gv * xc[i] * yc[j]
					}
					v := s.in[(b*s.c+ch)*plane+off]
					gix -= v * xg[i] * yc[j] * gv
					giy -= v * yg[j] * xc[i] * gv
				})
			}
			base := (b*s.spatialOut + o) * 2
			gridGrad[base], gridGrad[base+1] = gxm*gix, gym*giy
		}
	}
}
