package numpy

import "github.com/kael-dev/kael/lang"

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

// scaleArg reads exponential's scale, at least 0.
func scaleArg(a *lang.Args) (float64, error) {
	f, err := floats(a, "scale")
	if err != nil {
		return 0, err
	}
	return f[0], nonNegative(f[0], "scale")
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
