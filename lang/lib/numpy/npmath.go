package numpy

import (
	_ "embed" // npmath.py
	"math"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/math"    // npmath.py imports math
	_ "github.com/kael-dev/kael/lang/lib/numbers" // and numbers
	"github.com/kael-dev/kael/tensor"
)

// The npmath group: element-wise math (np.signbit, np.heaviside,
// np.fmod, np.copysign, np.logaddexp, np.logaddexp2, np.exp2, np.cbrt,
// np.frexp, np.ldexp as ufuncs over the tensor package's kernels;
// np.nan_to_num, np.modf, np.deg2rad, np.sinc, np.fix, ... and the
// products np.inner, np.vdot, np.tensordot, np.kron, np.cross in Python,
// npmath.py, as NumPy writes most of them).

//go:embed npmath.py
var npmathSource string

func init() {
	defineLater(func() {
		lang.RegisterSourceModule("_numpy_npmath", "NumPy's element-wise helpers and small products, written in Python over kael's NumPy primitives (kael's own code, behaving as NumPy 1.24's).", npmathSource)
		type unary = struct {
			name, kernel string
			floatOnly    bool
		}
		unaryUfuncs = append(unaryUfuncs, unary{"exp2", "exp2", true}, unary{"signbit", "signbit", true})
		binaryUfuncs["fmod"] = fmod
		binaryUfuncs["copysign"] = tensor.CopysignSpec.Apply
		binaryUfuncs["heaviside"] = heaviside
		binaryUfuncs["logaddexp"] = tensor.LogaddexpSpec.Apply
		binaryUfuncs["logaddexp2"] = tensor.Logaddexp2Spec.Apply
	})
}

// fmod is NumPy's fmod: C's fmod for floats; for integers the
// remainder with the dividend's sign, 0 where the divisor is 0 (NumPy's
// integer loop) rather than an error.
func fmod(x, y *tensor.Tensor) (*tensor.Tensor, error) {
	if y.DType().IsFloating() || y.DType().IsComplex() {
		return tensor.FmodSpec.Apply(x, y)
	}
	zero, err := tensor.FromSlice([]int64{0})
	if err == nil {
		zero, err = zero.To(y.DType())
	}
	if err != nil {
		return nil, err
	}
	isZero, err := tensor.EqSpec.Apply(y, zero)
	if err != nil {
		return nil, err
	}
	one, err := tensor.FromSlice([]int64{1})
	if err == nil {
		one, err = one.To(y.DType())
	}
	if err != nil {
		return nil, err
	}
	safe, err := tensor.Where(isZero, one, y)
	if err != nil {
		return nil, err
	}
	r, err := tensor.FmodSpec.Apply(x, safe)
	if err != nil {
		return nil, err
	}
	zero, err = zero.To(r.DType())
	if err != nil {
		return nil, err
	}
	return tensor.Where(isZero, zero, r)
}

// fmodFlags are the floating-point flags of np.fmod(x, y): for
// integers a zero divisor divides by zero; for floats a zero divisor or
// an infinite dividend (neither NaN) is invalid.
func fmodFlags(xv, yv lang.Value) map[string]bool {
	x, err := arrayFrom(xv, 0, false)
	if err != nil {
		return nil
	}
	y, err := arrayFrom(yv, 0, false)
	if err != nil {
		return nil
	}
	shape, err := tensor.BroadcastShapes(x.Shape(), y.Shape())
	if err != nil {
		return nil
	}
	xb, err := x.BroadcastTo(shape...)
	if err != nil {
		return nil
	}
	yb, err := y.BroadcastTo(shape...)
	if err != nil {
		return nil
	}
	xs, err := xb.Float64s()
	if err != nil {
		return nil
	}
	ys, err := yb.Float64s()
	if err != nil {
		return nil
	}
	floating := x.DType().IsFloating() || y.DType().IsFloating()
	for i := range xs {
		if !floating && ys[i] == 0 {
			return map[string]bool{"divide": true}
		}
		if floating && !math.IsNaN(xs[i]) && !math.IsNaN(ys[i]) && (ys[i] == 0 || math.IsInf(xs[i], 0)) {
			return map[string]bool{"invalid": true}
		}
	}
	return nil
}

// heaviside is NumPy's heaviside: 0 below zero, x2 at zero, 1 above,
// and NaN where x1 is NaN.
func heaviside(x, h *tensor.Tensor) (*tensor.Tensor, error) {
	r, err := tensor.HeavisideSpec.Apply(x, h)
	if err != nil || !x.DType().IsFloating() {
		return r, err
	}
	nan, err := tensor.Isnan(x)
	if err != nil {
		return nil, err
	}
	xr, err := x.To(r.DType())
	if err != nil {
		return nil, err
	}
	return tensor.Where(nan, xr, r)
}

// floatLoopUfuncs are the binary ufuncs above whose integer inputs
// compute in NumPy's float loop.
var floatLoopUfuncs = map[string]bool{"copysign": true, "heaviside": true, "logaddexp": true, "logaddexp2": true}

// npmathPython are the functions npmath.py defines, by their signature
// and doc; each calls the Python function of its name with its
// arguments in order.
var npmathPython = []sourceFunc{
	{"nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None)", "x with NaN replaced by nan, +inf by posinf (the dtype's largest finite value when None) and -inf by neginf (its most negative); complex parts separately; copy=False works in place."},
	{"modf(x)", "The fractional and integral parts of x, element by element, both with x's sign: (frac, whole)."},
	{"deg2rad(x)", "Degrees to radians, element by element."},
	{"radians(x)", "Degrees to radians, element by element."},
	{"rad2deg(x)", "Radians to degrees, element by element."},
	{"degrees(x)", "Radians to degrees, element by element."},
	{"fix(x)", "Rounds toward zero, element by element (floats; integers give float64)."},
	{"i0(x)", "The modified Bessel function of the first kind, order 0, element by element (an array, 0-d for a scalar, as NumPy's), by Clenshaw's recurrence in x's float dtype."},
	{"sinc(x)", "sin(pi x) / (pi x), 1 at 0, element by element."},
	{"isscalar(element)", "Whether element is a Python number, str, bytes or NumPy scalar (not an array)."},
	{"ndim(a)", "The number of dimensions of a (array, list or number)."},
	{"shape(a)", "The shape of a (array, list or number)."},
	{"size(a, axis=None)", "The number of elements of a, or its length along axis."},
	{"inner(a, b)", "The inner product over the last axes of a and b (a * b when one is a scalar)."},
	{"vdot(a, b)", "The dot product of a and b flattened, a conjugated when complex."},
	{"tensordot(a, b, axes=2)", "The sum of products over the last axes of a and the first of b (an int), or over the axes (axes_a, axes_b)."},
	{"kron(a, b)", "The Kronecker product of a and b."},
	{"cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None)", "The cross product of vectors of 2 or 3 components along axisa of a and axisb of b (axis= sets all three)."},
}

// defNpmath adds the npmath group's functions written in Go and in
// Python.
func defNpmath(m map[string]lang.Value) {
	defSourceFuncs(m, "_numpy_npmath", npmathPython)
	if base, ok := m["fmod"].(*lang.Builtin); ok {
		m["fmod"] = lang.NewBuiltin(lang.AsValue, "fmod(x1, x2, out=None)", "The remainder of x1 / x2 with x1's sign (C's fmod), element by element with broadcasting; integers by 0 give 0, with NumPy's RuntimeWarning.", func(a *lang.Args) (lang.Value, error) {
			v, err := a.Call(base, a.Values()...)
			if err != nil {
				return nil, err
			}
			return reportWarned(a, v, fpReport(v, "fmod", fmodFlags(a.Value("x1"), a.Value("x2"))))
		})
	}
	if base, ok := m["signbit"].(*lang.Builtin); ok {
		m["signbit"] = lang.NewBuiltin(lang.AsValue, "signbit(x, out=None)", "Whether each element's sign bit is set (True for -0.0 and negative numbers).", func(a *lang.Args) (lang.Value, error) {
			if t, err := arrayFrom(a.Value("x"), 0, false); err == nil && t.DType().IsComplex() {
				return nil, lang.Errorf(lang.TypeError, "ufunc 'signbit' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''")
			}
			return a.Call(base, a.Values()...)
		})
	}
	m["cbrt"] = lang.NewBuiltin(lang.AsValue, "cbrt(x, out=None)", "The cube root of each element (integers give float64).", func(a *lang.Args) (lang.Value, error) {
		t, err := floatOperand(a.Value("x"), "cbrt")
		if err != nil {
			return nil, err
		}
		r, err := inFloat32(t, func(x *tensor.Tensor) (*tensor.Tensor, error) { return tensor.MapActivation("cbrt", x, math.Cbrt) })
		if err != nil {
			return nil, err
		}
		return withOut(a, r)
	})
	m["frexp"] = lang.NewBuiltin(lang.AsValue, "frexp(x)", "The mantissas (of x's float dtype, magnitude in [0.5, 1)) and int32 exponents of x: x = m * 2**e.", func(a *lang.Args) (lang.Value, error) {
		t, err := floatOperand(a.Value("x"), "frexp")
		if err != nil {
			return nil, err
		}
		mant, exp, err := tensor.Frexp(t)
		if err != nil {
			return nil, err
		}
		return lang.Tuple{wrap(mant), wrap(exp)}, nil
	})
	m["ldexp"] = lang.NewBuiltin(lang.AsValue, "ldexp(x1, x2, out=None)", "x1 * 2**x2, element by element with broadcasting (x2 integers).", func(a *lang.Args) (lang.Value, error) {
		x, err := arrayFrom(a.Value("x1"), 0, false)
		if err != nil {
			return nil, err
		}
		e, err := arrayFrom(a.Value("x2"), 0, false)
		if err != nil {
			return nil, err
		}
		dt := x.DType()
		if isPlainScalarOperand(a.Value("x1")) && !isPlainScalarOperand(a.Value("x2")) && !dt.IsFloating() && !dt.IsComplex() {
			if dt, err = fromNP(minScalarType(x).n); err != nil { // NumPy 1.24's value-based casting
				return nil, err
			}
		}
		if x, err = floatLoopOf(x, dt, "ldexp"); err != nil {
			return nil, err
		}
		if e.DType().IsFloating() || e.DType().IsComplex() {
			return nil, lang.Errorf(lang.TypeError, "ufunc 'ldexp' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''")
		}
		shape, err := tensor.BroadcastShapes(x.Shape(), e.Shape())
		if err != nil {
			return nil, err
		}
		xs, err := x.BroadcastTo(shape...)
		if err != nil {
			return nil, err
		}
		es, err := e.BroadcastTo(shape...)
		if err != nil {
			return nil, err
		}
		xv, err := xs.Float64s()
		if err != nil {
			return nil, err
		}
		ev, err := es.Float64s()
		if err != nil {
			return nil, err
		}
		for i := range xv {
			xv[i] = math.Ldexp(xv[i], int(ev[i]))
		}
		r, err := tensor.FromSlice(xv, shape...)
		if err == nil {
			r, err = r.To(x.DType())
		}
		if err != nil {
			return nil, err
		}
		return withOut(a, r)
	})
}

// floatOperand is v as an array of the float dtype NumPy's loop
// computes it in (loopFloat: int8 in float16, int16 in float32, int64 in
// float64); complex is the ufunc's TypeError.
func floatOperand(v any, name string) (*tensor.Tensor, error) {
	t, ok := v.(*tensor.Tensor)
	if !ok {
		var err error
		if t, err = arrayFrom(v, 0, false); err != nil {
			return nil, err
		}
	}
	return floatLoopOf(t, t.DType(), name)
}

// floatLoopOf is t cast to the float loop of dt.
func floatLoopOf(t *tensor.Tensor, dt tensor.DType, name string) (*tensor.Tensor, error) {
	if dt.IsComplex() {
		return nil, lang.Errorf(lang.TypeError, "ufunc '%s' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''", name)
	}
	dt, err := loopFloat(dt)
	if err != nil {
		return nil, err
	}
	return castTensor(t, dt)
}

// inFloat32 applies f to t, computing float16 in float32 and rounding
// back, as NumPy's float16 loops do.
func inFloat32(t *tensor.Tensor, f func(*tensor.Tensor) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	if t.DType() != tensor.Float16 {
		return f(t)
	}
	x, err := t.To(tensor.Float32)
	if err != nil {
		return nil, err
	}
	r, err := f(x)
	if err != nil {
		return nil, err
	}
	return r.To(tensor.Float16)
}
