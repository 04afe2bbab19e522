package math_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// bitsPrelude defines, in kael and in CPython alike, the grids of floats
// the functions are compared on and out, a function's outcome on each: the
// float's hex (every bit), the tuple of them, or the error's class and
// message.
const bitsPrelude = `import math, random
def out(f, *args):
    try:
        r = f(*args)
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)
    if type(r) is tuple:
        return tuple(v.hex() if type(v) is float else v for v in r)
    return r.hex()
special = [0.0, -0.0, math.inf, -math.inf, math.nan, 5e-324, -5e-324, 2.2250738585072014e-308, 1.7976931348623157e+308, -1.7976931348623157e+308, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0]
wide = [s * m * 2.0 ** e for e in range(-1074, 1024, 23) for m in (1.0, 1.3, 1.75) for s in (1, -1)]
random.seed(11)
dense = [random.uniform(-1, 1) for _ in range(200)] + [random.uniform(-30, 30) for _ in range(300)] + [random.uniform(-750, 750) for _ in range(150)] + [i / 16 for i in range(-400, 401)]
grid = special + wide + dense
`

// bitsFuncs are the math functions of one float compared bit for bit.
var bitsFuncs = []string{
	"exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sqrt", "cbrt",
	"sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh",
	"asinh", "acosh", "atanh", "erf", "erfc", "gamma", "lgamma",
	"fabs", "frexp", "modf", "ulp", "degrees", "radians",
}

// TestMathBitsMatchCPython compares each function's every bit, and its
// errors, with CPython's over grids of signed zeros, subnormals, the
// largest floats, the infinities, NaN and the functions' domains: the C
// library's functions agree with CPython's call of the same glibc, and
// gamma, lgamma and remainder follow CPython's own code step by step.
func TestMathBitsMatchCPython(t *testing.T) {
	var srcs []string
	for _, name := range bitsFuncs {
		srcs = append(srcs, "[out(math."+name+", x) for x in grid]")
	}
	srcs = append(srcs,
		// the poles and edges of gamma and lgamma, and their range errors
		"[out(f, x) for f in (math.gamma, math.lgamma) for x in [-1.0, -2.0, -171.5, -200.5, -1e-30, 1e-30, 1e-320, 171.6, 171.7, 200.0, 1e305, 2.5e305, -2.5, 0.5, 1.5, 23.0, 24.0, 141.0, 139.5, -141.5, -180.3] + [i / 8 for i in range(-200, 201)]]",
		// the edges of the domains
		"[out(f, x) for f in (math.asin, math.acos, math.atanh, math.acosh, math.log1p, math.sqrt, math.log) for x in [1.0000000000000002, 0.9999999999999999, -1.0000000000000002, -0.9999999999999999, 1.0, -1.0, 0.0, -0.0]]",
		"[out(f, x) for f in (math.exp, math.exp2, math.expm1, math.sinh, math.cosh) for x in [709.78, 709.79, 1024.0, 1023.9999, -745.2, -1075.0, -1e308, 710.4758600739439, 710.476]]",
	)
	// functions of two floats over pairs of the grids
	pairs := "[(x, y) for x in special + wide[::9] + dense[::40] for y in special + wide[::13] + dense[::45]]"
	for _, name := range []string{"atan2", "pow", "fmod", "remainder", "copysign", "nextafter", "hypot"} {
		srcs = append(srcs, "[out(math."+name+", x, y) for x, y in "+pairs+"]")
	}
	srcs = append(srcs,
		"[out(math.pow, x, y) for x in [0.95, 1.0000001, -2.0, -0.5, 10.0, 0.1, 2.0] for y in [5.0, 7.0, 0.5, -3.0, 1e10, -1e10, 308.5, 1/3, 1023.0, 1024.0, -1074.0, -1075.0]]",
		"[out(math.remainder, x, y) for x in [3.0, 5.0, 7.5, -7.5, 2.5, -2.5, 1e308, 5e-324] for y in [2.0, 5.0, -2.0, 1e-308, 5e-324, 0.0, 1.5]]",
		"[out(math.ldexp, x, i) for x in special + [0.75, -3.5, 1e-310] for i in [0, 1, -1, 1023, 1024, 1075, -1074, -1075, -1080, 2**31, -2**31, 2**70, -2**70, True]]",
		"[out(math.nextafter, x, y) for x in special for y in special]",
		// the errors of the new functions' arguments
		"[out(math.ldexp, 1.0, 2.5), out(math.ldexp, 'a', 1), out(math.ldexp, 1.0, '1'), out(math.frexp, 'x'), out(math.gamma, None), out(math.cbrt, []), out(math.remainder, 1, 'a')]",
		"[out(math.modf, 3), out(math.frexp, 8), out(math.frexp, True), out(math.gamma, 5), out(math.ulp, 0), out(math.nextafter, 1, 2), out(math.exp2, 10)]",
	)
	langtest.CheckMatchesCPython(t, bitsPrelude, srcs)
}
