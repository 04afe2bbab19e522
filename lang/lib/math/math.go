package math

import (
	"math"
	"math/big"

	"github.com/kael-dev/kael/internal/libm"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// mathModule is Python's math module for floats and kael's 64-bit ints:
// the constants, the functions of one float with CPython's domain and
// range errors, and the common functions of several numbers (log with a
// base, isclose, fsum, prod, gcd, comb, factorial, ...).
func mathModule() *lang.Module {
	m := &lang.Module{Name: "math", Attrs: map[string]lang.Value{
		"pi": math.Pi, "e": math.E, "tau": 2 * math.Pi, "inf": math.Inf(1), "nan": math.NaN(),
	}}
	add := func(sig, doc string, fn func(a *lang.Args) (lang.Value, error)) {
		b := lang.NewBuiltin(lang.AsValue, sig, doc, fn)
		m.Attrs[b.Name] = b
	}
	for name, f := range mathFloatFuncs {
		ofBigInts := name == "log2" || name == "log10"
		add(name+"(x)", "math."+name+" of a number, a float; outside the function's domain it is CPython's ValueError (math domain error), beyond the floats an OverflowError (math range error).", func(a *lang.Args) (lang.Value, error) {
			if ofBigInts {
				return bigLog(a.Value("x"), f.fn)
			}
			x, err := mathReal(a.Value("x"))
			if err != nil {
				return nil, err
			}
			return mathResult(x, f.fn(x), f.canOverflow)
		})
		if !ofBigInts { // an int's float, then f: the function's own answer
			m.Attrs[name].(*lang.Builtin).SetFloatFunc(func(x float64) (float64, bool) {
				r := f.fn(x)
				return r, mathResultFails(x, r) == errNone
			})
		}
	}
	for name, f := range mathErrnoFuncs {
		add(name+"(x)", "math."+name+" of a number, a float, by CPython's own Lanczos approximation; at a pole or -inf CPython's ValueError (math domain error), beyond the floats an OverflowError (math range error).", func(a *lang.Args) (lang.Value, error) {
			x, err := mathReal(a.Value("x"))
			if err != nil {
				return nil, err
			}
			return mathErrno(f(x))
		})
	}
	addFloatParts(add)
	for name, f := range map[string]float64{"degrees": 180 / math.Pi, "radians": math.Pi / 180} {
		add(name+"(x)", "math."+name+" of a number: x times the conversion factor, a float, without a range check, as CPython multiplies (degrees(1e308) is inf).", func(a *lang.Args) (lang.Value, error) {
			x, err := mathReal(a.Value("x"))
			if err != nil {
				return nil, err
			}
			return x * f, nil
		})
	}
	for name, f := range map[string]func(float64) float64{"floor": math.Floor, "ceil": math.Ceil, "trunc": math.Trunc} {
		add(name+"(x)", "math."+name+" of a number, as an int; NaN, the infinities and floats beyond the 64-bit integers are an error.", func(a *lang.Args) (lang.Value, error) {
			if i := a.Value("x"); lang.IsInt(i) {
				return a.Binary(syntax.PLUS, i, int64(0)) // the int itself (a bool as an int)
			}
			if inst, ok := a.Value("x").(*lang.Instance); ok { // a class's __floor__, __ceil__ or __trunc__
				if m, err := lang.GetAttr(inst, "__"+name+"__"); err == nil {
					return a.Call(m)
				}
			}
			x, err := mathReal(a.Value("x"))
			if err != nil {
				return nil, err
			}
			return lang.FloatToIntValue(f(x))
		})
	}
	for name, f := range map[string]func(float64) bool{
		"isnan": math.IsNaN, "isinf": func(x float64) bool { return math.IsInf(x, 0) },
		"isfinite": func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) },
	} {
		add(name+"(x)", "math."+name+" of a number.", func(a *lang.Args) (lang.Value, error) {
			x, err := mathReal(a.Value("x"))
			if err != nil {
				return nil, err
			}
			return f(x), nil
		})
	}
	for name, f := range mathFloatPairs {
		add(name+"(x, y)", "math."+name+" of two numbers, a float, with CPython's domain and range errors.", func(a *lang.Args) (lang.Value, error) {
			x, err := mathReal(a.Value("x"))
			if err != nil {
				return nil, err
			}
			y, err := mathReal(a.Value("y"))
			if err != nil {
				return nil, err
			}
			return f(x, y)
		})
	}
	add("log(x, base=None)", "The natural logarithm of x, or its logarithm to base: log(8, 2) is 3.0. x (and base) must be positive: else CPython's ValueError (math domain error). An int beyond the floats has its logarithm too, as in CPython.", func(a *lang.Args) (lang.Value, error) {
		lx, err := bigLog(a.Value("x"), libm.Log)
		if err != nil || a.IsNone("base") {
			return lx, err
		}
		lb, err := bigLog(a.Value("base"), libm.Log)
		if err != nil {
			return nil, err
		}
		if lb.(float64) == 0 {
			return nil, lang.Errorf(lang.ZeroDivisionError, "float division by zero")
		}
		return lx.(float64) / lb.(float64), nil
	})
	add("isclose(a, b, rel_tol=1e-09, abs_tol=0.0)", "Whether a and b are close: |a-b| <= max(rel_tol * max(|a|, |b|), abs_tol), as CPython's math.isclose; infinities are close only to themselves, NaN to nothing.", func(a *lang.Args) (lang.Value, error) {
		var v [4]float64
		for i, name := range []string{"a", "b", "rel_tol", "abs_tol"} {
			f, err := mathReal(a.Value(name))
			if err != nil {
				return nil, err
			}
			v[i] = f
		}
		return mathIsClose(v[0], v[1], v[2], v[3])
	})
	add("hypot(*coordinates)", "The Euclidean norm sqrt(sum(x**2 for x in coordinates)), a float.", func(a *lang.Args) (lang.Value, error) {
		coords := a.VarArgs("coordinates")
		var buf [4]float64 // hypot(x, y) allocates nothing
		xs := buf[:0]
		for _, c := range coords {
			x, err := mathReal(c)
			if err != nil {
				return nil, err
			}
			xs = append(xs, x)
		}
		return mathNorm(xs), nil
	})
	add("dist(p, q)", "The Euclidean distance between the points p and q, sequences of as many numbers.", func(a *lang.Args) (lang.Value, error) {
		ps, qs, err := mathPoints(a.Value("p"), a.Value("q"))
		if err != nil {
			return nil, err
		}
		for i := range ps {
			ps[i] -= qs[i]
		}
		return mathNorm(ps), nil
	})
	add("fsum(seq)", "The sum of an iterable of numbers as a float, exact until the one final rounding (Shewchuk's algorithm, as CPython): fsum([0.1] * 10) is 1.0.", func(a *lang.Args) (lang.Value, error) {
		elems, err := lang.Collect(a.Value("seq"))
		if err != nil {
			return nil, err
		}
		xs, err := mathReals(elems)
		if err != nil {
			return nil, err
		}
		return Fsum(xs)
	})
	add("prod(iterable, start=1)", "The product of start and the elements, multiplied with * from the left, as sum adds: ints stay ints (an OverflowError past 64 bits), a float makes a float; prod([]) is 1.", func(a *lang.Args) (lang.Value, error) {
		elems, err := lang.Collect(a.Value("iterable"))
		if err != nil {
			return nil, err
		}
		total := a.Value("start")
		for _, e := range elems {
			if total, err = a.Binary(syntax.STAR, total, e); err != nil {
				return nil, err
			}
		}
		return total, nil
	})
	addIntFuncs(add)
	return m
}

// mathFloatFunc is a math function of one float.
type mathFloatFunc struct {
	fn func(float64) float64
	// canOverflow marks the functions whose infinite result of a finite
	// argument is a range error (exp(1000)) rather than a domain error
	// (log(0)).
	canOverflow bool
}

var mathFloatFuncs = map[string]mathFloatFunc{
	"sqrt": {fn: math.Sqrt}, "exp": {libm.Exp, true}, "expm1": {libm.Expm1, true}, "exp2": {libm.Exp2, true},
	"log2": {fn: libm.Log2}, "log10": {fn: libm.Log10}, "log1p": {fn: libm.Log1p}, "cbrt": {fn: libm.Cbrt},
	"sin": {fn: libm.Sin}, "cos": {fn: libm.Cos}, "tan": {fn: libm.Tan},
	"asin": {fn: libm.Asin}, "acos": {fn: libm.Acos}, "atan": {fn: libm.Atan},
	"sinh": {libm.Sinh, true}, "cosh": {libm.Cosh, true}, "tanh": {fn: libm.Tanh},
	"asinh": {fn: libm.Asinh}, "acosh": {fn: libm.Acosh}, "atanh": {fn: libm.Atanh},
	"fabs": {fn: math.Abs}, "erf": {fn: libm.Erf}, "erfc": {fn: libm.Erfc},
}

// mathErrnoFuncs are the functions CPython wraps with math_1a: its own
// code, which reports its errors through errno (gamma.go).
var mathErrnoFuncs = map[string]func(float64) (float64, int){"gamma": tgamma, "lgamma": lgamma}

// mathFloatPairs are the math functions of two floats.
var mathFloatPairs = map[string]func(x, y float64) (lang.Value, error){
	"atan2":     func(y, x float64) (lang.Value, error) { return mathAtan2(y, x), nil },
	"copysign":  func(x, y float64) (lang.Value, error) { return math.Copysign(x, y), nil },
	"remainder": func(x, y float64) (lang.Value, error) { return mathPair(x, y, remainder(x, y)) },
	"nextafter": func(x, y float64) (lang.Value, error) {
		if x == y { // C returns y: nextafter(0.0, -0.0) is -0.0
			return y, nil
		}
		return math.Nextafter(x, y), nil
	},
	"fmod": func(x, y float64) (lang.Value, error) {
		if math.IsInf(y, 0) && !math.IsInf(x, 0) && !math.IsNaN(x) {
			return x, nil // fmod(x, +-inf) is x for finite x
		}
		return mathPair(x, y, math.Mod(x, y)) // fmod is exact: Go's and C's agree
	},
	"pow": mathPow,
}

// mathPair checks r = f(x, y) as CPython's math_2: NaN of two numbers is
// a domain error, an infinity of two finite numbers a range error.
func mathPair(x, y, r float64) (lang.Value, error) {
	switch {
	case math.IsNaN(r) && !math.IsNaN(x) && !math.IsNaN(y):
		return nil, mathDomainError()
	case math.IsInf(r, 0) && isFinite(x) && isFinite(y):
		return nil, mathRangeError()
	}
	return r, nil
}

func isFinite(x float64) bool { return !math.IsInf(x, 0) && !math.IsNaN(x) }

// mathAtan2 is CPython's m_atan2: the special values by C99's Annex F,
// the others C's atan2.
func mathAtan2(y, x float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsNaN(y):
		return math.NaN()
	case math.IsInf(y, 0):
		switch {
		case math.IsInf(x, 1):
			return math.Copysign(0.25*math.Pi, y)
		case math.IsInf(x, -1):
			return math.Copysign(0.75*math.Pi, y)
		}
		return math.Copysign(0.5*math.Pi, y)
	case math.IsInf(x, 0) || y == 0:
		if math.Copysign(1, x) == 1 {
			return math.Copysign(0, y)
		}
		return math.Copysign(math.Pi, y)
	}
	return libm.Atan2(y, x)
}

// mathPow is CPython's math.pow: always a float; the infinities and NaNs
// by C99's rules, the finite pairs C's pow, with CPython's errors for a
// negative base with a fractional exponent, zero to a negative power and
// overflow.
func mathPow(x, y float64) (lang.Value, error) {
	if !isFinite(x) || !isFinite(y) {
		switch {
		case math.IsNaN(x):
			if y == 0 {
				return 1.0, nil
			}
			return x, nil
		case math.IsNaN(y):
			if x == 1 {
				return 1.0, nil
			}
			return y, nil
		case math.IsInf(x, 0):
			oddY := isFinite(y) && math.Mod(math.Abs(y), 2.0) == 1.0
			switch {
			case y > 0 && oddY:
				return x, nil
			case y > 0:
				return math.Abs(x), nil
			case y == 0:
				return 1.0, nil
			case oddY:
				return math.Copysign(0, x), nil
			}
			return 0.0, nil
		}
		// y is infinite
		switch ax := math.Abs(x); {
		case ax == 1:
			return 1.0, nil
		case y > 0 && ax > 1:
			return y, nil
		case y < 0 && ax < 1:
			return -y, nil
		}
		return 0.0, nil
	}
	r := libm.Pow(x, y)
	switch {
	case math.IsNaN(r):
		return nil, mathDomainError()
	case math.IsInf(r, 0):
		if x == 0 {
			return nil, mathDomainError()
		}
		return nil, mathRangeError()
	}
	return r, nil
}

func mathRangeError() *lang.Error { return lang.Errorf(lang.OverflowError, "math range error") }

func mathDomainError() *lang.Error { return lang.Errorf(lang.ValueError, "math domain error") }

// mathResult checks r = f(x) as CPython's math module does: NaN of a
// number is a domain error, an infinity of a finite number a range error
// where f can overflow and a domain error where it cannot (log(0)).
func mathResult(x, r float64, canOverflow bool) (lang.Value, error) {
	switch mathResultFails(x, r) {
	case errNone:
		return r, nil
	case errRange:
		if canOverflow {
			return nil, mathRangeError()
		}
	}
	return nil, mathDomainError()
}

// mathResultFails says why r, a function's result at x, is an error, as
// an errno: errDomain for NaN of a number, errRange for an infinity of a
// finite number (mathResult's range or domain error), errNone for none.
func mathResultFails(x, r float64) int {
	switch {
	case math.IsNaN(r) && !math.IsNaN(x):
		return errDomain
	case math.IsInf(r, 0) && !math.IsInf(x, 0) && !math.IsNaN(x):
		return errRange
	}
	return errNone
}

// mathReal reads a number argument as a float, with CPython's error.
func mathReal(v lang.Value) (float64, error) {
	if lang.IsInt(v) {
		f, _, err := lang.IntToFloat(v)
		return f, err
	}
	f, ok := lang.AsFloat(v)
	if !ok {
		if err := lang.NotAScalar(v, lang.ScalarReal); err != nil {
			return 0, err
		}
		return 0, lang.Errorf(lang.TypeError, "must be real number, not %s", lang.TypeName(v))
	}
	return f, nil
}

func mathReals(vs []lang.Value) ([]float64, error) {
	out := make([]float64, len(vs))
	for i, v := range vs {
		f, err := mathReal(v)
		if err != nil {
			return nil, err
		}
		out[i] = f
	}
	return out, nil
}

// mathPoints reads dist's two points, sequences of as many numbers.
func mathPoints(p, q lang.Value) ([]float64, []float64, error) {
	pe, ok1 := lang.Elems(p)
	qe, ok2 := lang.Elems(q)
	if !ok1 || !ok2 {
		return nil, nil, lang.Errorf(lang.TypeError, "dist(): both points must be sequences of numbers, not %s and %s", lang.TypeName(p), lang.TypeName(q))
	}
	if len(pe) != len(qe) {
		return nil, nil, lang.Errorf(lang.ValueError, "both points must have the same number of dimensions")
	}
	ps, err := mathReals(pe)
	if err != nil {
		return nil, nil, err
	}
	qs, err := mathReals(qe)
	return ps, qs, err
}

// mathNorm is the Euclidean norm of xs, computed exactly so that it
// neither overflows nor underflows and matches CPython's last digit; an
// infinity makes it inf, even beside a NaN, as in CPython.
func mathNorm(xs []float64) float64 {
	largest, nan := 0.0, false
	for _, x := range xs {
		switch {
		case math.IsInf(x, 0):
			return math.Inf(1)
		case math.IsNaN(x):
			nan = true
		}
		largest = max(largest, math.Abs(x))
	}
	if nan {
		return math.NaN()
	}
	if largest == 0 {
		return 0
	}
	if r, ok := normFloat(xs, largest); ok {
		return r
	}
	return normExact(xs)
}

// normExact is mathNorm of finite xs, not all zero, from the exact sum
// of their squares.
func normExact(xs []float64) float64 {
	// the exact sum of the squares, its square root rounded once (to
	// 256 bits, then to a float): correctly rounded, as CPython 3.11's
	// vector_norm is in all but rare cases
	sum := new(big.Rat)
	for _, x := range xs {
		r := new(big.Rat).SetFloat64(x)
		sum.Add(sum, r.Mul(r, r))
	}
	root := new(big.Float).SetPrec(256).SetRat(sum)
	f, _ := root.Sqrt(root).Float64()
	return f
}

// normFloat is mathNorm of at most four finite xs, not all zero, largest
// the largest magnitude among them, in floats: the exact sum of the
// squares, scaled to about 1, as a double-double, its square root
// rounded, then corrected to the nearer float where the double-double's
// residual says clearly which, and by the exact sign of the residual at
// the midpoints (exactSign) where it is close. ok is false, for
// normExact, for more coordinates, magnitudes too far apart for the
// squares to stay exact, an exact midpoint, or a result beyond the
// normal floats.
func normFloat(xs []float64, largest float64) (float64, bool) {
	if len(xs) > 4 {
		return 0, false
	}
	_, e := math.Frexp(largest) // largest * 2**-e is in [0.5, 1)
	var sq [8]float64           // the squares, exactly: hi and lo of each
	sh, sl := 0.0, 0.0          // their sum, a double-double
	for i, x := range xs {
		s := math.Ldexp(x, -e)
		if s != 0 && math.Abs(s) < 0x1p-450 { // inexact, or its square's lo part
			return 0, false
		}
		hi := s * s
		lo := math.FMA(s, s, -hi)
		sq[2*i], sq[2*i+1] = hi, lo
		t := sh + hi
		sl += (sh - (t - (t - sh))) + (hi - (t - sh)) + lo // twoSum's error
		sh = t
	}
	sh, sl = sh+sl, sl-((sh+sl)-sh)
	r := math.Sqrt(sh)
	p := r * r
	d := ((sh - p) - math.FMA(r, r, -p)) + sl // S - r², to about 2**-100
	delta := d / (2 * r)                      // sqrt(S) - r
	up, down := math.Nextafter(r, 4), math.Nextafter(r, 0)
	const margin = 0x1p-30 // of an ulp: far beyond the double-double's error
	switch {
	case delta >= 0 && delta < (up-r)*(0.5-margin):
	case delta < 0 && -delta < (r-down)*(0.5-margin):
	case delta > 0 && delta > (up-r)*(0.5+margin) && delta < (up-r)*(1.5-margin):
		r = up
	case delta < 0 && -delta > (r-down)*(0.5+margin) && -delta < (r-down)*(1.5-margin):
		r = down
	default: // near a midpoint: the exact residuals decide
		var ok bool
		if r, ok = normMidpoints(sq[:2*len(xs)], r); !ok {
			return 0, false
		}
	}
	r = math.Ldexp(r, e)
	if r < 0x1p-1022 || math.IsInf(r, 0) { // rounded twice, or beyond
		return 0, false
	}
	return r, true
}

// normMidpoints is the float nearest sqrt(S), S the exact sum of terms
// (about 1), from r, a float next to it: r moves to its neighbour while
// S is beyond the midpoint between them; ok is false at a midpoint, or
// when r moves too far (never, for normFloat's r).
func normMidpoints(terms []float64, r float64) (float64, bool) {
	for range 3 {
		up, down := math.Nextafter(r, 4), math.Nextafter(r, 0)
		hu, hd := (up-r)/2, (r-down)/2 // powers of two: their products below are exact
		p := r * r
		q := math.FMA(r, r, -p)
		// S - (r + hu)² and S - (r - hd)²
		above := exactSign(append(terms[:len(terms):len(terms)], -p, -q, -2*r*hu, -hu*hu))
		below := exactSign(append(terms[:len(terms):len(terms)], -p, -q, 2*r*hd, -hd*hd))
		switch {
		case above == 0 || below == 0:
			return 0, false
		case above > 0:
			r = up
		case below < 0:
			r = down
		default:
			return r, true
		}
	}
	return 0, false
}

// exactSign is the sign of the exact sum of xs, finite floats whose sums
// do not overflow: Shewchuk's partials, as Fsum keeps them, the largest
// of which has the sum's sign.
func exactSign(xs []float64) int {
	var buf [16]float64
	partials := buf[:0]
	for _, x := range xs {
		partials, x = addPartial(partials, x)
		if x != 0 {
			partials = append(partials, x)
		}
	}
	if len(partials) == 0 {
		return 0
	}
	if partials[len(partials)-1] > 0 {
		return 1
	}
	return -1
}

// mathIsClose is math.isclose.
func mathIsClose(a, b, relTol, absTol float64) (lang.Value, error) {
	if relTol < 0 || absTol < 0 {
		return nil, lang.Errorf(lang.ValueError, "tolerances must be non-negative")
	}
	if a == b {
		return true, nil
	}
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return false, nil
	}
	diff := math.Abs(b - a)
	return diff <= math.Abs(relTol*b) || diff <= math.Abs(relTol*a) || diff <= absTol, nil
}

// addPartial adds x to Shewchuk's partials (exact, non-overlapping,
// increasing in magnitude): it returns the partials that stay, in
// partials' own array, and the rounded running total, which the caller
// appends unless it is zero.
func addPartial(partials []float64, x float64) ([]float64, float64) {
	n := 0
	for _, y := range partials {
		if math.Abs(x) < math.Abs(y) {
			x, y = y, x
		}
		hi := x + y
		lo := y - (hi - x)
		if lo != 0 {
			partials[n] = lo
			n++
		}
		x = hi
	}
	return partials[:n], x
}

// Fsum is CPython's math.fsum: Shewchuk's exact partial sums, then one
// rounding, half to even, of their total; infinities and NaNs give
// CPython's result or error.
func Fsum(xs []float64) (float64, error) {
	var partials []float64
	special, infSum := 0.0, 0.0
	for _, x := range xs {
		xsave := x
		partials, x = addPartial(partials, x)
		switch {
		case x == 0:
		case !math.IsInf(x, 0) && !math.IsNaN(x):
			partials = append(partials, x)
		case math.IsInf(xsave, 0) || math.IsNaN(xsave):
			// an infinity or NaN among the numbers: the sum is theirs
			if math.IsInf(xsave, 0) {
				infSum += xsave
			}
			special += xsave
			partials = partials[:0]
		default:
			return 0, lang.Errorf(lang.OverflowError, "intermediate overflow in fsum")
		}
	}
	if special != 0 {
		if math.IsNaN(infSum) {
			return 0, lang.Errorf(lang.ValueError, "-inf + inf in fsum")
		}
		return special, nil
	}
	n := len(partials)
	if n == 0 {
		return 0.0, nil
	}
	n--
	hi, lo := partials[n], 0.0
	for n > 0 {
		x := hi
		n--
		y := partials[n]
		hi = x + y
		lo = y - (hi - x)
		if lo != 0 {
			break
		}
	}
	// Round half to even: when the rest is exactly half an ulp of hi,
	// the partial below it decides the direction.
	if n > 0 && (lo < 0 && partials[n-1] < 0 || lo > 0 && partials[n-1] > 0) {
		y := lo * 2
		if x := hi + y; y == x-hi {
			hi = x
		}
	}
	return hi, nil
}

func init() {
	lang.RegisterModule("math", "Python's math module for floats and Python's ints: the constants, the functions of a float with CPython's domain and range errors (math.sqrt(-1) is a ValueError, math.exp(1000) an OverflowError), log with a base, isclose, fsum, prod, gcd, lcm, factorial, comb, perm, isqrt, hypot, dist, gamma, lgamma, remainder, frexp, ldexp, modf, nextafter and ulp. The functions CPython hands to the C library (exp, log, sin, tan, atan2, pow, erf, ...) call the same C library, so their values are CPython's bit for bit; gamma, lgamma and remainder follow CPython's own code. Where no C library can be loaded, Go's math package stands in and the last bit may differ.", mathModule)
	// math is reachable without an import, as before kael had import.
	lang.RegisterGlobalModule("math", "math")
	// math.floor and math.ceil call a class's __floor__ and __ceil__.
	lang.RegisterSpecialMethods("__floor__", "__ceil__")
}
