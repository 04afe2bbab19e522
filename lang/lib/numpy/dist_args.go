package numpy

import (
	"math"
	"slices"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The arguments of the distributions np.random.Generator and RandomState
// share, read and checked as NumPy checks them: one place for each rule,
// whichever bit generator then draws.

// gammaArgs reads gamma's shape and scale (standard_gamma's shape alone,
// scale 1, when it has no scale parameter): both at least 0.
func gammaArgs(a *lang.Args) (shape, scale float64, err error) {
	names := []string{"shape"}
	if a.Builtin().HasParam("scale") {
		names = append(names, "scale")
	}
	f, err := floats(a, names...)
	if err != nil {
		return 0, 0, err
	}
	scale = 1
	if len(f) > 1 {
		scale = f[1]
	}
	if err := nonNegative(f[0], "shape"); err != nil {
		return 0, 0, err
	}
	if err := nonNegative(scale, "scale"); err != nil {
		return 0, 0, err
	}
	return f[0], scale, nil
}

// betaArgs reads beta's a and b, both above 0.
func betaArgs(a *lang.Args) (x, y float64, err error) {
	f, err := floats(a, "a", "b")
	if err != nil {
		return 0, 0, err
	}
	if err := positive(f[0], "a"); err != nil {
		return 0, 0, err
	}
	if err := positive(f[1], "b"); err != nil {
		return 0, 0, err
	}
	return f[0], f[1], nil
}

// poissonArg reads poisson's lam: at least 0, not NaN, at most
// poissonLamMax.
func poissonArg(a *lang.Args) (float64, error) {
	f, err := floats(a, "lam")
	if err != nil {
		return 0, err
	}
	if !(f[0] >= 0) {
		return 0, lang.Errorf(lang.ValueError, "lam < 0 or lam is NaN")
	}
	if !(f[0] <= poissonLamMax) {
		return 0, lang.Errorf(lang.ValueError, "lam value too large")
	}
	return f[0], nil
}

// binomialArgs reads binomial's n (truncated to an int, at least 0) and p
// (in [0, 1]).
func binomialArgs(a *lang.Args) (n int64, p float64, err error) {
	f, err := floats(a, "p")
	if err != nil {
		return 0, 0, err
	}
	n = truncatedInt(a, "n")
	if err := a.Err(); err != nil {
		return 0, 0, err
	}
	if !(f[0] >= 0) || !(f[0] <= 1) {
		return 0, 0, lang.Errorf(lang.ValueError, "p < 0, p > 1 or p is NaN")
	}
	if n < 0 {
		return 0, 0, lang.Errorf(lang.ValueError, "n < 0")
	}
	return n, f[0], nil
}

// floatParams are a distribution's float parameters, each a number or an
// array-like, as _common.pyx's cont reads them: scalars when every one is
// a number (or a 0-d array), else arrays, each broadcast to shape, the
// draws' shape (size when given, else the parameters' broadcast shape),
// in C order, drawn one by one in that order.
type floatParams struct {
	scalars []float64
	arrays  [][]float64
	shape   []int
}

// readFloatParams reads the parameters names, broadcasting them with
// size.
func readFloatParams(a *lang.Args, names ...string) (floatParams, error) {
	var p floatParams
	ts := make([]*tensor.Tensor, len(names))
	scalar := true
	for i, n := range names {
		t, err := arrayFrom(a.Value(n), tensor.Float64, true)
		if err != nil {
			return p, err
		}
		if t, err = castTensor(t, tensor.Float64); err != nil {
			return p, err
		}
		ts[i], scalar = t, scalar && t.Dim() == 0
	}
	if scalar {
		f, err := floats(a, names...)
		p.scalars = f
		return p, err
	}
	shapes := make([][]int, 0, len(ts)+1)
	size := a.Value("size")
	sized := size != nil && size != lang.None
	if sized {
		s, _, _, err := drawShape(size)
		if err != nil {
			return p, err
		}
		shapes = append(shapes, s)
	}
	for _, t := range ts {
		shapes = append(shapes, t.Shape())
	}
	shape, err := broadcastArgs(shapes)
	if err != nil {
		return p, err
	}
	if sized && !slices.Equal(shape, shapes[0]) {
		return p, lang.Errorf(lang.ValueError, "Output size %s is not compatible with broadcast dimensions of inputs %s.", tupleText(shapes[0]), tupleText(shape))
	}
	p.shape = shape
	for _, t := range ts {
		e, err := t.Expand(shape...)
		if err != nil {
			return p, err
		}
		vals, err := tensor.Values[float64](e)
		if err != nil {
			return p, err
		}
		p.arrays = append(p.arrays, vals)
	}
	return p, nil
}

// broadcastArgs is the broadcast shape of shapes, or NumPy's error naming
// the argument that set a dimension and the one that does not fit it.
func broadcastArgs(shapes [][]int) ([]int, error) {
	nd := 0
	for _, s := range shapes {
		nd = max(nd, len(s))
	}
	out := make([]int, nd)
	setBy := make([]int, nd)
	for i := range out {
		out[i], setBy[i] = 1, -1
	}
	for arg, s := range shapes {
		for k, n := range s {
			d := nd - len(s) + k
			switch {
			case n == out[d] || n == 1:
			case out[d] == 1:
				out[d], setBy[d] = n, arg
			default:
				return nil, lang.Errorf(lang.ValueError, "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg %d with shape %s and arg %d with shape %s.", setBy[d], tupleText(shapes[setBy[d]]), arg, tupleText(s))
			}
		}
	}
	return out, nil
}

// each checks the parameters with check (every element's, as
// check_array_constraint checks whole arrays before drawing).
func (p floatParams) each(check func(params []float64) error) error {
	if p.arrays == nil {
		return check(p.scalars)
	}
	params := make([]float64, len(p.arrays))
	for i := range p.arrays[0] {
		for j, arr := range p.arrays {
			params[j] = arr[i]
		}
		if err := check(params); err != nil {
			return err
		}
	}
	return nil
}

// draw gives draw's numbers: one per element of the broadcast
// parameters (an array), or as fill gives them for scalar parameters.
func (p floatParams) draw(size lang.Value, draw func(params []float64) float64) (lang.Value, error) {
	if p.arrays == nil {
		return fill(size, tensor.Float64, func() float64 { return draw(p.scalars) })
	}
	n := len(p.arrays[0])
	out := make([]float64, n)
	params := make([]float64, len(p.arrays))
	for i := range out {
		for j, arr := range p.arrays {
			params[j] = arr[i]
		}
		out[i] = draw(params)
	}
	t, err := fromValues(out, p.shape)
	if err != nil {
		return nil, err
	}
	return wrapArray(t), nil
}

// normalDraws is normal(loc, scale, size) of either generator, gauss its
// standard normal draw: loc + scale * gauss() for each draw.
func normalDraws(a *lang.Args, gauss func() float64) (lang.Value, error) {
	p, err := readFloatParams(a, "loc", "scale")
	if err != nil {
		return nil, err
	}
	if err := p.nonNegative(1, "scale"); err != nil {
		return nil, err
	}
	return p.draw(a.Value("size"), func(f []float64) float64 { return f[0] + f[1]*gauss() })
}

// uniformDraws is uniform(low, high, size) of RandomState (legacy) or
// Generator, double its draw in [0, 1): low + (high - low) * double() for
// each draw. Both refuse a range that is not finite, the Generator a
// negative one too, with their messages.
func uniformDraws(a *lang.Args, double func() float64, legacy bool) (lang.Value, error) {
	p, err := readFloatParams(a, "low", "high")
	if err != nil {
		return nil, err
	}
	overflow := "Range exceeds valid bounds"
	if p.arrays == nil && !legacy {
		overflow = "high - low range exceeds valid bounds"
	}
	if err := p.each(func(f []float64) error {
		if rng := f[1] - f[0]; math.IsInf(rng, 0) || math.IsNaN(rng) {
			return lang.Errorf(lang.OverflowError, "%s", overflow)
		}
		return nil
	}); err != nil {
		return nil, err
	}
	if !legacy {
		if err := p.each(func(f []float64) error { return nonNegative(f[1]-f[0], "high - low") }); err != nil {
			return nil, err
		}
	}
	return p.draw(a.Value("size"), func(f []float64) float64 { return f[0] + (f[1]-f[0])*double() })
}

// nonNegative checks parameter j of every draw with CONS_NON_NEGATIVE
// (nonNegative), naming it name.
func (p floatParams) nonNegative(j int, name string) error {
	return p.each(func(f []float64) error { return nonNegative(f[j], name) })
}

// exponentialDraws is exponential(scale, size) of either generator,
// stdExp its standard exponential draw.
func exponentialDraws(a *lang.Args, stdExp func() float64) (lang.Value, error) {
	p, err := readFloatParams(a, "scale")
	if err == nil {
		err = p.nonNegative(0, "scale")
	}
	if err != nil {
		return nil, err
	}
	return p.draw(a.Value("size"), func(f []float64) float64 { return f[0] * stdExp() })
}

// gammaDraws is gamma(shape, scale, size) of either generator, stdGamma
// its standard gamma draw of a shape; shape is checked over every draw
// before scale, as NumPy checks them.
func gammaDraws(a *lang.Args, stdGamma func(shape float64) float64) (lang.Value, error) {
	p, err := readFloatParams(a, "shape", "scale")
	if err == nil {
		err = p.nonNegative(0, "shape")
	}
	if err == nil {
		err = p.nonNegative(1, "scale")
	}
	if err != nil {
		return nil, err
	}
	return p.draw(a.Value("size"), func(f []float64) float64 { return f[1] * stdGamma(f[0]) })
}

// drawInt is draw for a distribution of integers: one int64 per element
// of the broadcast parameters (an array), or as fillInt gives them for
// scalar parameters.
func (p floatParams) drawInt(size lang.Value, draw func(params []float64) int64) (lang.Value, error) {
	if p.arrays == nil {
		return fillInt(size, func() int64 { return draw(p.scalars) })
	}
	out := make([]int64, len(p.arrays[0]))
	params := make([]float64, len(p.arrays))
	for i := range out {
		for j, arr := range p.arrays {
			params[j] = arr[i]
		}
		out[i] = draw(params)
	}
	t, err := fromValues(out, p.shape)
	if err != nil {
		return nil, err
	}
	return wrapArray(t), nil
}

// betaDraws is beta(a, b, size) of either generator, draw its beta draw
// of two parameters; a is checked over every draw before b.
func betaDraws(a *lang.Args, draw func(x, y float64) float64) (lang.Value, error) {
	p, err := readFloatParams(a, "a", "b")
	if err != nil {
		return nil, err
	}
	if p.arrays == nil {
		if _, _, err := betaArgs(a); err != nil {
			return nil, err
		}
	}
	for j, name := range []string{"a", "b"} {
		if err := p.each(func(f []float64) error { return positive(f[j], name) }); err != nil {
			return nil, err
		}
	}
	return p.draw(a.Value("size"), func(f []float64) float64 { return draw(f[0], f[1]) })
}

// poissonDraws is poisson(lam, size) of either generator, draw its
// Poisson draw of a mean. Arrays of means are checked as NumPy checks
// arrays, with its wording for them.
func poissonDraws(a *lang.Args, draw func(lam float64) int64) (lang.Value, error) {
	p, err := readFloatParams(a, "lam")
	if err != nil {
		return nil, err
	}
	if p.arrays == nil {
		lam, err := poissonArg(a)
		if err != nil {
			return nil, err
		}
		return fillInt(a.Value("size"), func() int64 { return draw(lam) })
	}
	// check_array_constraint's CONS_POISSON: the bound over the whole
	// array first (NaN fails it), then the sign.
	if err := p.each(func(f []float64) error {
		if !(f[0] <= poissonLamMax) {
			return lang.Errorf(lang.ValueError, "lam value too large")
		}
		return nil
	}); err != nil {
		return nil, err
	}
	if err := p.each(func(f []float64) error {
		if f[0] < 0 {
			return lang.Errorf(lang.ValueError, "lam < 0 or lam contains NaNs")
		}
		return nil
	}); err != nil {
		return nil, err
	}
	return p.drawInt(a.Value("size"), func(f []float64) int64 { return draw(f[0]) })
}

// binomialDraws is binomial(n, p, size) of either generator, draw its
// binomial draw. An array n is truncated toward zero as NumPy's cast to
// int64 truncates it; p comes before n, in the broadcast (its errors
// number the arguments so) and in the checks.
func binomialDraws(a *lang.Args, draw func(p float64, n int64) int64) (lang.Value, error) {
	p, err := readFloatParams(a, "p", "n")
	if err != nil {
		return nil, err
	}
	// n is cast to int64 first: NaN and infinity cannot be
	if err := p.each(func(f []float64) error {
		switch {
		case math.IsNaN(f[1]):
			return lang.Errorf(lang.ValueError, "cannot convert float NaN to integer")
		case math.IsInf(f[1], 0):
			return lang.Errorf(lang.OverflowError, "cannot convert float infinity to integer")
		}
		return nil
	}); err != nil {
		return nil, err
	}
	if p.arrays == nil {
		n, prob, err := binomialArgs(a)
		if err != nil {
			return nil, err
		}
		return fillInt(a.Value("size"), func() int64 { return draw(prob, n) })
	}
	if err := p.each(func(f []float64) error {
		if !(f[0] >= 0) || !(f[0] <= 1) {
			return lang.Errorf(lang.ValueError, "p < 0, p > 1 or p contains NaNs")
		}
		return nil
	}); err != nil {
		return nil, err
	}
	if err := p.each(func(f []float64) error {
		if f[1] <= -1 {
			return lang.Errorf(lang.ValueError, "n < 0")
		}
		return nil
	}); err != nil {
		return nil, err
	}
	return p.drawInt(a.Value("size"), func(f []float64) int64 { return draw(f[0], int64(f[1])) })
}

// locScaleDraws is a distribution of a location and a scale (laplace,
// logistic, lognormal's mean and sigma), numbers or arrays, the scale
// checked non-negative over every draw.
func locScaleDraws(a *lang.Args, loc, scale string, draw func(params []float64) float64) (lang.Value, error) {
	p, err := readFloatParams(a, loc, scale)
	if err == nil {
		err = p.nonNegative(1, scale)
	}
	if err != nil {
		return nil, err
	}
	return p.draw(a.Value("size"), draw)
}
