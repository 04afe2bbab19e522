package libm

import "math"

// The C library's scalar functions that CPython's math module calls
// (Modules/mathmodule.c hands most functions of a float to libm), so that
// kael's math module gives CPython's values bit for bit. Each falls back
// to Go's math package, which can differ in the last bit, where no C
// library can be loaded.

// cOne names a C function of one double.
type cOne int

const (
	cExp2 cOne = iota
	cExpm1
	cLog2
	cLog10
	cCbrt
	cAsin
	cAtan
	cSinh
	cCosh
	cTanh
	cAsinh
	cAcosh
	cAtanh
	cErf
	cErfc
	nOne
)

// cOneNames are the C names of the cOne functions; goOne their Go
// fallbacks.
var (
	cOneNames = [nOne]string{"exp2", "expm1", "log2", "log10", "cbrt", "asin", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "erf", "erfc"}
	goOne     = [nOne]func(float64) float64{math.Exp2, math.Expm1, math.Log2, math.Log10, math.Cbrt, math.Asin, math.Atan, math.Sinh, math.Cosh, math.Tanh, math.Asinh, math.Acosh, math.Atanh, math.Erf, math.Erfc}
)

// one calls the C function f, or its Go fallback.
func one(f cOne, x float64) float64 {
	if c := cLibm(); c != nil && c.one[f] != nil {
		return c.one[f](x)
	}
	return goOne[f](x)
}

// Exp2 is C's exp2(x).
func Exp2(x float64) float64 { return one(cExp2, x) }

// Expm1 is C's expm1(x).
func Expm1(x float64) float64 { return one(cExpm1, x) }

// Log2 is C's log2(x).
func Log2(x float64) float64 { return one(cLog2, x) }

// Log10 is C's log10(x).
func Log10(x float64) float64 { return one(cLog10, x) }

// Cbrt is C's cbrt(x).
func Cbrt(x float64) float64 { return one(cCbrt, x) }

// Asin is C's asin(x).
func Asin(x float64) float64 { return one(cAsin, x) }

// Atan is C's atan(x).
func Atan(x float64) float64 { return one(cAtan, x) }

// Sinh is C's sinh(x).
func Sinh(x float64) float64 { return one(cSinh, x) }

// Cosh is C's cosh(x).
func Cosh(x float64) float64 { return one(cCosh, x) }

// Tanh is C's tanh(x).
func Tanh(x float64) float64 { return one(cTanh, x) }

// Asinh is C's asinh(x).
func Asinh(x float64) float64 { return one(cAsinh, x) }

// Acosh is C's acosh(x).
func Acosh(x float64) float64 { return one(cAcosh, x) }

// Atanh is C's atanh(x).
func Atanh(x float64) float64 { return one(cAtanh, x) }

// Erf is C's erf(x).
func Erf(x float64) float64 { return one(cErf, x) }

// Erfc is C's erfc(x).
func Erfc(x float64) float64 { return one(cErfc, x) }

// Sin is C's sin(x) (Sincos's where no C library can be loaded): the
// C library's for every input, as CPython's math.sin; Sincos's correctly
// rounded value would be C's but for the sign of a zero and huge
// arguments, and costs more than the call.
func Sin(x float64) float64 {
	if c := cLibm(); c != nil {
		return c.sin(x)
	}
	s, _ := Sincos(x)
	return s
}

// Cos is C's cos(x), as Sin.
func Cos(x float64) float64 {
	if c := cLibm(); c != nil {
		return c.cos(x)
	}
	_, c := Sincos(x)
	return c
}

// Atan2 is C's atan2(y, x) (math.Atan2 where no C library can be loaded).
func Atan2(y, x float64) float64 {
	if c := cLibm(); c != nil && c.atan2 != nil {
		return c.atan2(y, x)
	}
	return math.Atan2(y, x)
}
