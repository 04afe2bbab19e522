package tensor

import "math"

// grid_sample's kernel, as ATen's GridSampler (CPU) computes it: each
// output location reads the input at the source coordinates its grid
// entry gives ((-1, -1) the centre or corner of the first pixel, (1, 1)
// of the last), interpolated bilinearly (trilinearly for 5-D inputs) or
// from the nearest pixel, with zeros, the border or the reflection
// outside the input.

// GridSampler holds the settings of one grid_sample: its input [N, C,
// *spatial] (2 or 3 spatial dimensions) and grid [N, *out, d] (x first).
type GridSampler struct {
	Nearest      bool
	Bicubic      bool   // 4-D inputs only (grid_sample_bicubic.go)
	Padding      string // "zeros", "border" or "reflection"
	AlignCorners bool

	in, grid   []float64
	n, c       int
	inSize     []int // spatial sizes, outermost first (D, H, W)
	outSize    []int
	f32        bool
	dtype      DType
	gridDType  DType
	inShape    []int
	gridShape  []int
	spatialOut int
}

// NewGridSampler reads input and grid (checked by the caller: floating,
// same dtype, [N, C, *s] and [N, *o, len(s)]); mode is "bilinear",
// "nearest" or (4-D) "bicubic".
func NewGridSampler(input, grid *Tensor, mode string, padding string, alignCorners bool) (*GridSampler, error) {
	in, err := input.Float64s()
	if err != nil {
		return nil, err
	}
	g, err := grid.Float64s()
	if err != nil {
		return nil, err
	}
	d := input.Dim() - 2
	s := &GridSampler{Nearest: mode == "nearest", Bicubic: mode == "bicubic", Padding: padding, AlignCorners: alignCorners, in: in, grid: g,
		n: input.shape[0], c: input.shape[1], inSize: input.shape[2:], outSize: grid.shape[1 : 1+d],
		f32: input.dtype != Float64, dtype: input.dtype, gridDType: grid.dtype,
		inShape: input.Shape(), gridShape: grid.Shape(), spatialOut: 1}
	for _, o := range s.outSize {
		s.spatialOut *= o
	}
	return s, nil
}

// round rounds x to the input's precision, so that the source
// coordinates are computed as ATen computes them in float32.
func (s *GridSampler) round(x float64) float64 {
	if s.f32 {
		return float64(float32(x))
	}
	return x
}

// source maps a normalised coordinate onto the input of the given size,
// with the derivative of the mapping.
func (s *GridSampler) source(coord float64, size int) (float64, float64) {
	sz := float64(size)
	var x, grad float64
	if s.AlignCorners {
		x, grad = s.round(s.round(s.round(coord+1)/2)*(sz-1)), (sz-1)/2
	} else {
		x, grad = s.round(s.round(s.round(s.round(coord+1)*sz)-1)/2), sz/2
	}
	switch s.Padding {
	case "border":
		var g float64
		x, g = clipCoordinate(x, size)
		grad *= g
	case "reflection":
		var g1, g2 float64
		if s.AlignCorners {
			x, g1 = s.reflect(x, 0, 2*(size-1))
		} else {
			x, g1 = s.reflect(x, -1, 2*size-1)
		}
		x, g2 = clipCoordinate(x, size)
		if g2 == 0 && len(s.inSize) == 2 {
			// ATen's vectorized 2-D kernel masks the derivative: a clipped
			// coordinate's is +0 whatever the reflection's sign (the
			// 3-D kernel multiplies, keeping it).
			grad = 0
		} else {
			grad *= g1 * g2
		}
	}
	return x, grad
}

// clipCoordinate clamps x to [0, size-1], with its derivative.
func clipCoordinate(x float64, size int) (float64, float64) {
	if x <= 0 {
		return 0, 0
	}
	if hi := float64(size - 1); x >= hi {
		return hi, 0
	}
	return x, 1
}

// reflect reflects x into [twiceLow/2, twiceHigh/2], with its derivative.
func (s *GridSampler) reflect(x float64, twiceLow, twiceHigh int) (float64, float64) {
	if twiceLow == twiceHigh {
		return 0, 0
	}
	lo := float64(twiceLow) / 2
	span := float64(twiceHigh-twiceLow) / 2
	x = s.round(x - lo)
	mult := 1.0
	if x < 0 {
		mult, x = -1, -x
	}
	extra := s.round(math.Mod(x, span))
	flips := int(math.Floor(s.round(x / span)))
	if flips%2 == 0 {
		return s.round(extra + lo), mult
	}
	return s.round(s.round(span-extra) + lo), -mult
}

// point is one output location's source: per spatial dimension (outermost
// first) the coordinate and its derivative by the grid value.
type point struct {
	x, dx []float64
}

// points computes the sources of batch b's output locations.
func (s *GridSampler) pointAt(b, o int, p *point) {
	d := len(s.inSize)
	base := (b*s.spatialOut + o) * d
	for k := 0; k < d; k++ {
		// the grid's last dimension lists x (the innermost) first
		p.x[k], p.dx[k] = s.source(s.grid[base+d-1-k], s.inSize[k])
	}
}

// corners calls f for each input location the point reads, with its
// flat spatial offset and weight, and (linear modes) the derivative of the
// weight by each coordinate.
func (s *GridSampler) corners(p *point, f func(off int, w float64, dw []float64)) {
	d := len(s.inSize)
	if s.Nearest {
		off := 0
		for k := 0; k < d; k++ {
			i := int(math.RoundToEven(p.x[k]))
			if i < 0 || i >= s.inSize[k] {
				return
			}
			off = off*s.inSize[k] + i
		}
		f(off, 1, nil)
		return
	}
	lo := make([]int, d)
	frac := make([]float64, d)
	for k := 0; k < d; k++ {
		fl := math.Floor(p.x[k])
		lo[k], frac[k] = int(fl), p.x[k]-fl
	}
	dw := make([]float64, d)
corner:
	for c := 0; c < 1<<d; c++ {
		off, w := 0, 1.0
		for k := 0; k < d; k++ {
			i := lo[k]
			if c>>(d-1-k)&1 == 1 {
				i++
			}
			if i < 0 || i >= s.inSize[k] {
				continue corner
			}
			off = off*s.inSize[k] + i
		}
		for k := 0; k < d; k++ {
			f := 1 - frac[k]
			if c>>(d-1-k)&1 == 1 {
				f = frac[k]
			}
			w *= f
		}
		for k := 0; k < d; k++ {
			g := -1.0
			if c>>(d-1-k)&1 == 1 {
				g = 1
			}
			for j := 0; j < d; j++ {
				if j == k {
					continue
				}
				if c>>(d-1-j)&1 == 1 {
					g *= frac[j]
				} else {
					g *= 1 - frac[j]
				}
			}
			dw[k] = g
		}
		f(off, w, dw)
	}
}

func (s *GridSampler) inPlane() int {
	n := 1
	for _, v := range s.inSize {
		n *= v
	}
	return n
}

// Forward is the sampled output [N, C, *out] in the input's dtype.
func (s *GridSampler) Forward() (*Tensor, error) {
	d, plane := len(s.inSize), s.inPlane()
	out := make([]float64, s.n*s.c*s.spatialOut)
	p := &point{x: make([]float64, d), dx: make([]float64, d)}
	for b := 0; b < s.n && !s.Bicubic; b++ {
		for o := 0; o < s.spatialOut; o++ {
			s.pointAt(b, o, p)
			s.corners(p, func(off int, w float64, _ []float64) {
				for ch := 0; ch < s.c; ch++ {
					out[(b*s.c+ch)*s.spatialOut+o] += w * s.in[(b*s.c+ch)*plane+off]
				}
			})
		}
	}
	if s.Bicubic {
		s.bicubicForward(out)
	}
	t, err := FromValue(out, s.dtype)
	if err != nil {
		return nil, err
	}
	return t.Reshape(append([]int{s.n, s.c}, s.outSize...)...)
}

// Backward returns the gradients of the input and of the grid for the
// output's gradient g (nil where not wanted); the nearest mode gives the
// grid a zero gradient, as ATen does.
func (s *GridSampler) Backward(g *Tensor, wantInput, wantGrid bool) (gin, ggrid *Tensor, err error) {
	gs, err := g.Float64s()
	if err != nil {
		return nil, nil, err
	}
	d, plane := len(s.inSize), s.inPlane()
	var inGrad, gridGrad []float64
	if wantInput {
		inGrad = make([]float64, len(s.in))
	}
	gridGrad = make([]float64, len(s.grid))
	p := &point{x: make([]float64, d), dx: make([]float64, d)}
	acc := make([]float64, d)
	if s.Bicubic {
		s.bicubicBackward(gs, inGrad, gridGrad)
	}
	for b := 0; b < s.n && !s.Bicubic; b++ {
		for o := 0; o < s.spatialOut; o++ {
			s.pointAt(b, o, p)
			base := (b*s.spatialOut + o) * d
			clear(acc)
			s.corners(p, func(off int, w float64, dw []float64) {
				for ch := 0; ch < s.c; ch++ {
					gv := gs[(b*s.c+ch)*s.spatialOut+o]
					if inGrad != nil {
						inGrad[(b*s.c+ch)*plane+off] += w * gv
					}
					if dw == nil || !wantGrid {
						continue
					}
					v := s.in[(b*s.c+ch)*plane+off] * gv
					for k := 0; k < d; k++ {
						acc[k] += dw[k] * v
					}
				}
			})
			if wantGrid && !s.Nearest {
				// the coordinate's derivative multiplies the sum, as in
				// ATen, which keeps the sign of a zero.
				for k := 0; k < d; k++ {
					gridGrad[base+d-1-k] = p.dx[k] * acc[k]
				}
			}
		}
	}
	if wantInput {
		if gin, err = FromValue(inGrad, s.dtype); err != nil {
			return nil, nil, err
		}
		if gin, err = gin.Reshape(s.inShape...); err != nil {
			return nil, nil, err
		}
	}
	if wantGrid {
		if ggrid, err = FromValue(gridGrad, s.gridDType); err != nil {
			return nil, nil, err
		}
		if ggrid, err = ggrid.Reshape(s.gridShape...); err != nil {
			return nil, nil, err
		}
	}
	return gin, ggrid, nil
}
