package numpy

import (
	_ "embed" // npmath.py
	"math"
	"strings"

	"github.com/kael-dev/kael/lang"
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
	lang.RegisterSourceModule("_numpy_npmath", "NumPy's element-wise helpers and small products, written in Python over kael's NumPy primitives (kael's own code, behaving as NumPy 1.24's).", npmathSource)
	type unary = struct {
		name, kernel string
		floatOnly    bool
	}
	unaryUfuncs = append(unaryUfuncs, unary{"exp2", "exp2", true}, unary{"signbit", "signbit", true})
	binaryUfuncs["fmod"] = tensor.FmodSpec.Apply
	binaryUfuncs["copysign"] = tensor.CopysignSpec.Apply
	binaryUfuncs["heaviside"] = tensor.HeavisideSpec.Apply
	binaryUfuncs["logaddexp"] = tensor.LogaddexpSpec.Apply
	binaryUfuncs["logaddexp2"] = tensor.Logaddexp2Spec.Apply
}

// floatLoopUfuncs are the binary ufuncs above whose integer inputs
// compute in NumPy's float loop.
var floatLoopUfuncs = map[string]bool{"copysign": true, "heaviside": true, "logaddexp": true, "logaddexp2": true}

// npmathPython are the functions npmath.py defines, by their signature
// and doc; each calls the Python function of its name with its
// arguments in order.
var npmathPython = []struct{ sig, doc string }{
	{"nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None)", "x with NaN replaced by nan, +inf by posinf (the dtype's largest finite value when None) and -inf by neginf (its most negative); complex parts separately; copy=False works in place."},
	{"modf(x)", "The fractional and integral parts of x, element by element, both with x's sign: (frac, whole)."},
	{"deg2rad(x)", "Degrees to radians, element by element."},
	{"radians(x)", "Degrees to radians, element by element."},
	{"rad2deg(x)", "Radians to degrees, element by element."},
	{"degrees(x)", "Radians to degrees, element by element."},
	{"fix(x)", "Rounds toward zero, element by element (floats; integers give float64)."},
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
	for _, f := range npmathPython {
		name := f.sig[:strings.IndexByte(f.sig, '(')]
		m[name] = lang.NewBuiltin(lang.AsValue, f.sig, f.doc, func(a *lang.Args) (lang.Value, error) {
			mod, err := a.Import("_numpy_npmath")
			if err != nil {
				return nil, err
			}
			target := name
			switch name {
			case "radians":
				target = "deg2rad"
			case "degrees":
				target = "rad2deg"
			}
			fn, err := lang.GetAttr(mod, target)
			if err != nil {
				return nil, err
			}
			return a.Call(fn, a.Values()...)
		})
	}
	m["cbrt"] = lang.NewBuiltin(lang.AsValue, "cbrt(x, out=None)", "The cube root of each element (integers give float64).", func(a *lang.Args) (lang.Value, error) {
		t, err := floatOperand(a.Value("x"))
		if err != nil {
			return nil, err
		}
		r, err := tensor.MapActivation("cbrt", t, math.Cbrt)
		if err != nil {
			return nil, err
		}
		return withOut(a, r)
	})
	m["frexp"] = lang.NewBuiltin(lang.AsValue, "frexp(x)", "The mantissas (of x's float dtype, magnitude in [0.5, 1)) and int32 exponents of x: x = m * 2**e.", func(a *lang.Args) (lang.Value, error) {
		t, err := floatOperand(a.Value("x"))
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
		x, err := floatOperand(a.Value("x1"))
		if err != nil {
			return nil, err
		}
		e, err := arrayFrom(a.Value("x2"), 0, false)
		if err != nil {
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

// floatOperand is v as an array of a floating dtype: integers and bools
// become float64 (float16 for bool and the small integers as NumPy's
// loops do is not followed: float64 for all).
func floatOperand(v lang.Value) (*tensor.Tensor, error) {
	t, err := arrayFrom(v, 0, false)
	if err != nil {
		return nil, err
	}
	if t.DType().IsFloating() {
		return t, nil
	}
	if t.DType().IsComplex() {
		return nil, lang.Errorf(lang.TypeError, "ufunc not supported for complex input")
	}
	return t.To(tensor.Float64)
}
